// `kubeplay …` verbs: playground actions that have no kubectl equivalent (shape the cluster,
// read the clock, change controller settings).

import { formatGoDuration, parseGoDuration } from '../../k8s/duration';
import type { Taint } from '../../k8s/types';
import { KubeletStartError, type Cluster, type ClusterShape } from '../cluster/cluster';
import { FlagError, parseFlags, type FlagSpec } from '../kubectl/flags';
import { ApiError } from '../api/errors';
import { formatApiError } from '../kubectl/print-error';
import { parseQuantity } from '../../k8s/quantity';
import { renderAttempt } from '../scheduler/explain';
import { parseReserved } from '../kubelet/allocatable';
import { swapBehaviorError, type SwapBehavior } from '../kubelet/swap';
import { loadVerb } from './load-verb';
import { podCrash, podEvict, podFailReadiness } from './pod-verbs';
import { storageClassAdd } from './storage-verbs';
import { UsageError } from './usage-error';
import {
  nodeDisconnect,
  nodeNetwork,
  nodePressure,
  nodeReconnect,
  nodeRemove,
  nodeRuntime,
  nodeShutdown,
  nodeStart,
  nodeStop,
  zoneHeal,
  zonePartition,
} from './node-verbs';

export interface KubeplayHost {
  cluster(): Cluster;
  reset(shape: ClusterShape): void;
}

export interface PlainIO {
  out(text: string): void;
  err(text: string): void;
}

type Verb = (args: string[], io: PlainIO, host: KubeplayHost) => number;

const verbs: Record<string, Record<string, Verb> | Verb> = {
  cluster: { reset: clusterReset },
  node: {
    add: nodeAdd,
    stop: nodeStop,
    start: nodeStart,
    disconnect: nodeDisconnect,
    reconnect: nodeReconnect,
    shutdown: nodeShutdown,
    pressure: nodePressure,
    remove: nodeRemove,
    runtime: nodeRuntime,
    network: nodeNetwork,
  },
  zone: { partition: zonePartition, heal: zoneHeal },
  pod: { crash: podCrash, 'fail-readiness': podFailReadiness, evict: podEvict },
  storageclass: { add: storageClassAdd },
  load: loadVerb,
  clock: clockVerb,
  config: { set: configSet, view: configView },
  explain: { scheduling: explainScheduling },
};

/** The verbs, for the console's completion list test: group → sub-verbs (none: the group runs). */
export function kubeplayVerbNames(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(verbs).map(([g, e]) => [g, typeof e === 'function' ? [] : Object.keys(e)]));
}

