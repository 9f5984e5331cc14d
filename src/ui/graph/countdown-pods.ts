// countdown-pods: the few pods that can have a countdown on their chip, picked out cheaply so the
// graph's publication does not run the countdown rules (timers.ts) over every pod of a big
// cluster. A pod can count down only to an eviction — it is bound to a node with a NoExecute
// taint — or to a crash-looping container's restart (a container waiting in CrashLoopBackOff).

import type { KObject } from '../../k8s/types';
import { hasCrashLoopingContainer } from '../controlplane/timers';

/** The node has a NoExecute taint: its pods may count down to an eviction. */
export function hasNoExecuteTaint(node: KObject): boolean {
  return ((node.spec?.taints ?? []) as { effect?: string }[]).some((t) => t.effect === 'NoExecute');
}

/** The pods podCountdowns can find a countdown for: those on NoExecute-tainted nodes and the crash-looping. */
export function countdownCandidates(pods: readonly KObject[], nodes: readonly KObject[]): KObject[] {
  const tainted = new Set<string>();
  for (const node of nodes) if (hasNoExecuteTaint(node)) tainted.add(node.metadata.name ?? '');
  return pods.filter((pod) => tainted.has((pod.spec?.nodeName as string | undefined) ?? '') || hasCrashLoopingContainer(pod));
}
