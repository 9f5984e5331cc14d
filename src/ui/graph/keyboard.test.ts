import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { node, pod } from './fixtures';
import { navigateFrom, navIndex, navTarget, setGraphNavigator } from './keyboard';
import { CHIPS_PER_ROW, layoutGraph } from './layout';
import { deriveModel } from './model';

const deploy: KObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'uid-d' },
  spec: { replicas: 3 },
};
const rs: KObject = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name: 'web-1',
    namespace: 'default',
    uid: 'uid-rs',
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'uid-d', controller: true }],
  },
  spec: { replicas: 3 },
};
const svc: KObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: {} };

const chips = Array.from({ length: CHIPS_PER_ROW + 2 }, (_, i) => pod(`p${i}`, 'node-a1'));
const objects = [
  node('node-a1', 'zone-a'),
  node('node-a2', 'zone-a'),
  node('node-b1', 'zone-b'),
  node('loner', ''),
  ...chips,
  pod('pend-1'),
  pod('pend-2'),
  deploy,
  rs,
  svc,
];
const idx = navIndex(layoutGraph(deriveModel(objects)).items);
const P = (i: number) => `Pod/default/p${i}`;

describe('navTarget', () => {
  const table: [string, string, string | null][] = [
    // zones (the zone-less group offers nothing, so it is not a stop)
    ['zone:zone-a', 'ArrowRight', 'zone:zone-b'],
    ['zone:zone-b', 'ArrowRight', null],
    ['zone:zone-b', 'ArrowLeft', 'zone:zone-a'],
    ['zone:zone-a', 'ArrowDown', 'Node//node-a1'],
    ['zone:zone-b', 'End', 'zone:zone-b'],
    // node cards
    ['Node//node-a1', 'ArrowUp', 'zone:zone-a'],
    ['Node//node-a1', 'ArrowRight', 'Node//node-a2'],
    ['Node//node-a2', 'ArrowRight', 'Node//node-b1'],
    ['Node//node-a1', 'ArrowDown', P(0)],
    ['Node//node-a2', 'ArrowDown', null],
    ['Node//node-a1', 'End', 'Node//node-a2'],
    ['Node//loner', 'ArrowUp', null],
    // chips in a card: rows of CHIPS_PER_ROW
    [P(0), 'ArrowRight', P(1)],
    [P(0), 'ArrowLeft', null],
    [P(0), 'ArrowUp', 'Node//node-a1'],
    [P(0), 'ArrowDown', P(CHIPS_PER_ROW)],
    [P(CHIPS_PER_ROW + 1), 'ArrowUp', P(1)],
    [P(1), 'ArrowDown', P(CHIPS_PER_ROW + 1)],
    [P(2), 'ArrowDown', null],
    [P(3), 'Home', P(0)],
    [P(0), 'End', P(CHIPS_PER_ROW + 1)],
    // pending lane
    ['Pod/default/pend-1', 'ArrowDown', 'Pod/default/pend-2'],
    ['Pod/default/pend-2', 'ArrowLeft', 'Pod/default/pend-1'],
    ['Pod/default/pend-2', 'ArrowDown', null],
    // workloads: a Deployment with its ReplicaSet below, then the Service's column
    ['Deployment/default/web', 'ArrowDown', 'ReplicaSet/default/web-1'],
    ['ReplicaSet/default/web-1', 'ArrowUp', 'Deployment/default/web'],
    ['ReplicaSet/default/web-1', 'ArrowRight', 'Service/default/web'],
    ['Service/default/web', 'ArrowLeft', 'Deployment/default/web'],
    // not a navigation key, or not a focusable item
    [P(0), 'a', null],
    ['lane:pending', 'ArrowDown', null],
  ];
  for (const [from, key, want] of table) {
    it(`${from} ${key} → ${want}`, () => expect(navTarget(idx, from, key)).toBe(want));
  }

  it('skips ghosts', () => {
    const model = deriveModel([node('n', 'z'), pod('a', 'n'), pod('c', 'n')]);
    const ghost = deriveModel([pod('b', 'n')]).pods.get('Pod/default/b')!;
    const ghostIdx = navIndex(layoutGraph(model, [ghost]).items);
    expect(navTarget(ghostIdx, 'Pod/default/a', 'ArrowRight')).toBe('Pod/default/c');
  });
});

describe('navigateFrom', () => {
  it('hands arrows to the registered navigator only', () => {
    const calls: string[] = [];
    const off = setGraphNavigator((from, key) => {
      calls.push(`${from} ${key}`);
      return true;
    });
    expect(navigateFrom('x', 'ArrowDown')).toBe(true);
    expect(navigateFrom('x', 'Enter')).toBe(false);
    off();
    expect(navigateFrom('x', 'ArrowDown')).toBe(false);
    expect(calls).toEqual(['x ArrowDown']);
  });
});