export function runKubeplay(argv: string[], io: PlainIO, host: KubeplayHost): number {
  const [group, sub, ...rest] = argv;
  // Own properties only: `constructor` or `__proto__` are unknown commands, not the prototype's.
  const entry = group && Object.hasOwn(verbs, group) ? verbs[group] : undefined;
  try {
    if (!entry) throw new UsageError(group ? `unknown command "${group}" for "kubeplay"` : 'missing command');
    if (typeof entry === 'function') return entry(argv.slice(1), io, host);
    const verb = sub && Object.hasOwn(entry, sub) ? entry[sub] : undefined;
    if (!verb) {
      throw new UsageError(
        sub
          ? `unknown command "${sub}" for "kubeplay ${group}"`
          : `"kubeplay ${group}" needs one of: ${Object.keys(entry).join(', ')}`,
      );
    }
    return verb(rest, io, host);
  } catch (e) {
    if (e instanceof UsageError || e instanceof FlagError) {
      io.err(`error: ${e.message}\n`);
      if (e instanceof UsageError) io.err(usage());
      return 1;
    }
    if (e instanceof ApiError) {
      io.err(formatApiError(e));
      return 1;
    }
    if (e instanceof Error) {
      io.err(`error: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

function usage(): string {
  return [
    'Usage:',
    '  kubeplay cluster reset [--empty] [--zones N] [--nodes-per-zone M] [--addons]',
    '  kubeplay node add NAME --zone ZONE [--cpu 4] [--memory 8Gi] [--pods 110] [--labels k=v,...] [--taints k=v:Effect,...]',
    '                     [--kube-reserved cpu=100m,memory=100Mi,...] [--system-reserved ...] [--cold]',
    '                     [--shutdown-grace-period 30s] [--shutdown-grace-period-critical-pods 10s]',
    '                     [--swap 4Gi] [--fail-swap-on=false] [--swap-behavior NoSwap|LimitedSwap]',
    '  kubeplay node stop|start|disconnect|reconnect|remove NAME',
    '  kubeplay node runtime|network NAME down|up',
    '  kubeplay node shutdown NAME [--grace 30s] [--critical-grace 10s] [--by-priority PRIORITY=DURATION,...]',
    '  kubeplay node pressure NAME memory|disk|pid on|off',
    '  kubeplay zone partition|heal ZONE',
    '  kubeplay pod crash POD [-c CONTAINER] [-n NAMESPACE]',
    '  kubeplay pod fail-readiness POD [-c CONTAINER] [-n NAMESPACE] [--for DURATION]',
    '  kubeplay pod evict POD [-n NAMESPACE] [--grace-period SECONDS]',
    '  kubeplay storageclass add NAME [--provisioner rancher.io/local-path] [--binding-mode Immediate|WaitForFirstConsumer] [--reclaim-policy Delete|Retain] [--default]',
    '  kubeplay load TYPE/NAME --cpu PERCENT% | --off [-n NAMESPACE]',
    '  kubeplay clock',
    '  kubeplay config set KEY=VALUE',
    '  kubeplay config view',
    '  kubeplay explain scheduling POD [-n NAMESPACE]',
    '',
  ].join('\n');
}

function parse(args: string[], specs: FlagSpec[]) {
  return parseFlags(args, specs);
}

function positiveInt(value: unknown, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${flag} must be a positive integer`);
  return n;
}

function clusterReset(args: string[], io: PlainIO, host: KubeplayHost): number {
  const p = parse(args, [
    { name: 'empty', type: 'bool' },
    { name: 'zones', type: 'int', default: 3 },
    { name: 'nodes-per-zone', type: 'int', default: 2 },
    { name: 'addons', type: 'bool' },
  ]);
  if (p.args.length) throw new UsageError(`unexpected argument "${p.args[0]}"`);
  const zones = positiveInt(p.flags.zones, 'zones');
  const nodesPerZone = positiveInt(p.flags['nodes-per-zone'], 'nodes-per-zone');
  if (zones * nodesPerZone > 5000) throw new UsageError('a cluster is limited to 5000 nodes');
  const addons = !!p.flags.addons;
  host.reset({ empty: !!p.flags.empty, zones, nodesPerZone, addons });
  const nodes = p.flags.empty ? 0 : zones * nodesPerZone;
  io.out(
    `cluster reset: ${nodes} node${nodes === 1 ? '' : 's'} in ${p.flags.empty ? 0 : zones} zone${zones === 1 && !p.flags.empty ? '' : 's'}${addons ? ', add-ons kube-proxy and coredns in kube-system' : ''}\n`,
  );
  return 0;
}

function parseMap(text: string, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--${flag} expects key=value pairs, got "${pair}"`);
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

/** `key=value:Effect` or `key:Effect`, comma separated, as kubelet --register-with-taints. */
export function parseTaints(text: string): Taint[] {
  return text
    .split(',')
    .filter(Boolean)
    .map((spec) => {
      const colon = spec.lastIndexOf(':');
      if (colon <= 0) throw new UsageError(`invalid taint spec: ${spec}`);
      const effect = spec.slice(colon + 1);
      if (effect !== 'NoSchedule' && effect !== 'PreferNoSchedule' && effect !== 'NoExecute') {
        throw new UsageError(`invalid taint effect: ${effect}, unsupported taint effect`);
      }
      const kv = spec.slice(0, colon);
      const eq = kv.indexOf('=');
      const taint: Taint = { key: eq >= 0 ? kv.slice(0, eq) : kv, effect };
      if (eq >= 0) taint.value = kv.slice(eq + 1);
      return taint;
    });
}

function nodeAdd(args: string[], io: PlainIO, host: KubeplayHost): number {
  const p = parse(args, [
    { name: 'zone', type: 'string' },
    { name: 'region', type: 'string' },
    { name: 'cpu', type: 'string', default: '4' },
    { name: 'memory', type: 'string', default: '8Gi' },
    { name: 'pods', type: 'int', default: 110 },
    { name: 'labels', type: 'string', default: '' },
    { name: 'taints', type: 'string', default: '' },
    { name: 'kube-reserved', type: 'string', default: '' },
    { name: 'cold', type: 'bool' },
    { name: 'shutdown-grace-period', type: 'string', default: '0s' },
    { name: 'shutdown-grace-period-critical-pods', type: 'string', default: '0s' },
    { name: 'system-reserved', type: 'string', default: '' },
    { name: 'swap', type: 'string', default: '' },
    { name: 'fail-swap-on', type: 'bool', default: true },
    { name: 'swap-behavior', type: 'string', default: '' },
  ]);
  const name = p.args[0];
  if (!name || p.args.length > 1) throw new UsageError('kubeplay node add needs exactly one NAME');
  if (!p.flags.zone) throw new UsageError('--zone is required');
  for (const flag of ['cpu', 'memory', 'swap']) {
    if (flag === 'swap' && !p.flags.swap) continue;
    try {
      parseQuantity(p.flags[flag] as string);
    } catch (e) {
      throw new UsageError(`--${flag}: ${(e as Error).message}`);
    }
  }
  let kubeReserved, systemReserved;
  try {
    kubeReserved = parseReserved(p.flags['kube-reserved'] as string, 'kube-reserved');
    systemReserved = parseReserved(p.flags['system-reserved'] as string, 'system-reserved');
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const shutdownGracePeriodMs = nonNegativeDuration(p.flags['shutdown-grace-period'] as string, 'shutdown-grace-period');
  const shutdownGracePeriodCriticalPodsMs = nonNegativeDuration(
    p.flags['shutdown-grace-period-critical-pods'] as string,
    'shutdown-grace-period-critical-pods',
  );
  // The kubelet's configuration validation.
  if (shutdownGracePeriodCriticalPodsMs > shutdownGracePeriodMs) {
    throw new UsageError('invalid configuration: shutdownGracePeriodCriticalPods must be <= shutdownGracePeriod');
  }
  const swapBehavior = p.flags['swap-behavior'] as string;
  const behaviorError = swapBehaviorError(swapBehavior);
  if (behaviorError) throw new UsageError(behaviorError);
  const cluster = host.cluster();
  try {
    cluster.addNode(name, {
      swap: (p.flags.swap as string) || undefined,
      failSwapOn: p.flags['fail-swap-on'] as boolean,
      swapBehavior: (swapBehavior || undefined) as SwapBehavior | undefined,
      coldRuntime: !!p.flags.cold,
      shutdownGracePeriodMs,
      shutdownGracePeriodCriticalPodsMs,
      kubeReserved,
      systemReserved,
      zone: p.flags.zone as string,
      region: p.flags.region as string | undefined,
      cpu: p.flags.cpu as string,
      memory: p.flags.memory as string,
      pods: positiveInt(p.flags.pods, 'pods'),
      labels: parseMap(p.flags.labels as string, 'labels'),
      taints: parseTaints(p.flags.taints as string),
    });
  } catch (e) {
    if (!(e instanceof KubeletStartError)) throw e;
    // The kubelet exits at start; the playground does not add a machine whose kubelet cannot run.
    // Its log line, as klog writes it (the error %q-quoted: tabs as \t).
    io.err(`error: the kubelet on ${name} exited: "command failed" err=${JSON.stringify(e.message)}\n`);
    io.err(`node/${name} not added\n`);
    return 1;
  }
  io.out(`node/${name} added to zone ${p.flags.zone}\n`);
  return 0;
}

function nonNegativeDuration(text: string, flag: string): number {
  let ms: number;
  try {
    ms = parseGoDuration(text);
  } catch (e) {
    throw new UsageError(`--${flag}: ${(e as Error).message}`);
  }
  if (ms < 0) throw new UsageError(`--${flag} must not be negative`);
  return ms;
}

function clockVerb(args: string[], io: PlainIO, host: KubeplayHost): number {
  if (args.length) throw new UsageError(`unexpected argument "${args[0]}"`);
  const clock = host.cluster().clock;
  io.out(`${clock.timestamp()} (+${formatGoDuration(clock.now())} since start)\n`);
  return 0;
}

function configSet(args: string[], io: PlainIO, host: KubeplayHost): number {
  if (args.length !== 1 || !args[0].includes('=')) throw new UsageError('kubeplay config set needs one KEY=VALUE');
  const [key, ...value] = args[0].split('=');
  host.cluster().config.set(key, value.join('='));
  io.out(`${key} set to ${value.join('=')}\n`);
  return 0;
}

function configView(args: string[], io: PlainIO, host: KubeplayHost): number {
  if (args.length) throw new UsageError(`unexpected argument "${args[0]}"`);
  io.out(host.cluster().config.describe());
  return 0;
}

/** `kubeplay explain scheduling POD`: the scheduler's latest attempt for the pod, node by node. */
function explainScheduling(args: string[], io: PlainIO, host: KubeplayHost): number {
  const p = parse(args, [{ name: 'namespace', short: 'n', type: 'string', default: 'default' }]);
  if (p.args.length !== 1) throw new UsageError('kubeplay explain scheduling needs exactly one POD');
  const name = p.args[0].startsWith('pod/') ? p.args[0].slice(4) : p.args[0];
  const namespace = (p.flags.namespace as string) || 'default';
  const cluster = host.cluster();
  const record = cluster.scheduler.explain.latest(`${namespace}/${name}`);
  if (!record) {
    io.err(`error: no scheduling attempt recorded for pod ${namespace}/${name}\n`);
    return 1;
  }
  io.out(renderAttempt(record, (ms) => cluster.clock.timestamp(ms)));
  return 0;
}
