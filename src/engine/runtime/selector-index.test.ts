// The SelectorIndex must find exactly the selectors a scan of a namespace's Map of them finds, in
// the Map's order, through random sets, re-sets and removals.

import { describe, expect, it } from 'vitest';
import { nothing, parseSelector, selectorFromSet, type Selector } from '../../k8s/labels';
import { SeededRandom } from '../clock/random';
import { SelectorIndex } from './selector-index';

const NAMESPACES = ['default', 'team-a'];
const SELECTORS: Selector[] = [
  selectorFromSet({ app: 'web' }),
  selectorFromSet({ app: 'api', tier: 'back' }),
  selectorFromSet({ tier: 'front' }),
  parseSelector('app in (web, db)'),
  parseSelector('tier, app notin (api)'),
  parseSelector('!hash'),
];
const LABEL_SETS: (Record<string, string> | undefined)[] = [
  undefined,
  {},
  { app: 'web' },
  { app: 'web', tier: 'front' },
  { app: 'api', tier: 'back', hash: '1' },
  { app: 'db', tier: 'back' },
  { tier: 'front', hash: '2' },
];

describe('SelectorIndex', () => {
  it.each([1, 2, 3, 4, 5])('seed %i: matching equals a scan of a Map of the selectors, in its order', (seed) => {
    const r = new SeededRandom(seed);
    const index = new SelectorIndex();
    // The reference: namespace → key → selector, with Map semantics (set keeps the place).
    const reference = new Map<string, Map<string, Selector>>(NAMESPACES.map((ns) => [ns, new Map()]));
    for (let step = 0; step < 300; step++) {
      const ns = NAMESPACES[r.int(NAMESPACES.length)];
      const key = `${ns}/svc-${r.int(12)}`;
      const roll = r.int(6);
      if (roll === 0) {
        index.remove(key);
        reference.get(ns)!.delete(key);
      } else if (roll === 1) {
        // Kept in place, matching nothing (a selector-less object).
        index.set(key, ns, undefined);
        reference.get(ns)!.set(key, nothing);
      } else {
        const selector = SELECTORS[r.int(SELECTORS.length)];
        index.set(key, ns, selector);
        reference.get(ns)!.set(key, selector);
      }
      for (const namespace of NAMESPACES) {
        for (const labels of LABEL_SETS) {
          const expected = [...reference.get(namespace)!].filter(([, s]) => s.matches(labels)).map(([k]) => k);
          expect(index.matching(namespace, labels)).toEqual(expected);
        }
        // selectsIn: some selector (not an undefined one) is filed in the namespace.
        const filed = [...reference.get(namespace)!.values()].some((sel) => sel !== nothing);
        expect(index.selectsIn(namespace)).toBe(filed);
      }
    }
  });
});
