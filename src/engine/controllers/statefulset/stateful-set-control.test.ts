// Table tests of the StatefulSet sync decisions (stateful-set-control.ts) against a recording fake
// of StatefulPodControl: which pod is created, deleted or waited on, for each policy and strategy.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { CONTROLLER_REVISION_HASH_LABEL } from '../history/controller-history';
import { statefulSetMaxUnavailable, updateStatefulSet, type StatefulPodActions } from './stateful-set-control';
import { claimOwnerMatchesSetAndPod, claimOwnerRefsForPolicy, newVersionedPod } from './stateful-set-utils';

const NOW = Date.parse('2026-01-01T00:10:00Z');
const CUR = 'web-1111';
const UPD = 'web-2222';

function set(spec: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default', uid: 'set-uid', generation: 2 },
    spec: {
      replicas: 3,
      serviceName: 'nginx',
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'] } }],
      ...spec,
    },
    status: {},
  };
}

type State = 'ready' | 'running' | 'pending' | 'failed' | 'terminating';

/** A created pod of `s` at `ordinal` in state `state` at revision `rev`. */
function pod(s: KObject, ordinal: number, state: State, rev = CUR, readySinceMs = NOW - 60_000): KObject {
  const p = newVersionedPod(s, s, rev, rev, ordinal);
  const ready = state === 'ready' || state === 'terminating';
  return {
    ...p,
    metadata: {
      ...p.metadata,
      uid: `pod-${ordinal}`,
      labels: { ...p.metadata.labels, [CONTROLLER_REVISION_HASH_LABEL]: rev },
      ...(state === 'terminating' ? { deletionTimestamp: '2026-01-01T00:09:59Z' } : {}),
    },
    status: {
      phase: state === 'pending' ? 'Pending' : state === 'failed' ? 'Failed' : 'Running',
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: new Date(readySinceMs).toISOString() }],
    },
  };
}

function fake(): StatefulPodActions & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    createStatefulPod: (_s, p) =>
      void log.push(`create ${p.metadata.name} ${p.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL]}`),
    deleteStatefulPod: (_s, p) => void log.push(`delete ${p.metadata.name}`),
    updateStatefulPod: (_s, p) => void log.push(`update ${p.metadata.name}`),
    createMissingPersistentVolumeClaims: (_s, p) => void log.push(`claims ${p.metadata.name}`),
    claimsMatchRetentionPolicy: () => true,
    updatePodClaimForRetentionPolicy: (_s, p) => void log.push(`retention ${p.metadata.name}`),
    podClaimIsStale: () => false,
  };
}

function run(s: KObject, pods: KObject[], opts: { gate?: boolean; current?: string } = {}) {
  const actions = fake();
  const result = updateStatefulSet(
    {
      set: s,
      currentSet: s,
      updateSet: s,
      currentRevision: opts.current ?? CUR,
      updateRevision: opts.current ?? (pods.length && !opts.gate ? UPD : CUR),
      collisionCount: 0,
      pods,
      nowUnixMs: NOW,
      maxUnavailableGate: opts.gate ?? false,
    },
    actions,
  );
  return { log: actions.log, status: result.status };
}

/** Runs with the given update revision explicitly. */
function runAt(s: KObject, pods: KObject[], updateRevision: string, gate = false) {
  const actions = fake();
  const result = updateStatefulSet(
    {
      set: s,
      currentSet: s,
      updateSet: s,
      currentRevision: CUR,
      updateRevision,
      collisionCount: 0,
      pods,
      nowUnixMs: NOW,
      maxUnavailableGate: gate,
    },
    actions,
  );
  return { log: actions.log, status: result.status };
}

