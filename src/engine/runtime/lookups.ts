// How a controller finds its objects without listing the cluster (see docs/ARCHITECTURE.md, "How a
// controller finds its objects"). Each lookup returns exactly what a namespace list filtered the
// same way returns, in the same order, so a controller decides as upstream does while its work per
// event depends on what it owns, not on the size of the namespace.

import { namespacedLabel, namespacedLabels, type Selector } from '../../k8s/labels';
import type { KObject } from '../../k8s/types';
import { ORPHANS_INDEX, orphansIndex, OWNER_UID_INDEX, type Informer } from './informer';

/** Objects by `namespace␀key=value` for each of their labels, added to an informer on demand. */
export const LABEL_INDEX = 'labels';

/** The label index function: `namespace␀key=value` for each label. */
export function labelIndex(obj: KObject): readonly string[] {
  return namespacedLabels(obj.metadata.namespace ?? '', obj.metadata.labels);
}

/** Adds the label index to an informer once, whichever controller asks first. */
export function ensureLabelIndex(informer: Informer): Informer {
  if (!informer.hasIndex(LABEL_INDEX)) informer.addIndex(LABEL_INDEX, labelIndex);
  return informer;
}

/**
 * The label-index buckets that hold every object the selector can match: those of its narrowest
 * `=` / `In` requirement. Undefined when no requirement names values (only Exists, NotIn, …).
 */
function narrowestLookups(informer: Informer, namespace: string, selector: Selector): [string, string][] | undefined {
  let best: [string, string][] | undefined;
  let bestSize = Infinity;
  for (const r of selector.requirements) {
    if (r.operator !== '=' && r.operator !== '==' && r.operator !== 'In') continue;
    let size = 0;
    const lookups: [string, string][] = [];
    for (const v of r.values) {
      const value = namespacedLabel(namespace, r.key, v);
      size += informer.countByIndex(LABEL_INDEX, value);
      lookups.push([LABEL_INDEX, value]);
    }
    if (size < bestSize) {
      best = lookups;
      bestSize = size;
    }
  }
  return best;
}

/**
 * `informer.list(namespace)` filtered by `selector`, through the label index (the informer must
 * have it: ensureLabelIndex). A selector with no `=` / `In` requirement lists the namespace.
 */
export function listMatching(informer: Informer, namespace: string, selector: Selector): KObject[] {
  const lookups = selector.empty() ? undefined : narrowestLookups(informer, namespace, selector);
  const candidates = lookups ? informer.byIndexesInListOrder(lookups) : informer.list(namespace);
  return candidates.filter((obj) => selector.matches(obj.metadata.labels));
}

/**
 * Every object of `namespace` that a ControllerRefManager of `ownerUid` could claim, in list order:
 * the owner's own (by owner uid) and the orphans. Objects controlled by another owner are never
 * claimed, so leaving them out changes no claim.
 */
export function claimCandidates(informer: Informer, namespace: string, ownerUid: string): KObject[] {
  if (!informer.hasIndex(ORPHANS_INDEX)) informer.addIndex(ORPHANS_INDEX, orphansIndex);
  const candidates = informer.byIndexesInListOrder([
    [OWNER_UID_INDEX, ownerUid],
    [ORPHANS_INDEX, namespace],
  ]);
  // Owned objects live in their owner's namespace: the filter (a copy) is for a stray one only.
  for (let i = 0; i < candidates.length; i++) {
    if ((candidates[i].metadata.namespace ?? '') !== namespace) {
      return candidates.filter((obj) => (obj.metadata.namespace ?? '') === namespace);
    }
  }
  return candidates;
}

/**
 * The change stamps of the buckets claimCandidates reads (Informer.changeStamp): while both stay
 * the same, claimCandidates returns the same objects in the same states.
 */
export function claimCandidateStamps(informer: Informer, namespace: string, ownerUid: string): [own: number, orphans: number] {
  if (!informer.hasIndex(ORPHANS_INDEX)) informer.addIndex(ORPHANS_INDEX, orphansIndex);
  return [informer.changeStamp(OWNER_UID_INDEX, ownerUid), informer.changeStamp(ORPHANS_INDEX, namespace)];
}
