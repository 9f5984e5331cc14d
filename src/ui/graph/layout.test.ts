import { describe, expect, it } from 'vitest';
import {
  AGGREGATE_ABOVE,
  TAG_ROW_H,
  cardHeader,
  tagRows,
  CARD_HEADER,
  PENDING_MAX,
  WORKLOAD_GROUPS_MAX,
  CHIPS_PER_ROW,
  chipPosition,
  layoutGraph,
  nodeCardHeight,
  zoneColumns,
  ZONE_SUMMARY_ABOVE_PODS,
} from './layout';
import { CountHistory } from './history';
import { deriveModel } from './model';
import { node, pod } from './fixtures';
import type { KObject } from '../../k8s/types';

const objects = [
  node('node-b1', 'zone-b'),
  node('node-a2', 'zone-a'),
  node('node-a1', 'zone-a'),
  pod('p1', 'node-a1'),
  pod('p2', 'node-a1'),
  pod('q', 'node-b1'),
];

describe('layoutGraph', () => {
  it('places zones, nodes and chips deterministically by name, parents first', () => {
    const layout = layoutGraph(deriveModel(objects));
    const ids = layout.items.map((i) => i.id);
    expect(ids.slice(0, 6)).toEqual([
      'zone:zone-a',
      'Node//node-a1',
      'Pod/default/p1',
      'Pod/default/p2',
      'Node//node-a2',
      'zone:zone-b',
    ]);
    for (const item of layout.items) if (item.parentId) expect(ids.indexOf(item.parentId)).toBeLessThan(ids.indexOf(item.id));
    const p2 = layout.items.find((i) => i.id === 'Pod/default/p2')!;
    expect({ x: p2.x, y: p2.y }).toEqual(chipPosition(1));
    expect(layout.items.find((i) => i.id === 'lane:pending')).toBeDefined();
    expect(layout.items.find((i) => i.id === 'lane:workloads')).toBeDefined();
  });

  it('does not move anything when an unrelated object changes or arrives in input order', () => {
    const a = layoutGraph(deriveModel(objects));
    const b = layoutGraph(deriveModel([...objects].reverse().concat(pod('x', 'node-b1'))));
    const pos = (l: typeof a, id: string) => l.items.find((i) => i.id === id)!;
    for (const id of ['zone:zone-a', 'Node//node-a1', 'Node//node-a2', 'Pod/default/p1', 'Pod/default/p2', 'Pod/default/q']) {
      expect([pos(b, id).x, pos(b, id).y]).toEqual([pos(a, id).x, pos(a, id).y]);
    }
  });

  it('keeps a ghost in its slot', () => {
    const before = deriveModel(objects);
    const ghost = before.pods.get('Pod/default/p1')!;
    const after = deriveModel(objects.filter((o) => o.metadata.name !== 'p1'));
    const layout = layoutGraph(after, [ghost]);
    const g = layout.items.find((i) => i.id === 'Pod/default/p1')!;
    expect(g.type === 'pod' && g.data.ghost).toBe(true);
    expect({ x: g.x, y: g.y }).toEqual(chipPosition(0));
    expect(layout.items.find((i) => i.id === 'Pod/default/p2')).toMatchObject(chipPosition(1));
  });

  it('grows cards by rows of chips and zones by columns', () => {
    expect(nodeCardHeight(CHIPS_PER_ROW, null)).toBe(nodeCardHeight(1, null));
    expect(nodeCardHeight(CHIPS_PER_ROW + 1, null)).toBeGreaterThan(nodeCardHeight(CHIPS_PER_ROW, null));
    expect(nodeCardHeight(0, null)).toBeGreaterThan(CARD_HEADER);
    expect([1, 3, 4, 9, 10].map(zoneColumns)).toEqual([1, 1, 2, 3, 4]);
  });

  it('aggregates beyond the pod limit: counts on cards, no chips', () => {
    const many = [node('n1', 'z')];
    for (let i = 0; i <= AGGREGATE_ABOVE; i++) many.push(pod(`p${String(i).padStart(4, '0')}`, 'n1'));
    const layout = layoutGraph(deriveModel(many));
    expect(layout.aggregated).toBe(true);
    expect(layout.items.some((i) => i.type === 'pod')).toBe(false);
    const card = layout.items.find((i) => i.type === 'node')!;
    expect(card.type === 'node' && card.data.counts).toEqual([{ status: 'Running', tone: 'ok', count: AGGREGATE_ABOVE + 1 }]);
  });

  it('keeps the chips of the expanded (selected) node and draws a sparkline on every aggregated card', () => {
    const many = [node('n1', 'z'), node('n2', 'z')];
    for (let i = 0; i <= AGGREGATE_ABOVE; i++) many.push(pod(`p${String(i).padStart(4, '0')}`, i % 2 ? 'n1' : 'n2'));
    const history = new CountHistory();
    const layout = layoutGraph(deriveModel(many), [], new Map(), undefined, { expandedNode: 'n1', history, nowMs: 0 });
    const cards = layout.items.filter((i) => i.type === 'node');
    const [n1, n2] = cards.map((c) => c.data as { counts: unknown; expanded?: boolean; spark?: unknown[] });
    expect(n1.counts).toBeNull();
    expect(n1.expanded).toBe(true);
    expect(n2.counts).toEqual([{ status: 'Running', tone: 'ok', count: Math.ceil((AGGREGATE_ABOVE + 1) / 2) }]);
    expect(n2.spark).toEqual([{ total: Math.ceil((AGGREGATE_ABOVE + 1) / 2), ok: Math.ceil((AGGREGATE_ABOVE + 1) / 2), bad: 0 }]);
    const chips = layout.items.filter((i) => i.type === 'pod');
    expect(chips.length).toBe(Math.floor((AGGREGATE_ABOVE + 1) / 2));
    expect(chips.every((c) => c.parentId === 'Node//n1')).toBe(true);
  });

  it('summarises zones in a big cluster until one is opened or holds the selected node', () => {
    const big = [node('a1', 'zone-a'), node('b1', 'zone-b')];
    for (let i = 0; i <= ZONE_SUMMARY_ABOVE_PODS; i++) big.push(pod(`p${String(i).padStart(5, '0')}`, i % 2 ? 'a1' : 'b1'));
    const model = deriveModel(big);
    const closed = layoutGraph(model);
    expect(closed.zoneSummaries).toBe(true);
    expect(closed.items.filter((i) => i.type === 'node')).toHaveLength(0);
    const zoneA = closed.items.find((i) => i.id === 'zone:zone-a')!;
    expect(zoneA.data).toMatchObject({
      summary: { open: false, pods: ZONE_SUMMARY_ABOVE_PODS / 2, counts: [{ status: 'Running' }] },
    });
    const opened = layoutGraph(model, [], new Map(), undefined, { openZones: new Set(['zone-a']) });
    expect(opened.items.filter((i) => i.type === 'node').map((i) => i.id)).toEqual(['Node//a1']);
    const selected = layoutGraph(model, [], new Map(), undefined, { expandedNode: 'b1' });
    expect(selected.items.filter((i) => i.type === 'node').map((i) => i.id)).toEqual(['Node//b1']);
    expect(selected.items.filter((i) => i.type === 'pod')).toHaveLength(ZONE_SUMMARY_ABOVE_PODS / 2 + 1);
    // the Fold button of a zone held open by the selection lets go of the selection
    const zoneData = (layout: typeof closed, id: string) => layout.items.find((i) => i.id === id)?.data;
    expect(zoneData(selected, 'zone:zone-b')).toMatchObject({ summary: { open: true, holdsSelection: true } });
    expect(zoneData(opened, 'zone:zone-a')).toMatchObject({ summary: { open: true, holdsSelection: false } });
  });

  it('lists pending pods with their reason and caps the lane', () => {
    const pend = Array.from({ length: 35 }, (_, i) =>
      pod(`w${String(i).padStart(2, '0')}`, undefined, { status: { phase: 'Pending' } }),
    );
    const layout = layoutGraph(deriveModel([node('n1', 'z'), ...pend]));
    expect(layout.items.filter((i) => i.type === 'pendingPod')).toHaveLength(PENDING_MAX);
    expect(layout.items.find((i) => i.type === 'more')).toMatchObject({ data: { text: `+${35 - PENDING_MAX} more pending` } });
  });
});