describe('StatefulSet sync decisions', () => {
  const s = set();
  const cases: { name: string; set?: KObject; pods: (s: KObject) => KObject[]; update?: string; want: string[] }[] = [
    { name: 'OrderedReady: empty set creates web-0 only', pods: () => [], update: CUR, want: [`create web-0 ${CUR}`] },
    {
      name: 'OrderedReady: web-1 waits while web-0 is not Ready',
      pods: (x) => [pod(x, 0, 'running')],
      update: CUR,
      want: [],
    },
    {
      name: 'OrderedReady: web-1 waits while web-0 is Pending (and web-0 gets its missing claims)',
      pods: (x) => [pod(x, 0, 'pending')],
      update: CUR,
      want: ['claims web-0'],
    },
    {
      name: 'OrderedReady: web-0 Ready → web-1 is created',
      pods: (x) => [pod(x, 0, 'ready')],
      update: CUR,
      want: [`create web-1 ${CUR}`],
    },
    {
      name: 'OrderedReady: a failed predecessor is deleted and nothing else happens',
      pods: (x) => [pod(x, 0, 'failed'), pod(x, 1, 'ready')],
      update: CUR,
      want: ['delete web-0'],
    },
    {
      name: 'OrderedReady: a terminating failed pod is waited for',
      pods: (x) => [{ ...pod(x, 0, 'failed'), metadata: { ...pod(x, 0, 'failed').metadata, deletionTimestamp: 'x' } }],
      update: CUR,
      want: [],
    },
    {
      name: 'OrderedReady: minReadySeconds holds web-1 until web-0 is available',
      set: set({ minReadySeconds: 120 }),
      pods: (x) => [pod(x, 0, 'ready')],
      update: CUR,
      want: [],
    },
    {
      name: 'Parallel: every missing pod at once',
      set: set({ podManagementPolicy: 'Parallel' }),
      pods: () => [],
      update: CUR,
      want: [`create web-0 ${CUR}`, `create web-1 ${CUR}`, `create web-2 ${CUR}`],
    },
    {
      name: 'OrderedReady scale-down: the highest ordinal first, one per sync',
      set: set({ replicas: 1 }),
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'ready')],
      update: CUR,
      want: ['delete web-2'],
    },
    {
      name: 'OrderedReady scale-down: waits for web-2 to terminate before web-1',
      set: set({ replicas: 1 }),
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'terminating')],
      update: CUR,
      want: [],
    },
    {
      name: 'OrderedReady scale-down: waits while a remaining pod is not Ready',
      set: set({ replicas: 1 }),
      pods: (x) => [pod(x, 0, 'running'), pod(x, 1, 'ready')],
      update: CUR,
      want: [],
    },
    {
      name: 'OrderedReady scale-down: the first unhealthy pod may go if it is condemned',
      set: set({ replicas: 1 }),
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'running')],
      update: CUR,
      want: ['delete web-2'],
    },
    {
      name: 'Parallel scale-down: all condemned pods at once',
      set: set({ replicas: 1, podManagementPolicy: 'Parallel' }),
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'ready')],
      update: CUR,
      want: ['delete web-2', 'delete web-1'],
    },
    {
      name: 'RollingUpdate: the highest ordinal not at the update revision is deleted',
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'ready')],
      update: UPD,
      want: ['delete web-2'],
    },
    {
      name: 'RollingUpdate: then web-1 once web-2 is updated and Ready',
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'ready', UPD)],
      update: UPD,
      want: ['delete web-1'],
    },
    {
      name: 'RollingUpdate: a recreated web-2 that is not Ready holds the update (the forced-rollback trap)',
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'running', UPD)],
      update: UPD,
      want: [],
    },
    {
      name: 'RollingUpdate back to the old revision: the broken pod still blocks (OrderedReady)',
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'running', UPD)],
      update: CUR,
      want: [],
    },
    {
      name: 'RollingUpdate partition 2: only web-2 is updated',
      set: set({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } }),
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'ready', UPD)],
      update: UPD,
      want: [],
    },
    {
      name: 'RollingUpdate partition 2: a deleted web-1 comes back at the current revision',
      set: set({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } }),
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 2, 'ready', UPD)],
      update: UPD,
      want: [`create web-1 ${CUR}`],
    },
    {
      name: 'OnDelete: nothing is deleted for an update',
      set: set({ updateStrategy: { type: 'OnDelete' } }),
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 1, 'ready'), pod(x, 2, 'ready')],
      update: UPD,
      want: [],
    },
    {
      name: 'OnDelete: a deleted pod comes back at the update revision',
      set: set({ updateStrategy: { type: 'OnDelete' } }),
      pods: (x) => [pod(x, 0, 'ready'), pod(x, 2, 'ready')],
      update: UPD,
      want: [`create web-1 ${UPD}`],
    },
    {
      name: 'ordinals.start 5: pods web-5..web-7, web-5 first',
      set: set({ ordinals: { start: 5 } }),
      pods: () => [],
      update: CUR,
      want: [`create web-5 ${CUR}`],
    },
    {
      name: 'ordinals.start 5: web-0 of before is condemned',
      set: set({ ordinals: { start: 5 } }),
      pods: (x) => [pod(set(), 0, 'ready'), pod(x, 5, 'ready'), pod(x, 6, 'ready'), pod(x, 7, 'ready')],
      update: CUR,
      want: ['delete web-0'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const x = c.set ?? s;
      expect(runAt(x, c.pods(x), c.update ?? CUR).log).toEqual(c.want);
    });
  }

  it('a set being deleted only gets its status', () => {
    const x = { ...s, metadata: { ...s.metadata, deletionTimestamp: 'x' } };
    const { log, status } = run(x, [pod(x, 0, 'ready')], { current: CUR });
    expect(log).toEqual([]);
    expect(status).toMatchObject({ replicas: 1, readyReplicas: 1, availableReplicas: 1, currentReplicas: 1, updatedReplicas: 1 });
  });

  it('counts status: created, ready, available (minReadySeconds), current and updated', () => {
    const x = set({ minReadySeconds: 30 });
    const pods = [pod(x, 0, 'ready'), pod(x, 1, 'ready', UPD, NOW - 10_000), pod(x, 2, 'pending', UPD)];
    const { status } = runAt(x, pods, UPD);
    expect(status).toMatchObject({
      observedGeneration: 2,
      replicas: 3,
      readyReplicas: 2,
      availableReplicas: 1,
      currentReplicas: 1,
      updatedReplicas: 2,
      currentRevision: CUR,
      updateRevision: UPD,
    });
  });

  it('MaxUnavailableStatefulSet gate: up to maxUnavailable outdated pods at once (Parallel)', () => {
    const x = set({
      podManagementPolicy: 'Parallel',
      replicas: 4,
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: 2 } },
    });
    const pods = [0, 1, 2, 3].map((i) => pod(x, i, 'ready'));
    expect(runAt(x, pods, UPD, true).log).toEqual(['delete web-3', 'delete web-2']);
    // The gate off: one at a time whatever maxUnavailable says.
    expect(runAt(x, pods, UPD, false).log).toEqual(['delete web-3']);
    expect(statefulSetMaxUnavailable('10%', 4)).toBe(1);
    expect(statefulSetMaxUnavailable('50%', 5)).toBe(2);
  });
});

