// Pipeline part: the whole control plane at once, through the CLI's script runner — the API server,
// every controller, the scheduler and a kubelet per node — on the scripts a user would type:
//
//   kubeplay cluster reset --empty
//   kubeplay node add n0 --zone z0 --cpu 32 --memory 128Gi --pods 110     (N nodes, 5 zones)
//   kubectl create deployment d0 --image=nginx --replicas=100              (0.3·N Deployments)
//   sleep 5m
//   kubectl get deployments --no-headers                                   (every one 100/100)
//
// at 500/15k, 1,000/30k, 2,000/60k and 5,000/150k nodes/pods, each size in a child process of its
// own (the bundle re-run with --pipeline-child) so that its peak RSS is its own; plus an idle
// 5,000-node cluster sleeping 1h, reported as virtual seconds per wall second; plus one DaemonSet
// over N nodes (`--daemonset-nodes`, default 5,000): its apply and 2 minutes, until every node
// runs a ready daemon pod.
// 5,000-node cluster sleeping 1h, reported as virtual seconds per wall second; plus a StatefulSet
// row: N nodes and 0.03·N Parallel StatefulSets of 100 pods (statefulSetScript).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseScript } from '../src/protocol/script-parse';
import { runScript } from '../src/engine/script/runner';
import { Simulation } from '../src/engine/simulation';
import { CLI_NODE_FLAGS } from '../src/cli/node-flags';
import { cpuMs, nowMs } from './gc';
import {
  daemonSetScript,
  idleScript,
  pipelineScript,
  readyWorkloads,
  REPLICAS,
  statefulSetCount,
  statefulSetScript,
} from './pipeline-script';
import { metric, RUNNING_FROM_SOURCE, type Metric, type Section } from './report';

export interface PipelineBenchOptions {
  /** Node counts; each gets 0.3·N Deployments of 100 replicas (30 pods per node). */
  sizes: number[];
  /** Nodes of the idle cluster (0: skip). */
  idleNodes: number;
  /** Nodes the DaemonSet runs over (0: skip). */
  daemonSetNodes: number;
  /** Nodes of the StatefulSet row (0: skip). */
  statefulSetNodes: number;
}

export const PIPELINE_DEFAULTS: PipelineBenchOptions = {
  sizes: [500, 1_000, 2_000, 5_000],
  idleNodes: 5_000,
  daemonSetNodes: 5_000,
  statefulSetNodes: 1_000,
};

/** The envelope's throughput target (ten times kube-scheduler's CI threshold at 5,000 nodes). */
const TARGET_PODS_PER_S = 8_100;
const TARGET_GROWTH = 2.3;
const TARGET_IDLE_SPEED = 100;
const TARGET_RSS_MIB = 1_536;
const IDLE_VIRTUAL_S = 3_600;

interface ChildResult {
  wallMs: number;
  cpuMs: number;
  readyDeployments: number;
  maxRssMiB: number;
}

/** Runs the scale-up script through the CLI's runner in this process and measures it. */
function measureScale(nodes: number): ChildResult {
  const wall0 = nowMs();
  const cpu0 = cpuMs();
  const { transcript } = runScript(pipelineScript(nodes), { seed: 1 });
  const wallMs = nowMs() - wall0;
  return {
    wallMs,
    cpuMs: cpuMs() - cpu0,
    readyDeployments: readyWorkloads(transcript, 'd'),
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  };
}

/** The StatefulSet script through the CLI's runner; counts the sets at REPLICAS/REPLICAS. */
export function measureStatefulSets(nodes: number): ChildResult {
  const wall0 = nowMs();
  const cpu0 = cpuMs();
  const { transcript } = runScript(statefulSetScript(nodes), { seed: 1 });
  const wallMs = nowMs() - wall0;
  return {
    wallMs,
    cpuMs: cpuMs() - cpu0,
    readyDeployments: readyWorkloads(transcript, 's'),
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  };
}

/** The idle cluster: its commands one by one on a console, timing the `sleep 1h` alone. */
function measureIdle(nodes: number): ChildResult {
  const sim = new Simulation({ seed: 1 });
  const console = sim.openConsole(() => {});
  let wallMs = 0;
  let cpu = 0;
  for (const command of parseScript(idleScript(nodes))) {
    const wall0 = nowMs();
    const cpu0 = cpuMs();
    console.runArgv(command.argv, command.stdin);
    wallMs = nowMs() - wall0;
    cpu = cpuMs() - cpu0;
  }
  return { wallMs, cpuMs: cpu, readyDeployments: 0, maxRssMiB: process.resourceUsage().maxRSS / 1024 };
}

/**
 * The DaemonSet: nodes added first (not timed), then the apply and its 2 minutes timed; ready =
 * 1 when `kubectl get daemonset` shows every node desired, current, ready, up to date, available.
 */
function measureDaemonSet(nodes: number): ChildResult {
  const sim = new Simulation({ seed: 1 });
  let out = '';
  const console = sim.openConsole((text) => (out += text));
  const commands = parseScript(daemonSetScript(nodes));
  for (const command of commands.slice(0, nodes + 1)) console.runArgv(command.argv, command.stdin);
  const wall0 = nowMs();
  const cpu0 = cpuMs();
  for (const command of commands.slice(nodes + 1)) console.runArgv(command.argv, command.stdin);
  const wallMs = nowMs() - wall0;
  const cpu = cpuMs() - cpu0;
  const counts = out.trim().split('\n').pop()!.split(/ +/).slice(1, 6).map(Number);
  const ready = counts.length === 5 && counts.every((c) => c === nodes) ? 1 : 0;
  return { wallMs, cpuMs: cpu, readyDeployments: ready, maxRssMiB: process.resourceUsage().maxRSS / 1024 };
}