describe('the workloads lane of a big cluster', () => {
  const deployment = (i: number): KObject[] => {
    const name = `d${String(i).padStart(3, '0')}`;
    const d: KObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, namespace: 'default', uid: `uid-${name}` },
      spec: { replicas: 1 },
      status: { replicas: 1, readyReplicas: 1 },
    };
    const rs: KObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: `${name}-abc`,
        namespace: 'default',
        uid: `uid-${name}-abc`,
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name, uid: `uid-${name}`, controller: true }],
      },
      spec: { replicas: 1 },
      status: { replicas: 1, readyReplicas: 1 },
    };
    return [d, rs];
  };
  const cluster = [node('n1', 'z'), ...Array.from({ length: WORKLOAD_GROUPS_MAX + 30 }, (_, i) => deployment(i)).flat()];
  const drawnDeployments = (layout: ReturnType<typeof layoutGraph>) =>
    layout.items.filter((i) => i.type === 'workload' && i.id.startsWith('Deployment/')).map((i) => i.id);

  it('draws the first groups and says how many workloads it leaves out', () => {
    const layout = layoutGraph(deriveModel(cluster));
    expect(drawnDeployments(layout)).toHaveLength(WORKLOAD_GROUPS_MAX);
    expect(layout.items.filter((i) => i.type === 'workload')).toHaveLength(2 * WORKLOAD_GROUPS_MAX);
    expect(layout.items.find((i) => i.id === 'more:workloads')).toMatchObject({
      type: 'more',
      parentId: 'lane:workloads',
      data: { text: '+60 more workloads (kubectl get all)' },
    });
  });

  it('keeps the selected workload’s group drawn', () => {
    const layout = layoutGraph(deriveModel(cluster), [], new Map(), undefined, { selectedKey: 'ReplicaSet/default/d120-abc' });
    expect(drawnDeployments(layout)).toHaveLength(WORKLOAD_GROUPS_MAX + 1);
    expect(drawnDeployments(layout)).toContain('Deployment/default/d120');
    expect(layout.items.find((i) => i.id === 'more:workloads')).toMatchObject({
      data: { text: '+58 more workloads (kubectl get all)' },
    });
  });

  it('draws every group up to the bound, with no note', () => {
    const layout = layoutGraph(deriveModel([node('n1', 'z'), ...deployment(1)]));
    expect(drawnDeployments(layout)).toEqual(['Deployment/default/d001']);
    expect(layout.items.find((i) => i.id === 'more:workloads')).toBeUndefined();
  });
});