describe('claim retention references', () => {
  const claim = (refs: { uid: string }[] = []): KObject => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: 'www-web-2',
      namespace: 'default',
      ownerReferences: refs.map((r) => ({ apiVersion: 'v1', kind: 'x', name: 'x', uid: r.uid })),
    },
  });
  const cases: { policy: [string, string]; replicas: number; want: string[] }[] = [
    { policy: ['Retain', 'Retain'], replicas: 3, want: [] },
    { policy: ['Retain', 'Retain'], replicas: 1, want: [] },
    { policy: ['Delete', 'Retain'], replicas: 3, want: ['set-uid'] },
    { policy: ['Delete', 'Retain'], replicas: 1, want: ['set-uid'] },
    { policy: ['Retain', 'Delete'], replicas: 3, want: [] },
    { policy: ['Retain', 'Delete'], replicas: 1, want: ['pod-2'] },
    { policy: ['Delete', 'Delete'], replicas: 3, want: ['set-uid'] },
    { policy: ['Delete', 'Delete'], replicas: 1, want: ['pod-2'] },
  ];
  for (const c of cases) {
    it(`whenDeleted ${c.policy[0]} / whenScaled ${c.policy[1]}, web-2 ${c.replicas === 1 ? 'condemned' : 'in range'}`, () => {
      const x = set({
        replicas: c.replicas,
        persistentVolumeClaimRetentionPolicy: { whenDeleted: c.policy[0], whenScaled: c.policy[1] },
      });
      const p = pod(set(), 2, 'ready');
      const refs = claimOwnerRefsForPolicy(claim(), x, p) ?? [];
      expect(refs.map((r) => r.uid)).toEqual(c.want);
      const fixed = claim(refs);
      expect(claimOwnerMatchesSetAndPod(fixed, x, p)).toBe(true);
      expect(claimOwnerRefsForPolicy(fixed, x, p)).toBeUndefined();
    });
  }
});
