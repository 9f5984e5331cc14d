// TaintToleration (pkg/scheduler/framework/plugins/tainttoleration): Filter rejects a node with a
// NoSchedule/NoExecute taint the pod does not tolerate; Score counts the node's PreferNoSchedule
// taints the pod does not tolerate, normalised in reverse (fewer is better).
//
// The toleration matching (k8s.io/api core/v1 Toleration.ToleratesTaint, component-helpers
// FindMatchingUntoleratedTaint) is exported for the taint-eviction and DaemonSet controllers.
//
// Version note: the reason keeps the pre-1.35 form `node(s) had untolerated taint {key: value}`
// (1.35 shortened it to `node(s) had untolerated taint(s)`).

import type { Taint, Toleration } from '../../../k8s/types';
import { nodeTaints } from '../framework/node-info';
import { SUCCESS, type FilterPlugin, type NodeScore, type ScorePlugin, type Status } from '../framework/types';
import { cycleStateSlot, defaultNormalizeScore, rejection } from './helpers';

export const NAME = 'TaintToleration';

/** Toleration.ToleratesTaint: one toleration against one taint. */
export function tolerationToleratesTaint(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** TolerationsTolerateTaint: some toleration of the list tolerates the taint. */
export function toleratesTaint(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  if (!tolerations) return false;
  for (let i = 0; i < tolerations.length; i++) if (tolerationToleratesTaint(tolerations[i], taint)) return true;
  return false;
}

/** Upstream's name for toleratesTaint. */
export const tolerationsTolerateTaint = toleratesTaint;

export type TaintFilter = (taint: Taint) => boolean;

/** helper.DoNotScheduleTaintsFilterFunc: NoSchedule and NoExecute taints. */
export const doNotScheduleTaints: TaintFilter = (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

/** FindMatchingUntoleratedTaint: the first taint (in node order) passing `filter` that no toleration tolerates. */
export function findUntoleratedTaint(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  filter: TaintFilter = doNotScheduleTaints,
): Taint | undefined {
  if (!taints) return undefined;
  for (let i = 0; i < taints.length; i++) {
    const t = taints[i];
    if (filter(t) && !toleratesTaint(tolerations, t)) return t;
  }
  return undefined;
}

/** The Filter reason for an untolerated taint (pre-1.35 wording). */
export function untoleratedTaintReason(taint: Taint): string {
  return `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;
}

export function taintToleration(): FilterPlugin & ScorePlugin {
  const slot = cycleStateSlot<Toleration[]>(`PreScore${NAME}`);
  const byTaint = new WeakMap<Taint, Status>();
  return {
    name: NAME,
    weight: 3,

    filter(_state, pod, node): Status {
      const taints = nodeTaints(node);
      if (taints === undefined) return SUCCESS;
      const taint = findUntoleratedTaint(taints, pod.pod.spec?.tolerations);
      if (!taint) return SUCCESS;
      let s = byTaint.get(taint);
      if (s === undefined) {
        s = rejection(NAME, 'UnschedulableAndUnresolvable', untoleratedTaintReason(taint));
        byTaint.set(taint, s);
      }
      return s;
    },

    preScore(state, pod) {
      // getAllTolerationPreferNoSchedule: tolerations with an empty effect or PreferNoSchedule.
      const tolerations = ((pod.pod.spec?.tolerations ?? []) as Toleration[]).filter(
        (t) => !t.effect || t.effect === 'PreferNoSchedule',
      );
      slot.set(state, tolerations);
      return undefined;
    },

    score(state, pod, node): number {
      const taints = nodeTaints(node);
      if (taints === undefined) return 0;
      const tolerations = slot.get(state) ?? ((pod.pod.spec?.tolerations ?? []) as Toleration[]);
      let count = 0;
      for (const t of taints) if (t.effect === 'PreferNoSchedule' && !toleratesTaint(tolerations, t)) count++;
      return count;
    },

    normalize(_state, _pod, scores: NodeScore[]): void {
      defaultNormalizeScore(scores, true);
    },
  };
}
