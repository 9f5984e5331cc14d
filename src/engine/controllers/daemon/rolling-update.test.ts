// The DaemonSet rolling update's classification (update.go rollingUpdate) by table.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { rollingUpdateStep, rolloutLimits } from './rolling-update';

const NOW = Date.parse('2026-01-01T00:10:00Z');
const READY_SINCE = '2026-01-01T00:00:00Z';

/** A pod of revision `hash`: `ready` (since READY_SINCE), or not; `deleting` marks it. */
function pod(name: string, hash: string, ready: boolean, deleting = false): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      labels: { 'controller-revision-hash': hash },
      ...(deleting ? { deletionTimestamp: READY_SINCE } : {}),
    },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: READY_SINCE }],
    },
  };
}

const ds = (rollingUpdate: Record<string, unknown>): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent' },
  spec: { updateStrategy: { type: 'RollingUpdate', rollingUpdate } },
});

function step(nodes: [string, KObject[]][], maxUnavailable: number, maxSurge: number, shouldRun = (_n: string) => true) {
  return rollingUpdateStep({
    nodes,
    hash: 'new',
    generation: undefined,
    limits: { maxUnavailable, maxSurge },
    desiredNumberScheduled: nodes.filter(([n]) => shouldRun(n)).length,
    minReadySeconds: 0,
    nowUnixMs: NOW,
    shouldRun,
  });
}

describe('rolloutLimits', () => {
  it.each([
    [{ maxUnavailable: 1, maxSurge: 0 }, 10, { maxUnavailable: 1, maxSurge: 0 }],
    [{ maxUnavailable: '25%', maxSurge: 0 }, 10, { maxUnavailable: 3, maxSurge: 0 }],
    [{ maxUnavailable: 0, maxSurge: '10%' }, 5, { maxUnavailable: 0, maxSurge: 1 }],
    [{ maxUnavailable: '0%', maxSurge: 0 }, 5, { maxUnavailable: 1, maxSurge: 0 }],
    [{ maxUnavailable: '0%', maxSurge: 0 }, 0, { maxUnavailable: 0, maxSurge: 0 }],
  ])('%j over %d nodes', (ru, desired, expected) => {
    expect(rolloutLimits(ds(ru), desired)).toEqual(expected);
  });
});

describe('rollingUpdateStep without surge', () => {
  it.each<[string, [string, KObject[]][], number, string[]]>([
    [
      'deletes up to maxUnavailable available old pods',
      [
        ['n1', [pod('a', 'old', true)]],
        ['n2', [pod('b', 'old', true)]],
        ['n3', [pod('c', 'old', true)]],
      ],
      2,
      ['a', 'b'],
    ],
    [
      'an unavailable old pod goes at once, beyond the budget',
      [
        ['n1', [pod('a', 'old', false)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      ['a'],
    ],
    [
      'a new pod not yet available uses the budget',
      [
        ['n1', [pod('a', 'new', false)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      [],
    ],
    [
      'an available new pod frees the budget',
      [
        ['n1', [pod('a', 'new', true)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      ['b'],
    ],
    [
      'a node without a pod counts as unavailable',
      [
        ['n1', []],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      [],
    ],
    [
      'a node with an old and a new pod counts as unavailable',
      [
        ['n1', [pod('a', 'old', true), pod('a2', 'new', true)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      [],
    ],
    [
      'two old pods: left to the manage loop, counted unavailable',
      [
        ['n1', [pod('a', 'old', true), pod('a2', 'old', true)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      2,
      ['b'],
    ],
    [
      'a deleting old pod does not count',
      [
        ['n1', [pod('a', 'old', true, true)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      2,
      ['b'],
    ],
  ])('%s', (_name, nodes, maxUnavailable, expected) => {
    expect(step(nodes, maxUnavailable, 0)).toEqual({ podsToDelete: expected, nodesToCreate: [] });
  });
});

describe('rollingUpdateStep with surge', () => {
  it.each<[string, [string, KObject[]][], number, string[], string[], ((n: string) => boolean)?]>([
    [
      'surges onto up to maxSurge nodes with available old pods',
      [
        ['n1', [pod('a', 'old', true)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      [],
      ['n1'],
    ],
    [
      'an unavailable old pod gets its replacement at once',
      [
        ['n1', [pod('a', 'old', false)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      [],
      ['n1', 'n2'],
    ],
    [
      'a surging new pod not yet available uses the budget',
      [
        ['n1', [pod('a', 'old', true), pod('a2', 'new', false)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      [],
      [],
    ],
    [
      'an available new pod retires the old one',
      [
        ['n1', [pod('a', 'old', true), pod('a2', 'new', true)]],
        ['n2', [pod('b', 'old', true)]],
      ],
      1,
      ['a'],
      ['n2'],
    ],
    [
      'an old pod on a node that no longer qualifies waits for enough available pods',
      [
        ['n1', [pod('a', 'old', true)]],
        ['n2', [pod('b', 'new', false)]],
      ],
      1,
      [],
      [],
      (n: string) => n !== 'n1',
    ],
    [
      'and goes once more pods are available than desired',
      [
        ['n1', [pod('a', 'old', true)]],
        ['n2', [pod('b', 'new', true)]],
      ],
      1,
      ['a'],
      [],
      (n: string) => n !== 'n1',
    ],
  ])('%s', (_name, nodes, maxSurge, deletes, creates, shouldRun) => {
    expect(step(nodes, 0, maxSurge, shouldRun)).toEqual({ podsToDelete: deletes, nodesToCreate: creates });
  });
});
