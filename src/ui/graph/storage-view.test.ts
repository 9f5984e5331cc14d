import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { node, pod } from './fixtures';
import { layoutGraph, WL_DETAIL_H, WL_H } from './layout';
import { deriveModel } from './model';
import { relationIndex, relationsOf } from './relations';
import { claimIndex, podClaimNames, statefulSetMembers } from './storage-view';

const web = (replicas = 3): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'web', namespace: 'default', uid: 'sts-web', generation: 1 },
  spec: { replicas, volumeClaimTemplates: [{ metadata: { name: 'www' } }] },
  status: { observedGeneration: 1, replicas, readyReplicas: replicas },
});

const pvc = (name: string, phase?: string): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name, namespace: 'default', uid: `uid-${name}` },
  spec: {},
  status: phase ? { phase } : {},
});

/** A pod of the set mounting its `www` claim. */
const member = (ordinal: number, nodeName?: string, status?: any): KObject => {
  const p = pod(`web-${ordinal}`, nodeName, { owner: web(), ...(status ? { status } : {}) });
  p.spec!.volumes = [{ name: 'www', persistentVolumeClaim: { claimName: `www-web-${ordinal}` } }];
  return p;
};

const pendingStatus = {
  phase: 'Pending',
  conditions: [
    {
      type: 'PodScheduled',
      status: 'False',
      reason: 'Unschedulable',
      message: '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
    },
  ],
};

describe('claims of a pod', () => {
  it('names persistentVolumeClaim volumes and the claims of generic ephemeral volumes', () => {
    const p = pod('app', 'n');
    p.spec!.volumes = [
      { name: 'data', persistentVolumeClaim: { claimName: 'data-claim' } },
      { name: 'cfg', configMap: { name: 'c' } },
      { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } },
    ];
    expect(podClaimNames(p)).toEqual(['data-claim', 'app-scratch']);
  });

  it('puts each claim and its phase on the chip; a Pending one is the claim the pod waits for', () => {
    const model = deriveModel([
      member(0, 'n', undefined),
      member(1, undefined, pendingStatus),
      pvc('www-web-0', 'Bound'),
      pvc('www-web-1', 'Pending'),
    ]);
    expect(model.pods.get('Pod/default/web-0')?.claims).toEqual([{ name: 'www-web-0', phase: 'Bound', tone: 'ok' }]);
    const waiting = model.pending[0];
    expect(waiting.name).toBe('web-1');
    expect(waiting.claims).toEqual([{ name: 'www-web-1', phase: 'Pending', tone: 'warn' }]);
    expect(waiting.title).toContain('PVC www-web-1 Pending');
    // the accessible name is unchanged by the marker
    expect(waiting.label).toBe('Pod web-1: Pending');
  });

  it('marks a claim that does not exist', () => {
    const model = deriveModel([member(0, 'n')]);
    expect(model.pods.get('Pod/default/web-0')?.claims).toEqual([{ name: 'www-web-0', phase: 'not found', tone: 'bad' }]);
  });

  it('leaves pods without claims as they were', () => {
    const model = deriveModel([pod('plain', 'n')]);
    expect(model.pods.get('Pod/default/plain')?.claims).toBeUndefined();
  });
});

describe('StatefulSet pods in ordinal order', () => {
  it('orders web-2 before web-10 on the node card and in the Pending lane', () => {
    const objects = [11, 2, 10, 0, 1].map((o) => member(o, 'n'));
    const model = deriveModel([node('n', 'z'), ...objects, member(12), member(3)]);
    expect(model.podsByNode.get('n')!.map((p) => p.name)).toEqual(['web-0', 'web-1', 'web-2', 'web-10', 'web-11']);
    expect(model.pending.map((p) => p.name)).toEqual(['web-3', 'web-12']);
    const chips = layoutGraph(model).items.filter((i) => i.type === 'pod');
    expect(chips.map((c) => c.id)).toEqual(['web-0', 'web-1', 'web-2', 'web-10', 'web-11'].map((n) => `Pod/default/${n}`));
  });

  it('lists the members on the card in ordinal order, with claims kept after a scale-down', () => {
    const pods = [member(1, 'n'), member(0, 'n')];
    const model = deriveModel([web(2), ...pods, pvc('www-web-0', 'Bound'), pvc('www-web-1', 'Bound'), pvc('www-web-2', 'Bound')]);
    const members = model.workloads[0].members!;
    expect(members.map((m) => [m.name, m.status, m.desired, m.claims.map((c) => `${c.name} ${c.phase}`)])).toEqual([
      ['web-0', 'Running', true, ['www-web-0 Bound']],
      ['web-1', 'Running', true, ['www-web-1 Bound']],
      ['web-2', '', false, ['www-web-2 Bound']],
    ]);
    expect(members[0].podKey).toBe('Pod/default/web-0');
    expect(members[2]).toMatchObject({ podKey: null, tone: 'absent' });
    // the card grows a line for them
    const card = layoutGraph(model).items.find((i) => i.id === 'StatefulSet/default/web');
    expect(card?.height).toBe(WL_H + WL_DETAIL_H);
  });

  it('shows a desired ordinal not created yet, and its Pending claim', () => {
    const members = statefulSetMembers(
      web(3),
      deriveModel([member(0, 'n'), member(1, undefined, pendingStatus)]).pending,
      claimIndex([pvc('www-web-0', 'Bound'), pvc('www-web-1', 'Pending')]),
    );
    expect(members.map((m) => [m.ordinal, m.tone, m.claims.map((c) => c.phase)])).toEqual([
      [0, 'absent', ['Bound']],
      [1, 'warn', ['Pending']],
      [2, 'absent', []],
    ]);
  });

  it('draws the set’s edges to its pods', () => {
    const set = web(2);
    const rel = relationsOf(relationIndex([set, member(0, 'n'), member(1, 'n')]), 'StatefulSet/default/web');
    expect(rel.map((r) => r.to).sort()).toEqual(['Pod/default/web-0', 'Pod/default/web-1']);
  });
});