describe('machine states and countdowns', () => {
  const machines = [
    { name: 'node-a1', zone: 'zone-a', running: false, reachable: false },
    { name: 'node-a2', zone: 'zone-a', running: true, reachable: false },
    { name: 'node-b1', zone: 'zone-b', running: true, reachable: true },
  ];

  it('marks stopped and cut nodes, and a zone whose every node is cut as partitioned', () => {
    const model = deriveModel(objects, machines);
    expect(model.nodes.map((n) => [n.name, n.running, n.reachable])).toEqual([
      ['node-a1', false, false],
      ['node-a2', true, false],
      ['node-b1', true, true],
    ]);
    const zones = layoutGraph(model).items.filter((i) => i.type === 'zone');
    expect(zones.map((z) => [z.id, (z.data as { partitioned: boolean }).partitioned])).toEqual([
      ['zone:zone-a', true],
      ['zone:zone-b', false],
    ]);
    // without machine states every node counts as running and connected
    expect(deriveModel(objects).nodes.every((n) => n.running && n.reachable)).toBe(true);
  });

  it('hands a pod its countdown', () => {
    const countdown = { kind: 'restart' as const, atMs: 1000, durationMs: 10_000, rule: 'container c, crash back-off 10s' };
    const layout = layoutGraph(deriveModel(objects), [], new Map([['Pod/default/p1', countdown]]));
    const data = (id: string) => layout.items.find((i) => i.id === id)!.data as { countdown?: unknown };
    expect(data('Pod/default/p1').countdown).toEqual(countdown);
    expect(data('Pod/default/p2').countdown).toBeUndefined();
  });
});

describe('tag rows', () => {
  it('takes a second row when the tags do not fit one', () => {
    expect(tagRows(['cut'])).toBe(1);
    expect(tagRows(['cut', 'unreachable:NoSchedule,NoExecute'])).toBe(2);
    expect(tagRows(['a', 'b', 'c'])).toBe(1);
    expect(cardHeader(2) - cardHeader(1)).toBe(TAG_ROW_H);
  });
});
