// Node Allocatable (pkg/kubelet/cm/node_container_manager_linux.go GetNodeAllocatableReservation,
// nodestatus MachineInfo): allocatable = capacity − kube-reserved − system-reserved − the hard
// eviction thresholds, per resource, never below 0. The kubelet's default hard thresholds
// (pkg/kubelet/eviction/defaults_linux.go) are memory.available<100Mi, nodefs.available<10%,
// imagefs.available<15%, nodefs.inodesFree<5%; only memory.available and nodefs.available
// reserve a resource (memory, ephemeral-storage). A percentage is taken of the capacity as a
// float32 fraction, as evictionapi.GetThresholdQuantity does.

import { parseQuantity, Quantity } from '../../k8s/quantity';

export type ResourceList = Record<string, string>;

/** The resources kube-reserved / system-reserved may name (pid limits processes, not allocatable). */
const RESERVABLE = new Set(['cpu', 'memory', 'ephemeral-storage', 'pid']);

/** --eviction-hard's default thresholds that reserve a resource. */
export const DEFAULT_EVICTION_HARD = [
  { signal: 'memory.available', resource: 'memory', value: '100Mi' },
  { signal: 'nodefs.available', resource: 'ephemeral-storage', value: '10%' },
] as const;

/** Parses `cpu=100m,memory=100Mi` (the kubelet's --kube-reserved / --system-reserved). */
export function parseReserved(text: string, flag: string): ResourceList {
  const out: ResourceList = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const eq = pair.indexOf('=');
    const name = eq > 0 ? pair.slice(0, eq) : '';
    if (!RESERVABLE.has(name)) {
      throw new Error(`--${flag}: "${pair}" is not RESOURCE=QUANTITY with RESOURCE one of cpu, memory, ephemeral-storage, pid`);
    }
    const value = pair.slice(eq + 1);
    let q: Quantity;
    try {
      q = parseQuantity(value);
    } catch (e) {
      throw new Error(`--${flag}: ${name}: ${(e as Error).message}`, { cause: e });
    }
    if (q.sign() < 0) throw new Error(`--${flag}: ${name}: reservation must not be negative`);
    out[name] = value;
  }
  return out;
}

/** hardEvictionReservation: what the default hard eviction thresholds keep back from pods. */
function evictionReservation(capacity: ResourceList): Record<string, Quantity> {
  const out: Record<string, Quantity> = {};
  for (const t of DEFAULT_EVICTION_HARD) {
    const cap = capacity[t.resource];
    if (cap === undefined) continue;
    if (t.value.endsWith('%')) {
      const fraction = Math.fround(Number(t.value.slice(0, -1)) / 100);
      out[t.resource] = Quantity.fromValue(Math.trunc(parseQuantity(cap).value() * fraction), 'BinarySI');
    } else {
      out[t.resource] = parseQuantity(t.value);
    }
  }
  return out;
}

/**
 * A quantity as the API server stores it: decoded from the kubelet's text (a bare number is
 * DecimalSI) and printed again — `96636764000` is stored as `96636764k`.
 */
function asStored(text: string): string {
  const q = parseQuantity(text);
  return Quantity.fromNanos(q.nanos, q.format).toString();
}

/** status.allocatable for a capacity and the node's reservations. */
export function allocatableOf(
  capacity: ResourceList,
  kubeReserved: ResourceList = {},
  systemReserved: ResourceList = {},
): ResourceList {
  const reservation: Record<string, Quantity> = evictionReservation(capacity);
  for (const list of [kubeReserved, systemReserved]) {
    for (const [k, v] of Object.entries(list)) {
      const q = parseQuantity(v);
      reservation[k] = reservation[k] ? reservation[k].add(q) : q;
    }
  }
  const out: ResourceList = {};
  for (const [k, v] of Object.entries(capacity)) {
    let value = parseQuantity(v);
    const res = reservation[k];
    if (res) value = Quantity.fromNanos(value.nanos - res.nanos, value.format);
    if (value.sign() < 0) value = Quantity.fromValue(0, value.format);
    out[k] = asStored(value.toString());
  }
  return out;
}
