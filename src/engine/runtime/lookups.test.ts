// The indexed lookups must return exactly what a namespace list filtered the same way returns, in
// the same order, on random clusters with random label, owner and delete churn — and a
// ControllerRefManager claiming from them must decide exactly as from the full list.

import { describe, expect, it } from 'vitest';
import { parseSelector, selectorFromSet, type Selector } from '../../k8s/labels';
import type { KObject, OwnerReference } from '../../k8s/types';
import { ControllerRefManager } from '../controllers/controller-ref-manager';
import type { SeededRandom } from '../clock/random';
import { Informer } from './informer';
import { claimCandidates, ensureLabelIndex, labelIndex, LABEL_INDEX, listMatching } from './lookups';
import { newTestCluster, pod, replicaSet, testKinds, type TestCluster } from './testing-fixtures';

const NAMESPACES = ['default', 'team-a', 'team-b'];
const APPS = ['web', 'api', 'db', 'cache'];
const TIERS = ['front', 'back'];

function randomLabels(r: SeededRandom): Record<string, string> | undefined {
  const roll = r.int(6);
  if (roll === 0) return undefined;
  const labels: Record<string, string> = { app: APPS[r.int(APPS.length)] };
  if (roll > 2) labels.tier = TIERS[r.int(TIERS.length)];
  if (roll > 4) labels.hash = String(r.int(3));
  return labels;
}

function randomOwners(r: SeededRandom, owners: KObject[]): OwnerReference[] | undefined {
  const roll = r.int(4);
  if (roll === 0) return undefined;
  const owner = owners[r.int(owners.length)];
  const ref: OwnerReference = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    name: owner.metadata.name!,
    uid: owner.metadata.uid!,
  };
  // A controller, a plain owner, or both kinds of reference.
  if (roll === 1) return [{ ...ref, controller: true }];
  if (roll === 2) return [ref];
  const other = owners[r.int(owners.length)];
  return [
    ref,
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: other.metadata.name!, uid: other.metadata.uid!, controller: true },
  ];
}

/** A cluster of pods in three namespaces, churned by random creates, updates and deletes. */
function churnedCluster(seed: number): { cluster: TestCluster; pods: Informer; owners: KObject[] } {
  const cluster = newTestCluster(seed);
  const { api, random: r } = cluster;
  const pods = new Informer(api, testKinds.pod);
  ensureLabelIndex(pods);
  pods.start();
  const owners = NAMESPACES.flatMap((ns) => [0, 1, 2].map((i) => api.create(replicaSet(`rs-${i}`, ns))));
  let created = 0;
  for (let step = 0; step < 400; step++) {
    const existing = pods.list();
    const roll = r.int(10);
    if (roll < 5 || existing.length === 0) {
      const namespace = NAMESPACES[r.int(NAMESPACES.length)];
      api.create(pod(`p-${created++}`, { namespace, labels: randomLabels(r), owners: randomOwners(r, owners) }));
    } else if (roll < 9) {
      const target = existing[r.int(existing.length)];
      const metadata = { ...target.metadata };
      if (r.int(2) === 0) metadata.labels = randomLabels(r);
      else metadata.ownerReferences = randomOwners(r, owners);
      api.update({ ...target, metadata });
    } else {
      const target = existing[r.int(existing.length)];
      api.delete(testKinds.pod, target.metadata.namespace, target.metadata.name!);
    }
  }
  return { cluster, pods, owners };
}

const SELECTORS: Selector[] = [
  selectorFromSet({ app: 'web' }),
  selectorFromSet({ app: 'api', tier: 'back' }),
  selectorFromSet({ tier: 'front', hash: '1' }),
  parseSelector('app in (db, cache)'),
  parseSelector('app in (web), tier notin (back)'),
  parseSelector('hash'),
  parseSelector('!tier'),
  parseSelector(''),
];

const names = (objs: readonly KObject[]) => objs.map((o) => `${o.metadata.namespace}/${o.metadata.name}`);

describe('indexed lookups on random clusters', () => {
  it.each([1, 2, 3, 4, 5, 6])('seed %i: listMatching equals the filtered namespace list, in order', (seed) => {
    const { pods } = churnedCluster(seed);
    for (const ns of NAMESPACES) {
      for (const selector of SELECTORS) {
        const expected = pods.list(ns).filter((p) => selector.matches(p.metadata.labels));
        expect(names(listMatching(pods, ns, selector)), `${ns} ${selector.toString()}`).toEqual(names(expected));
      }
    }
  });

  it.each([1, 2, 3, 4, 5, 6])('seed %i: claims from claimCandidates equal claims from the namespace list', (seed) => {
    const { cluster, pods, owners } = churnedCluster(seed);
    for (const owner of owners) {
      const ns = owner.metadata.namespace!;
      const uid = owner.metadata.uid!;
      const candidates = claimCandidates(pods, ns, uid);
      const full = pods.list(ns);
      // Only orphans and objects that name the owner can be claimed; everything else is left out.
      const possible = full.filter(
        (p) =>
          !(p.metadata.ownerReferences ?? []).some((ref) => ref.controller === true) ||
          (p.metadata.ownerReferences ?? []).some((ref) => ref.uid === uid),
      );
      expect(names(candidates)).toEqual(names(possible));
      // Dry claims (adoption refused, so nothing is written): the same objects, in the same order.
      for (const selector of SELECTORS) {
        const claim = (objs: readonly KObject[]) =>
          new ControllerRefManager({
            api: cluster.api,
            owner,
            selector,
            canAdopt: () => {
              throw new Error('no adoption in a dry claim');
            },
          }).claim(testKinds.pod, objs);
        const fromIndex = claim(candidates);
        const fromList = claim(full);
        expect(names(fromIndex.claimed)).toEqual(names(fromList.claimed));
        expect(fromIndex.errors.map(String)).toEqual(fromList.errors.map(String));
      }
    }
  });

  it('indexes a label set once per namespace and value', () => {
    const a = pod('a', { labels: { app: 'web', tier: 'front' } });
    expect(labelIndex(a)).toEqual(['default\u0000app=web', 'default\u0000tier=front']);
    expect(labelIndex(pod('b'))).toEqual([]);
  });

  it('adds the label index once, whoever asks', () => {
    const { api } = newTestCluster();
    const informer = new Informer(api, testKinds.pod);
    expect(ensureLabelIndex(informer)).toBe(informer);
    expect(() => ensureLabelIndex(informer)).not.toThrow();
    expect(informer.hasIndex(LABEL_INDEX)).toBe(true);
  });
});
