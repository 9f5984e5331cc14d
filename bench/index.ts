// Kubeplay benchmark: the store, the clock and 5,000 kubelet-driven nodes at the size of the
// Kubernetes scalability envelope (5,000 nodes, 150,000 pods).
//
//   npm run bench                      aligned report
//   npm run bench -- --json            machine-readable report
//   npm run bench -- --only=store      run some parts (store, clock, nodes, scheduler, kubelet, nodelifecycle, pipeline; comma-separated)
//   npm run bench -- --only=pipeline --sizes=500,1000 --idle-nodes=0 --daemonset-nodes=0
//   npm run bench -- --only=pipeline --sizes=500,1000 --idle-nodes=0 --sts-nodes=0
//   npm run bench -- --pods=20000 --events=1000000 --nodes=1000 --shared-spec
//
// `npm run bench` bundles this file with esbuild (no keepNames, no minification) and runs the bundle
// with `node --expose-gc`: tsx compiles with keepNames, which wraps every closure in a __name()
// call and makes the engine look 20-35 % slower than it is. Profile the same bundle, e.g.
//   node --expose-gc --cpu-prof --cpu-prof-dir=/tmp/prof node_modules/.cache/kubeplay-bench/index.mjs --only=store
// (`npx tsx bench/index.ts` works too and says so in its report.)
//
// Only the bench reads wall time; the engine runs on its virtual clock.

import { runClockBench } from './clock';
import { runKubeletBench } from './kubelet';
import { fullGc, nowMs } from './gc';
import { runNodeLifecycleBench } from './nodelifecycle';
import { runNodesBench } from './nodes';
import { runPipelineBench, runPipelineChild } from './pipeline';
import { renderJson, renderText, type Section } from './report';
import { runSchedulerBench } from './scheduler';
import { runStoreBench } from './store';

const PARTS = ['store', 'clock', 'nodes', 'scheduler', 'kubelet', 'nodelifecycle', 'pipeline'] as const;
type Part = (typeof PARTS)[number];

interface Args {
  json: boolean;
  only: Part[];
  pods?: number;
  nodes?: number;
  events?: number;
  minutes?: number;
  sharedSpec: boolean;
  /** pipeline: node counts to run (default 500,1000,2000,5000). */
  sizes?: number[];
  /** pipeline: nodes of the idle cluster (0 skips it). */
  idleNodes?: number;
  /** pipeline: nodes of the DaemonSet row (0 skips it). */
  daemonSetNodes?: number;
  /** pipeline: nodes of the StatefulSet row (0 skips it). */
  statefulSetNodes?: number;
  /** Internal: run one pipeline size in this process and print its JSON. */
  pipelineChild?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { json: false, only: [...PARTS], sharedSpec: false };
  const num = (flag: string, v: string) => {
    const n = Number(v.replace(/_/g, ''));
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag}: not a positive number: ${v}`);
    return n;
  };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--json') args.json = true;
    else if (flag === '--shared-spec') args.sharedSpec = true;
    else if (flag === '--only') {
      const parts = value.split(',').filter(Boolean);
      for (const p of parts) if (!PARTS.includes(p as Part)) throw new Error(`--only: unknown part ${p} (${PARTS.join(', ')})`);
      args.only = parts as Part[];
    } else if (flag === '--pods') args.pods = num(flag, value);
    else if (flag === '--nodes') args.nodes = num(flag, value);
    else if (flag === '--events') args.events = num(flag, value);
    else if (flag === '--minutes') args.minutes = num(flag, value);
    else if (flag === '--sizes') args.sizes = value.split(',').map((v) => num(flag, v));
    else if (flag === '--idle-nodes') args.idleNodes = value === '0' ? 0 : num(flag, value);
    else if (flag === '--daemonset-nodes') args.daemonSetNodes = value === '0' ? 0 : num(flag, value);
    else if (flag === '--sts-nodes') args.statefulSetNodes = value === '0' ? 0 : num(flag, value);
    else if (flag === '--pipeline-child') args.pipelineChild = value;
    else throw new Error(`unknown argument ${arg}`);
  }
  return args;
}

/** Drops undefined fields so a part's defaults apply to the flags that were not given. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (args.pipelineChild) {
    runPipelineChild(args.pipelineChild);
    return;
  }
  const started = nowMs();
  const sections: Section[] = [];
  for (const part of args.only) {
    if (!args.json) process.stderr.write(`running ${part}…\n`);
    if (part === 'store')
      sections.push(runStoreBench(defined({ pods: args.pods, nodes: args.nodes, sharedSpec: args.sharedSpec })));
    if (part === 'clock') sections.push(runClockBench(defined({ nodes: args.nodes, events: args.events })));
    if (part === 'nodes') sections.push(runNodesBench(defined({ nodes: args.nodes, virtualMinutes: args.minutes })));
    if (part === 'scheduler') sections.push(runSchedulerBench(defined({ nodes: args.nodes, pods: args.pods })));
    if (part === 'kubelet') sections.push(runKubeletBench(defined({ nodes: args.nodes, pods: args.pods })));
    if (part === 'nodelifecycle') sections.push(runNodeLifecycleBench(defined({ nodes: args.nodes })));
    if (part === 'pipeline')
      sections.push(
        runPipelineBench(
          defined({
            sizes: args.sizes,
            idleNodes: args.idleNodes,
            daemonSetNodes: args.daemonSetNodes,
            statefulSetNodes: args.statefulSetNodes,
          }),
          (line) => {
            if (!args.json) process.stderr.write(`${line}\n`);
          },
        ),
      );
    // Each part's objects are garbage now; start the next from a clean heap.
    fullGc();
  }
  const total = nowMs() - started;
  process.stdout.write(`${args.json ? renderJson(sections, total) : renderText(sections, total)}\n`);
}

main();
