// `kubeplay node stop|start|disconnect|reconnect|shutdown|pressure` and `kubeplay zone
// partition|heal`: what happens to machines, for the control plane to notice (or not).

import { formatGoDuration, parseGoDuration } from '../../k8s/duration';
import type { Cluster } from '../cluster/cluster';
import { parseFlags } from '../kubectl/flags';
import type { PressureKind } from '../kubelet/node-agent';
import { UsageError } from './usage-error';

interface IO {
  out(text: string): void;
  err(text: string): void;
}

interface Host {
  cluster(): Cluster;
}

function oneName(args: string[], what: string): string {
  const p = parseFlags(args, []);
  if (p.args.length !== 1) throw new UsageError(`${what} needs exactly one NAME`);
  return p.args[0].replace(/^nodes?\//, '');
}

export function nodeStop(args: string[], io: IO, host: Host): number {
  const name = oneName(args, 'kubeplay node stop');
  host.cluster().machines.stop(name);
  io.out(`node/${name} stopped (the machine is off: no kubelet, no containers, no heartbeats)\n`);
  return 0;
}

export function nodeStart(args: string[], io: IO, host: Host): number {
  const name = oneName(args, 'kubeplay node start');
  host.cluster().machines.start(name);
  io.out(`node/${name} started (the kubelet boots and reconciles its pods)\n`);
  return 0;
}

export function nodeDisconnect(args: string[], io: IO, host: Host): number {
  const name = oneName(args, 'kubeplay node disconnect');
  host.cluster().machines.disconnect(name);
  io.out(`node/${name} disconnected (its kubelet and pods keep running but cannot reach the control plane)\n`);
  return 0;
}

export function nodeReconnect(args: string[], io: IO, host: Host): number {
  const name = oneName(args, 'kubeplay node reconnect');
  host.cluster().machines.reconnect(name);
  io.out(`node/${name} reconnected\n`);
  return 0;
}

function duration(text: string, flag: string): number {
  let ms: number;
  try {
    ms = parseGoDuration(text);
  } catch (e) {
    throw new UsageError(`--${flag}: ${(e as Error).message}`);
  }
  if (ms < 0) throw new UsageError(`--${flag} must not be negative`);
  return ms;
}

/**
 * `kubeplay node shutdown NAME [--grace 30s] [--critical-grace 10s] [--by-priority …]`: the
 * machine shuts down, with the kubelet's graceful node shutdown settings of the node (set by
 * `kubeplay node add --shutdown-grace-period …`; off by default, as upstream), or the ones given
 * here, as if the kubelet had been configured with them.
 */
export function nodeShutdown(args: string[], io: IO, host: Host): number {
  const p = parseFlags(args, [
    { name: 'grace', type: 'string', default: '' },
    { name: 'critical-grace', type: 'string', default: '' },
    { name: 'by-priority', type: 'string', default: '' },
  ]);
  if (p.args.length !== 1) throw new UsageError('kubeplay node shutdown needs exactly one NAME');
  const name = p.args[0].replace(/^nodes?\//, '');
  const machines = host.cluster().machines;
  const configured = machines.shutdownSettings(name);
  const graceMs = p.changed.has('grace') ? duration(p.flags.grace as string, 'grace') : configured.graceMs;
  const criticalGraceMs = p.changed.has('critical-grace')
    ? duration(p.flags['critical-grace'] as string, 'critical-grace')
    : p.changed.has('grace')
      ? 0
      : configured.criticalGraceMs;
  if (criticalGraceMs > graceMs) throw new UsageError('--critical-grace must not be longer than --grace');
  const byPriority = parseByPriority(p.flags['by-priority'] as string);
  machines.shutdown(name, { graceMs, criticalGraceMs, byPriority });
  if (graceMs <= 0 && !byPriority.length) {
    io.out(
      `node/${name} powered off (graceful node shutdown is not enabled on its kubelet: shutdownGracePeriod=0s, so its pods were not stopped first)\n`,
    );
    return 0;
  }
  if (byPriority.length) {
    const groups = byPriority.map((g) => `priority ${g.priority}: ${formatGoDuration(g.graceMs)}`).join(', ');
    io.out(`node/${name} shutting down (shutdownGracePeriodByPodPriority: ${groups})\n`);
  } else {
    io.out(
      `node/${name} shutting down (shutdownGracePeriod=${formatGoDuration(graceMs)}, ` +
        `shutdownGracePeriodCriticalPods=${formatGoDuration(criticalGraceMs)})\n`,
    );
  }
  return 0;
}

/** `--by-priority 100000=10s,0=20s`: shutdownGracePeriodByPodPriority, lowest priority first. */
function parseByPriority(text: string): { priority: number; graceMs: number }[] {
  if (!text) return [];
  const groups = text.split(',').map((entry) => {
    const m = /^(-?\d+)=(.+)$/.exec(entry.trim());
    if (!m) throw new UsageError(`--by-priority: "${entry}" is not PRIORITY=DURATION`);
    return { priority: Number(m[1]), graceMs: duration(m[2], 'by-priority') };
  });
  return groups.sort((a, b) => a.priority - b.priority);
}

const PRESSURE_KINDS: readonly PressureKind[] = ['memory', 'disk', 'pid'];
const CONDITION: Record<PressureKind, string> = { memory: 'MemoryPressure', disk: 'DiskPressure', pid: 'PIDPressure' };

/** `kubeplay node pressure NAME memory|disk|pid on|off`. */
export function nodePressure(args: string[], io: IO, host: Host): number {
  const p = parseFlags(args, []);
  const [raw, kind, state] = p.args;
  if (p.args.length !== 3 || !PRESSURE_KINDS.includes(kind as PressureKind) || (state !== 'on' && state !== 'off')) {
    throw new UsageError('usage: kubeplay node pressure NAME memory|disk|pid on|off');
  }
  const name = raw.replace(/^nodes?\//, '');
  const changed = host.cluster().machines.pressure(name, kind as PressureKind, state === 'on');
  const condition = CONDITION[kind as PressureKind];
  if (!changed) io.out(`node/${name} ${condition} already ${state}\n`);
  else if (state === 'on') io.out(`node/${name} ${condition}=True\n`);
  else {
    // The eviction manager keeps reporting the condition for --eviction-pressure-transition-period.
    io.out(`node/${name} ${kind} pressure gone (${condition} stays True for the 5m0s eviction pressure transition period)\n`);
  }
  return 0;
}

/** `kubeplay node remove NAME`: the machine is gone; the Node object is left to the control plane. */
export function nodeRemove(args: string[], io: IO, host: Host): number {
  const name = oneName(args, 'kubeplay node remove');
  host.cluster().machines.remove(name);
  io.out(`node/${name} removed (the machine is gone; the Node object stays until it is deleted)\n`);
  return 0;
}

function downOrUp(args: string[], what: string): { name: string; up: boolean } {
  const p = parseFlags(args, []);
  const [raw, state] = p.args;
  if (p.args.length !== 2 || (state !== 'down' && state !== 'up'))
    throw new UsageError(`usage: kubeplay node ${what} NAME down|up`);
  return { name: raw.replace(/^nodes?\//, ''), up: state === 'up' };
}

/** `kubeplay node runtime NAME down|up`: containerd stops or comes back; the kubelet reports it. */
export function nodeRuntime(args: string[], io: IO, host: Host): number {
  const { name, up } = downOrUp(args, 'runtime');
  const changed = host.cluster().machines.runtime(name, up);
  io.out(
    changed
      ? `node/${name} container runtime ${up ? 'up' : 'down'}\n`
      : `node/${name} container runtime already ${up ? 'up' : 'down'}\n`,
  );
  return 0;
}

/** `kubeplay node network NAME down|up`: the runtime's network plugin (CNI) is ready or not. */
export function nodeNetwork(args: string[], io: IO, host: Host): number {
  const { name, up } = downOrUp(args, 'network');
  const changed = host.cluster().machines.network(name, up);
  io.out(
    changed
      ? `node/${name} network plugin ${up ? 'ready' : 'not ready'}\n`
      : `node/${name} network plugin already ${up ? 'ready' : 'not ready'}\n`,
  );
  return 0;
}

export function zonePartition(args: string[], io: IO, host: Host): number {
  const zone = oneName(args, 'kubeplay zone partition');
  const names = host.cluster().machines.partitionZone(zone);
  io.out(
    names.length
      ? `zone/${zone} partitioned: ${names.join(', ')} cut off from the control plane\n`
      : `zone/${zone} already partitioned\n`,
  );
  return 0;
}

export function zoneHeal(args: string[], io: IO, host: Host): number {
  const zone = oneName(args, 'kubeplay zone heal');
  const names = host.cluster().machines.healZone(zone);
  io.out(names.length ? `zone/${zone} healed: ${names.join(', ')} reconnected\n` : `zone/${zone} is not partitioned\n`);
  return 0;
}
