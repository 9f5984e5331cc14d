import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import type { ObjectKey } from '../../protocol/messages';
import { node, pod } from './fixtures';
import { layoutGraph } from './layout';
import { deriveModel, rolloutView, deadlineView } from './model';
import {
  ARC_MS,
  MAX_ARCS,
  REPLACE_WINDOW_MS,
  absoluteBoxes,
  arcPath,
  countDirection,
  emptyReplacements,
  expireArcs,
  podChanges,
  trackReplacements,
  type PodChanges,
  type Positions,
  type ReplacementState,
} from './motion';

const rs = (name: string): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name, namespace: 'default', uid: `uid-${name}` },
  spec: { replicas: 3 },
});
const web = rs('web-1');
const api = rs('api-1');
const terminating = (p: KObject): KObject => ({ ...p, metadata: { ...p.metadata, deletionTimestamp: '2026-01-01T00:05:00Z' } });
const pods = (...objs: KObject[]) => deriveModel(objs).pods;

describe('podChanges', () => {
  const a = pod('web-a', 'n1', { owner: web });
  const b = pod('web-b', 'n1', { owner: web });
  const loose = pod('loose', 'n1');
  const cases: { name: string; prev: KObject[]; next: KObject[]; departed: string[]; arrived: string[] }[] = [
    { name: 'nothing changed', prev: [a, b], next: [a, b], departed: [], arrived: [] },
    { name: 'an owned pod deleted', prev: [a, b], next: [a], departed: ['web-b@n1'], arrived: [] },
    { name: 'an owned pod starts terminating', prev: [a, b], next: [a, terminating(b)], departed: ['web-b@n1'], arrived: [] },
    { name: 'a terminating pod finally goes (already counted)', prev: [a, terminating(b)], next: [a], departed: [], arrived: [] },
    {
      name: 'created already bound',
      prev: [a],
      next: [a, pod('web-c', 'n2', { owner: web })],
      departed: [],
      arrived: ['web-c@n2'],
    },
    {
      name: 'created pending: not yet',
      prev: [a],
      next: [a, pod('web-c', undefined, { owner: web })],
      departed: [],
      arrived: [],
    },
    {
      name: 'scheduled out of Pending',
      prev: [a, pod('web-c', undefined, { owner: web })],
      next: [a, pod('web-c', 'n2', { owner: web })],
      departed: [],
      arrived: ['web-c@n2'],
    },
    { name: 'pods without a controller are ignored', prev: [loose], next: [pod('other', 'n2')], departed: [], arrived: [] },
    {
      name: 'a pending pod deleted never left a node',
      prev: [pod('web-p', undefined, { owner: web })],
      next: [],
      departed: [],
      arrived: [],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = podChanges(pods(...c.prev), pods(...c.next));
      const fmt = (list: { key: string; node: string }[]) => list.map((m) => `${m.key.split('/')[2]}@${m.node}`);
      expect(fmt(got.departed)).toEqual(c.departed);
      expect(fmt(got.arrived)).toEqual(c.arrived);
    });
  }
});

