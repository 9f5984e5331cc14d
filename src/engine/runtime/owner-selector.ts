// The label selector of a workload (DaemonSet, StatefulSet, Job), parsed once per immutable spec.

import type { KObject } from '../../k8s/types';
import { selectorFromLabelSelector, type Selector } from '../../k8s/labels';

const selectorCache = new WeakMap<object, Selector | null>();

/** `owner.spec.selector` as a Selector, memoised per (immutable) spec; null when it does not parse. */
export function specSelectorOf(owner: KObject): Selector | null {
  const spec = owner.spec ?? owner;
  let s = selectorCache.get(spec);
  if (s === undefined) {
    try {
      s = selectorFromLabelSelector(owner.spec?.selector);
    } catch {
      s = null;
    }
    selectorCache.set(spec, s);
  }
  return s;
}

/** The message of a caught value: an Error's, or the value as text. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
