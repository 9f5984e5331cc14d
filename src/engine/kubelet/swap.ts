// Node swap (NodeSwap, GA in Kubernetes 1.34; KEP-2400). A kubelet on a machine with swap
// refuses to start unless failSwapOn is false (cm/container_manager_linux.go). With swap allowed,
// memorySwap.swapBehavior decides whether pods may use it: NoSwap (the default) gives every
// container memory.swap.max = 0; LimitedSwap lets containers of Burstable pods that request
// memory (and do not request exactly their limit) swap in proportion to their request
// (kuberuntime_container_linux.go, GetContainerSwapBehavior and calcSwapForBurstablePods).
// Critical pods (priority ≥ system-cluster-critical, static / mirror pods) never swap.
// The French Nodes page states NoSwap as the default; the Portuguese page (1.22 era) says
// LimitedSwap and describes UnlimitedSwap, which upstream removed: the playground follows source.

import type { KObject } from '../../k8s/types';
import { parseQuantity } from '../../k8s/quantity';
import { podQosClass } from '../api/kinds/pod-qos';
import { SYSTEM_CRITICAL_PRIORITY } from '../api/validation/priorityclass';

export type SwapBehavior = 'NoSwap' | 'LimitedSwap';
export const SWAP_BEHAVIORS: readonly SwapBehavior[] = ['NoSwap', 'LimitedSwap'];

export interface NodeSwapConfig {
  /** The machine's swap (bytes); 0 when it has none. */
  swapBytes: number;
  /** The machine's memory (bytes): cadvisor's MemoryCapacity, the formula's nodeTotalMemory. */
  memoryBytes: number;
  behavior: SwapBehavior;
}

/** The kubelet configuration's validation of memorySwap.swapBehavior (undefined when valid). */
export function swapBehaviorError(value: string): string | undefined {
  if (value === '' || (SWAP_BEHAVIORS as readonly string[]).includes(value)) return undefined;
  return `invalid configuration: memorySwap.swapBehavior "${value}" must be one of: "", "LimitedSwap" or "NoSwap"`;
}

/**
 * The error a kubelet with failSwapOn exits with on a machine with swap: the kubelet lists
 * /proc/swaps's lines, whose Size is in KiB less the page holding the swap header.
 */
export function failSwapOnError(swapBytes: number): string {
  const sizeKiB = Math.max(0, Math.floor(swapBytes / 1024) - 4);
  const swaps = `[Filename\t\t\t\tType\t\tSize\tUsed\tPriority /swap.img                               file\t\t${sizeKiB}\t0\t-2]`;
  return `failed to run Kubelet: running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false. /proc/swaps contained: ${swaps}`;
}

/**
 * calcSwapForBurstablePods: (containerMemoryRequest / nodeTotalMemory) × totalPodsSwapAvailable,
 * truncated to whole bytes; an error (no swap for the container) when the node's memory is 0 or
 * the request exceeds it.
 */
export function swapForBurstableContainer(
  containerMemoryRequest: number,
  nodeTotalMemory: number,
  totalPodsSwapAvailable: number,
): { ok: true; bytes: number } | { ok: false; error: string } {
  if (nodeTotalMemory <= 0) return { ok: false, error: 'total node memory is 0' };
  if (containerMemoryRequest > nodeTotalMemory) {
    return {
      ok: false,
      error: `container request ${containerMemoryRequest} is larger than total node memory ${nodeTotalMemory}`,
    };
  }
  return { ok: true, bytes: Math.trunc((containerMemoryRequest / nodeTotalMemory) * totalPodsSwapAvailable) };
}

function memoryOf(list: Record<string, unknown> | undefined): number {
  const v = list?.memory;
  if (v === undefined) return 0;
  try {
    return parseQuantity(v as string | number).value();
  } catch {
    return 0;
  }
}

function isCriticalPod(pod: KObject): boolean {
  const annotations = pod.metadata.annotations ?? {};
  if (annotations['kubernetes.io/config.mirror'] !== undefined) return true;
  const source = annotations['kubernetes.io/config.source'];
  if (source !== undefined && source !== 'api') return true;
  return (pod.spec?.priority ?? 0) >= SYSTEM_CRITICAL_PRIORITY;
}

/** The swap a container may use (memory.swap.max, bytes): 0 unless LimitedSwap lets it swap. */
export function containerSwapLimit(pod: KObject, container: KObject['spec'], node: NodeSwapConfig | undefined): number {
  if (!node || node.behavior !== 'LimitedSwap' || node.swapBytes <= 0) return 0;
  if (isCriticalPod(pod) || podQosClass(pod) !== 'Burstable') return 0;
  const request = memoryOf(container?.resources?.requests);
  const limit = memoryOf(container?.resources?.limits);
  // No memory request or limit, or a request equal to the limit: this container does not swap.
  if ((request === 0 && limit === 0) || request === limit) return 0;
  const swap = swapForBurstableContainer(request, node.memoryBytes, node.swapBytes);
  return swap.ok ? swap.bytes : 0;
}

const PAGE_SIZE = 4096;

/**
 * The container's cgroup v2 memory files as read inside it (/sys/fs/cgroup): memory.max is the
 * memory limit or "max"; memory.swap.max the swap limit, which the kernel keeps in whole pages.
 */
export function cgroupMemoryFiles(
  pod: KObject,
  container: KObject['spec'],
  node: NodeSwapConfig | undefined,
): Readonly<Record<string, string>> {
  const limit = memoryOf(container?.resources?.limits);
  const swap = containerSwapLimit(pod, container, node);
  const max = limit > 0 ? Math.floor(limit / PAGE_SIZE) * PAGE_SIZE : 'max';
  const swapMax = Math.floor(swap / PAGE_SIZE) * PAGE_SIZE;
  const key = `${max} ${swapMax}`;
  let files = cgroupFiles.get(key);
  if (!files) {
    // Bounded like an interner: a few distinct limits in practice.
    if (cgroupFiles.size >= 1_000) cgroupFiles.clear();
    files = Object.freeze({ '/sys/fs/cgroup/memory.max': `${max}\n`, '/sys/fs/cgroup/memory.swap.max': `${swapMax}\n` });
    cgroupFiles.set(key, files);
  }
  return files;
}

/** Every container with the same limits reads the same files: one frozen object per pair of limits. */
const cgroupFiles = new Map<string, Readonly<Record<string, string>>>();