describe('trackReplacements', () => {
  const at: Record<string, { x: number; y: number }> = {
    'Pod/default/old1': { x: 10, y: 10 },
    'Pod/default/old2': { x: 20, y: 10 },
    'Pod/default/new1': { x: 300, y: 10 },
    'Pod/default/new2': { x: 310, y: 10 },
    'Pod/default/api-new': { x: 400, y: 10 },
  };
  const positions: Positions = { before: (k) => at[k] ?? null, now: (k) => at[k] ?? null };
  const k = (name: string): ObjectKey => `Pod/default/${name}`;
  const dep = (name: string, owner = web, n = 'node-a1') => ({ key: k(name), owner: owner.metadata.uid!, node: n });
  const arr = (name: string, owner = web, n = 'node-b1') => ({ key: k(name), owner: owner.metadata.uid!, node: n });
  const none: PodChanges = { departed: [], arrived: [] };

  type Step = { t: number; changes: PodChanges; arcs: string[] };
  const table: { name: string; steps: Step[] }[] = [
    {
      name: 'an evicted pod and its replacement, same delta',
      steps: [{ t: 0, changes: { departed: [dep('old1')], arrived: [arr('new1')] }, arcs: ['old1→new1 node-a1→node-b1'] }],
    },
    {
      name: 'replacement a moment later',
      steps: [
        { t: 0, changes: { departed: [dep('old1')], arrived: [] }, arcs: [] },
        { t: 800, changes: { departed: [], arrived: [arr('new1')] }, arcs: ['old1→new1 node-a1→node-b1'] },
      ],
    },
    {
      name: 'too late: outside the window',
      steps: [
        { t: 0, changes: { departed: [dep('old1')], arrived: [] }, arcs: [] },
        { t: REPLACE_WINDOW_MS + 1, changes: { departed: [], arrived: [arr('new1')] }, arcs: [] },
      ],
    },
    {
      name: 'a different owner does not pair (a rollout: old RS down, new RS up)',
      steps: [{ t: 0, changes: { departed: [dep('old1')], arrived: [arr('api-new', api)] }, arcs: [] }],
    },
    {
      name: 'oldest departure first, each used once',
      steps: [
        { t: 0, changes: { departed: [dep('old1')], arrived: [] }, arcs: [] },
        { t: 100, changes: { departed: [dep('old2')], arrived: [] }, arcs: [] },
        { t: 200, changes: { departed: [], arrived: [arr('new1')] }, arcs: ['old1→new1 node-a1→node-b1'] },
        {
          t: 300,
          changes: { departed: [], arrived: [arr('new2')] },
          arcs: ['old1→new1 node-a1→node-b1', 'old2→new2 node-a1→node-b1'],
        },
      ],
    },
    {
      name: 'terminating then deleted counts once',
      steps: [
        { t: 0, changes: { departed: [dep('old1')], arrived: [] }, arcs: [] },
        { t: 100, changes: { departed: [dep('old1')], arrived: [arr('new1')] }, arcs: ['old1→new1 node-a1→node-b1'] },
        { t: 200, changes: { departed: [], arrived: [arr('new2')] }, arcs: ['old1→new1 node-a1→node-b1'] },
      ],
    },
    {
      name: 'arcs go after ARC_MS',
      steps: [
        { t: 0, changes: { departed: [dep('old1')], arrived: [arr('new1')] }, arcs: ['old1→new1 node-a1→node-b1'] },
        { t: ARC_MS - 1, changes: none, arcs: ['old1→new1 node-a1→node-b1'] },
        { t: ARC_MS, changes: none, arcs: [] },
      ],
    },
    {
      name: 'no arc without a laid-out chip (aggregated view), but the departure is used up',
      steps: [
        { t: 0, changes: { departed: [dep('gone')], arrived: [arr('new1')] }, arcs: [] },
        { t: 10, changes: { departed: [], arrived: [arr('new2')] }, arcs: [] },
      ],
    },
  ];
  for (const c of table) {
    it(c.name, () => {
      let s: ReplacementState = emptyReplacements;
      for (const step of c.steps) {
        s = trackReplacements(s, step.changes, step.t, positions);
        expect(s.arcs.map((a) => `${a.fromKey.split('/')[2]}→${a.toKey.split('/')[2]} ${a.fromNode}→${a.toNode}`)).toEqual(
          step.arcs,
        );
      }
    });
  }

  it('caps the arcs showing at once', () => {
    const many = Array.from({ length: 300 }, (_, i) => i);
    const everywhere: Positions = { before: () => ({ x: 0, y: 0 }), now: () => ({ x: 100, y: 0 }) };
    const s = trackReplacements(
      emptyReplacements,
      { departed: many.map((i) => dep(`o${i}`)), arrived: many.map((i) => arr(`n${i}`)) },
      0,
      everywhere,
    );
    expect(s.arcs).toHaveLength(MAX_ARCS);
    expect(s.departures.size).toBe(0);
    // once they fade, new ones may come
    const later = trackReplacements(s, { departed: [dep('x')], arrived: [arr('y')] }, ARC_MS + 1, everywhere);
    expect(later.arcs).toHaveLength(1);
  });

  it('returns the same state when nothing changes', () => {
    expect(trackReplacements(emptyReplacements, none, 5, positions)).toBe(emptyReplacements);
    expect(expireArcs(emptyReplacements, 5)).toBe(emptyReplacements);
  });

  it('pairs through the real pod maps: evicted on node-a1, replaced on node-b2', () => {
    const n = [node('node-a1', 'zone-a'), node('node-b2', 'zone-b')];
    const old = pod('web-x1', 'node-a1', { owner: web });
    const before = deriveModel([...n, old]);
    const after = deriveModel([...n, terminating(old), pod('web-y2', 'node-b2', { owner: web })]);
    const boxes = absoluteBoxes(layoutGraph(after).items);
    const centreOf = (key: ObjectKey) => {
      const b = boxes.get(key);
      return b ? { x: b.x + b.width / 2, y: b.y + b.height / 2 } : null;
    };
    const s = trackReplacements(emptyReplacements, podChanges(before.pods, after.pods), 0, {
      before: centreOf,
      now: centreOf,
    });
    expect(s.arcs).toHaveLength(1);
    expect(s.arcs[0]).toMatchObject({ fromNode: 'node-a1', toNode: 'node-b2' });
    expect(s.arcs[0].to.x).toBeGreaterThan(s.arcs[0].from.x);
  });
});

