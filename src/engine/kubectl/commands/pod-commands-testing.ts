// Test scaffolding for the pod-facing commands (logs, run, exec, debug): a bare API server on a
// virtual clock (no controllers, no kubelets), a fake kubelet that serves scripted log lines, and
// a runner that captures what kubectl prints.

import type { KObject } from '../../../k8s/types';
import { ApiServer } from '../../api/apiserver';
import { ApiError } from '../../api/errors';
import { createKindRegistry } from '../../api/kinds';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import type { LogLine } from '../../kubelet/container/types';
import type { ContainerLogRequest, ContainerLogResult, KubeletApi } from '../../kubelet/kubelet-api';
import type { KubectlEnv } from '../context';
import { runKubectl } from '../kubectl';
import { splitArgs } from '../../../protocol/script-parse';

/** One container instance's log as the fake kubelet serves it. */
export interface FakeLog {
  lines: LogLine[];
  running: boolean;
  /** The kubelet's refusal instead of lines. */
  error?: ApiError;
}

export class FakeKubelet implements KubeletApi {
  readonly logs = new Map<string, FakeLog>();
  private readonly followers = new Map<string, { onLine: (l: LogLine) => void; onEnd: () => void }[]>();
  readonly requests: ContainerLogRequest[] = [];

  static key(r: Pick<ContainerLogRequest, 'namespace' | 'pod' | 'container' | 'previous'>): string {
    return `${r.namespace}/${r.pod}/${r.container}${r.previous ? '/previous' : ''}`;
  }

  set(pod: string, container: string, log: FakeLog, previous = false): void {
    this.logs.set(FakeKubelet.key({ namespace: 'default', pod, container, previous }), log);
  }

  containerLogs(request: ContainerLogRequest): ContainerLogResult {
    this.requests.push(request);
    const log = this.logs.get(FakeKubelet.key(request));
    if (!log) {
      return {
        ok: false,
        error: new ApiError({
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          reason: 'BadRequest',
          code: 400,
          message: `container "${request.container}" in pod "${request.pod}" is waiting to start: ContainerCreating`,
        }),
      };
    }
    if (log.error) return { ok: false, error: log.error };
    return { ok: true, lines: [...log.lines], running: log.running };
  }

  followLogs(request: ContainerLogRequest, onLine: (line: LogLine) => void, onEnd: () => void): () => void {
    const key = FakeKubelet.key(request);
    const entry = { onLine, onEnd };
    this.followers.set(key, [...(this.followers.get(key) ?? []), entry]);
    return () =>
      this.followers.set(
        key,
        (this.followers.get(key) ?? []).filter((e) => e !== entry),
      );
  }

  /** The container writes a line (followers see it). */
  emit(pod: string, container: string, line: LogLine): void {
    for (const f of this.followers.get(FakeKubelet.key({ namespace: 'default', pod, container })) ?? []) f.onLine(line);
  }

  /** The container exits. */
  end(pod: string, container: string): void {
    for (const f of this.followers.get(FakeKubelet.key({ namespace: 'default', pod, container })) ?? []) f.onEnd();
  }

  followerCount(pod: string, container: string): number {
    return (this.followers.get(FakeKubelet.key({ namespace: 'default', pod, container })) ?? []).length;
  }
}

export interface Harness {
  env: KubectlEnv;
  clock: Clock;
  kubelet: FakeKubelet;
  /** Stops the last streaming command, as Ctrl+C would. */
  interrupt(): void;
  run(line: string): { code: number; stdout: string; stderr: string };
  /** Output printed since the last run() (by a streaming command). */
  drain(): { stdout: string; stderr: string };
  pod(name: string, spec: Record<string, unknown>, extra?: Partial<KObject>): KObject;
  setStatus(name: string, status: Record<string, unknown>): KObject;
}

export function harness(options: { kubelets?: boolean } = {}): Harness {
  const clock = new Clock();
  const api = new ApiServer(clock, new SeededRandom(7), createKindRegistry());
  const kubelet = new FakeKubelet();
  const env: KubectlEnv = {
    api,
    clock,
    registry: api.registry,
    readManifest: () => undefined,
    version: { gitVersion: 'v1.34.2', major: '1', minor: '34' },
    kubelets: options.kubelets === false ? undefined : kubelet,
  };
  let stdout = '';
  let stderr = '';
  let stop: (() => void) | undefined;
  const podDef = api.registry.resolveResource('pods')!;
  return {
    env,
    clock,
    kubelet,
    interrupt() {
      stop?.();
      stop = undefined;
    },
    run(line) {
      stdout = '';
      stderr = '';
      const [, ...argv] = splitArgs(line);
      const code = runKubectl(
        argv,
        {
          out: (t) => (stdout += t),
          err: (t) => (stderr += t),
          stream: (s) => {
            stop?.();
            stop = s;
          },
        },
        env,
      );
      const result = { code, stdout, stderr };
      stdout = '';
      stderr = '';
      return result;
    },
    drain() {
      const result = { stdout, stderr };
      stdout = '';
      stderr = '';
      return result;
    },
    pod(name, spec, extra = {}) {
      return api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name, ...(extra.metadata ?? {}) }, spec });
    },
    setStatus(name, status) {
      const pod = api.get(podDef, 'default', name);
      return api.updateStatus({ ...pod, status: { ...pod.status, ...status } });
    },
  };
}
