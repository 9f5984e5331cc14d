// Small shared pieces of the plugins: the Skip status and helper.DefaultNormalizeScore
// (pkg/scheduler/framework/plugins/helper/normalize_score.go).

import { MAX_NODE_SCORE, type CycleState, type NodeScore, type Status } from '../framework/types';

/**
 * framework.Skip: returned by PreFilter (the plugin's Filter is not run for this pod) or by
 * PreScore (the plugin's Score and NormalizeScore are not run; the plugin adds 0 to every node).
 */
export const SKIP: Status = Object.freeze({ code: 'Skip', reasons: Object.freeze([]) as unknown as string[] }) as Status;

/**
 * A shared, frozen rejection status with the plugin name already set (the framework then passes it
 * on without copying): filters return these instead of allocating a Status per rejected node.
 */
export function rejection(plugin: string, code: 'Unschedulable' | 'UnschedulableAndUnresolvable', ...reasons: string[]): Status {
  return Object.freeze({ code, reasons: Object.freeze(reasons) as unknown as string[], plugin }) as Status;
}

/** rejection() memoised by reasons (for reasons built at run time from a small set of values). */
export function rejectionCache(
  plugin: string,
  code: 'Unschedulable' | 'UnschedulableAndUnresolvable',
): (reasons: string[]) => Status {
  const cache = new Map<string, Status>();
  return (reasons) => {
    const key = reasons.join('\u0000');
    let s = cache.get(key);
    if (s === undefined) {
      s = rejection(plugin, code, ...reasons);
      if (cache.size < 1024) cache.set(key, s);
    }
    return s;
  };
}

/**
 * DefaultNormalizeScore: scales raw scores to [0, MaxNodeScore] by the highest one (integer
 * division); `reverse` flips the scale. All zero: 0 for everyone, or MaxNodeScore when reversed.
 */
export function defaultNormalizeScore(scores: NodeScore[], reverse: boolean): void {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i].score > max) max = scores[i].score;
  if (max === 0) {
    if (reverse) for (let i = 0; i < scores.length; i++) scores[i].score = MAX_NODE_SCORE;
    return;
  }
  for (let i = 0; i < scores.length; i++) {
    const s = Math.trunc((MAX_NODE_SCORE * scores[i].score) / max);
    scores[i].score = reverse ? MAX_NODE_SCORE - s : s;
  }
}

export interface CycleStateSlot<T> {
  get(state: CycleState): T | undefined;
  set(state: CycleState, value: T): void;
  /** Removes the entry (PreFilter/PreScore paths that skip call it, so a reused map is never stale). */
  clear(state: CycleState): void;
}

/**
 * A plugin's entry in the CycleState with the last lookup remembered, so Filter/Score on hundreds
 * of nodes read it with an identity check instead of a string-keyed Map lookup each time. Only the
 * owning plugin may write the key (through set).
 */
export function cycleStateSlot<T>(key: string): CycleStateSlot<T> {
  let lastState: CycleState | undefined;
  let lastValue: T | undefined;
  return {
    get(state) {
      if (state !== lastState) {
        lastState = state;
        lastValue = state.get(key) as T | undefined;
      }
      return lastValue;
    },
    set(state, value) {
      state.set(key, value);
      lastState = state;
      lastValue = value;
    },
    clear(state) {
      state.delete(key);
      lastState = state;
      lastValue = undefined;
    },
  };
}