describe('absoluteBoxes and arcPath', () => {
  it('adds up parent offsets', () => {
    const layout = layoutGraph(deriveModel([node('n1', 'z'), pod('p', 'n1')]));
    const boxes = absoluteBoxes(layout.items);
    const chip = layout.items.find((i) => i.id === 'Pod/default/p')!;
    const card = layout.items.find((i) => i.id === 'Node//n1')!;
    const zone = layout.items.find((i) => i.id === 'zone:z')!;
    expect(boxes.get(chip.id)).toMatchObject({ x: zone.x + card.x + chip.x, y: zone.y + card.y + chip.y });
  });

  it('bows upward either way', () => {
    expect(arcPath({ x: 0, y: 100 }, { x: 200, y: 100 })).toBe('M0,100 Q100,50 200,100');
    expect(arcPath({ x: 200, y: 100 }, { x: 0, y: 100 })).toBe('M200,100 Q100,50 0,100');
  });
});

describe('countDirection', () => {
  const table: [string, string, 'up' | 'down' | null][] = [
    ['2/3', '3/3', 'up'],
    ['3/3', '2/3', 'down'],
    ['3/3', '3/3', null],
    ['0/3', '0/4', 'up'],
    ['3/3', '3/2', 'down'],
    ['2 (1–4)', '3 (1–4)', 'up'],
    ['—', '1/1', null],
  ];
  for (const [prev, next, want] of table) {
    it(`${prev} → ${next}: ${want}`, () => expect(countDirection(prev, next)).toBe(want));
  }
});

describe('rollout and deadline of a Deployment', () => {
  const deploy = (status: Record<string, unknown>, extra: Record<string, unknown> = {}): KObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'uid-d', generation: 2 },
    spec: { replicas: 6, progressDeadlineSeconds: 600, ...extra },
    status: { observedGeneration: 2, ...status },
  });
  const progressing = (reason: string, at = '2026-01-01T00:00:00Z') => ({
    conditions: [{ type: 'Progressing', status: 'True', reason, lastUpdateTime: at }],
  });

  it('follows kubectl rollout status', () => {
    expect(rolloutView(deploy({ updatedReplicas: 2, replicas: 8, availableReplicas: 6 }))).toMatchObject({
      updated: 2,
      desired: 6,
      message: '2 out of 6 new replicas have been updated',
    });
    expect(rolloutView(deploy({ updatedReplicas: 6, replicas: 7, availableReplicas: 6 }))!.message).toBe(
      '1 old replicas are pending termination',
    );
    expect(rolloutView(deploy({ updatedReplicas: 6, replicas: 6, availableReplicas: 5 }))!.message).toBe(
      '5 of 6 updated replicas are available',
    );
    expect(rolloutView(deploy({ updatedReplicas: 6, replicas: 6, availableReplicas: 6 }))).toBeUndefined();
    expect(rolloutView(deploy({ observedGeneration: 1, updatedReplicas: 6, replicas: 6, availableReplicas: 6 }))!.message).toBe(
      'waiting for the spec update to be observed',
    );
  });

  it('counts down to progressDeadlineSeconds from the Progressing condition (timers.ts)', () => {
    const d = deadlineView(deploy({ ...progressing('ReplicaSetUpdated') }));
    expect(d).toEqual({
      atMs: Date.parse('2026-01-01T00:10:00Z'),
      durationMs: 600_000,
      rule: expect.stringContaining('progressDeadlineSeconds 600'),
    });
    expect(deadlineView(deploy({ ...progressing('NewReplicaSetAvailable') }))).toBeUndefined();
    expect(deadlineView(deploy({ ...progressing('ProgressDeadlineExceeded') }))!.atMs).toBeUndefined();
    expect(deadlineView(deploy({ ...progressing('ReplicaSetUpdated') }, { paused: true }))).toBeUndefined();
  });
});
