// The engine alone in a browser Worker, for e2e/engine-worker.spec.ts: runs one pipeline script
// through the CLI's script runner (no page, no mirror, no deltas) and posts back how long it
// took. Bundled by the spec with esbuild and started from a Blob URL.

import { runScript } from '../src/engine/script/runner';
import { pipelineScript, readyWorkloads } from './pipeline-script';

export interface EngineWorkerResult {
  wallMs: number;
  readyDeployments: number;
}

self.onmessage = (message: MessageEvent<number>) => {
  const started = performance.now();
  const { transcript } = runScript(pipelineScript(message.data), { seed: 1 });
  const result: EngineWorkerResult = { wallMs: performance.now() - started, readyDeployments: readyWorkloads(transcript, 'd') };
  self.postMessage(result);
};