function measure(spec: string): ChildResult {
  const [kind, n] = spec.split(':');
  if (kind === 'idle') return measureIdle(Number(n));
  if (kind === 'daemonset') return measureDaemonSet(Number(n));
  if (kind === 'sts') return measureStatefulSets(Number(n));
  return measureScale(Number(n));
}

/** The child side: `--pipeline-child=scale:N`, `idle:N` or `sts:N`; prints JSON. */
export function runPipelineChild(spec: string): void {
  const result = measure(spec);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function inChild(spec: string): ChildResult {
  if (RUNNING_FROM_SOURCE) {
    // tsx: no bundle to re-run; measure here (peak RSS then includes earlier sizes).
    return measure(spec);
  }
  const bundle = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, [...CLI_NODE_FLAGS, '--expose-gc', bundle, `--pipeline-child=${spec}`], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`pipeline child ${spec} exited with ${child.status ?? child.signal}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as ChildResult;
}

export function runPipelineBench(options: Partial<PipelineBenchOptions> = {}, log: (line: string) => void = () => {}): Section {
  const o = { ...PIPELINE_DEFAULTS, ...options };
  const metrics: Metric[] = [];
  let previous: { pods: number; wallMs: number } | undefined;
  const largest = Math.max(...o.sizes);
  for (const nodes of o.sizes) {
    const pods = (Math.floor((nodes * 3) / 10) * REPLICAS) | 0;
    log(`  pipeline ${nodes} nodes / ${pods} pods…`);
    const r = inChild(`scale:${nodes}`);
    const podsPerS = pods / (r.wallMs / 1000);
    const atEnvelope = nodes === largest;
    const tag = `${nodes}`;
    metrics.push(
      metric(`wall_${tag}`, `${nodes} nodes / ${pods.toLocaleString('en-US')} pods: wall`, r.wallMs / 1000, 's', 1),
      metric(`cpu_${tag}`, `  CPU time`, r.cpuMs / 1000, 's', 1),
      metric(
        `pods_per_s_${tag}`,
        `  pods/s`,
        podsPerS,
        'pods/s',
        0,
        atEnvelope ? { op: '>', value: TARGET_PODS_PER_S } : undefined,
      ),
      metric(`rss_${tag}`, `  peak RSS`, r.maxRssMiB, 'MiB', 0, atEnvelope ? { op: '<', value: TARGET_RSS_MIB } : undefined),
      metric(
        `ready_${tag}`,
        `  Deployments ${REPLICAS}/${REPLICAS}`,
        r.readyDeployments,
        `of ${Math.floor((nodes * 3) / 10)}`,
        0,
        {
          op: '>',
          value: Math.floor((nodes * 3) / 10) - 1,
        },
      ),
    );
    if (previous) {
      const growth = r.wallMs / previous.wallMs;
      const scale = pods / previous.pods;
      // The target is for doublings; a larger step may grow in proportion (2.3 per doubling).
      const allowed = TARGET_GROWTH ** Math.log2(scale);
      metrics.push(
        metric(`growth_${tag}`, `  time × vs previous (pods × ${scale.toFixed(1)})`, growth, '×', 2, { op: '<', value: allowed }),
      );
    }
    previous = { pods, wallMs: r.wallMs };
  }
  if (o.statefulSetNodes > 0) {
    const nodes = o.statefulSetNodes;
    const sets = statefulSetCount(nodes);
    const pods = sets * REPLICAS;
    log(`  pipeline StatefulSets: ${nodes} nodes / ${pods} pods…`);
    const r = inChild(`sts:${nodes}`);
    metrics.push(
      metric(
        `sts_wall_${nodes}`,
        `StatefulSets: ${nodes} nodes / ${pods.toLocaleString('en-US')} pods: wall`,
        r.wallMs / 1000,
        's',
        1,
      ),
      metric(`sts_pods_per_s_${nodes}`, `  pods/s`, pods / (r.wallMs / 1000), 'pods/s', 0),
      metric(`sts_ready_${nodes}`, `  StatefulSets ${REPLICAS}/${REPLICAS}`, r.readyDeployments, `of ${sets}`, 0, {
        op: '>',
        value: sets - 1,
      }),
    );
  }
  if (o.idleNodes > 0) {
    log(`  pipeline idle ${o.idleNodes} nodes, sleep 1h…`);
    const r = inChild(`idle:${o.idleNodes}`);
    metrics.push(
      metric('idle_speed', `idle ${o.idleNodes} nodes: virtual s per wall s`, IDLE_VIRTUAL_S / (r.wallMs / 1000), '×', 0, {
        op: '>',
        value: TARGET_IDLE_SPEED,
      }),
    );
  }
  if (o.daemonSetNodes > 0) {
    const n = o.daemonSetNodes;
    log(`  pipeline DaemonSet over ${n} nodes…`);
    const r = inChild(`daemonset:${n}`);
    metrics.push(
      metric('ds_wall', `DaemonSet over ${n.toLocaleString('en-US')} nodes (apply + 2m): wall`, r.wallMs / 1000, 's', 1),
      metric('ds_cpu', `  CPU time`, r.cpuMs / 1000, 's', 1),
      metric('ds_pods_per_s', `  daemon pods/s`, n / (r.wallMs / 1000), 'pods/s', 0),
      metric('ds_ready', `  every node runs a ready, up-to-date pod`, r.readyDeployments, 'of 1', 0, { op: '>', value: 0 }),
    );
  }
  return {
    name: 'pipeline',
    setup: `CLI script runner, N nodes (32 CPU, 128Gi, 110 pods, 5 zones) + 0.3·N Deployments × ${REPLICAS} replicas, sleep 5m; a DaemonSet over ${o.daemonSetNodes} nodes; each in its own process`,
    metrics,
  };
}
