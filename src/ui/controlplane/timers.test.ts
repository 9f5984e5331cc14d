import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import {
  countdownFraction,
  countdownText,
  crashLoopRestarts,
  evictionCountdowns,
  formatCountdown,
  notReadyNodes,
  parseBackOff,
  podCountdowns,
  progressDeadlines,
  tolerates,
} from './timers';

const T0 = Date.UTC(2026, 0, 1);
const iso = (s: number) => new Date(T0 + s * 1000).toISOString().replace('.000Z', 'Z');
const at = (s: number) => T0 + s * 1000;

const DEFAULT_TOLERATIONS = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

function node(name: string, ready: string, since: number, taints: unknown[] = []): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name },
    spec: { taints },
    status: { conditions: [{ type: 'Ready', status: ready, lastTransitionTime: iso(since) }] },
  };
}

function pod(name: string, nodeName: string, tolerations: unknown[] = DEFAULT_TOLERATIONS, over: Partial<KObject> = {}): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { nodeName, tolerations, containers: [{ name: 'app' }] },
    status: { phase: 'Running' },
    ...over,
  };
}

const unreachable = (added: number) => ({ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute', timeAdded: iso(added) });

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [-5000, '0:00'],
    [1, '0:01'],
    [28_000, '0:28'],
    [252_000, '4:12'],
    [3_723_000, '1:02:03'],
  ])('%i ms → %s', (ms, text) => expect(formatCountdown(ms)).toBe(text));
});

describe('notReadyNodes', () => {
  it('lists not-Ready nodes with the time since Ready changed, and their NoExecute taint if any', () => {
    const rows = notReadyNodes(
      [node('b', 'Unknown', 10, [unreachable(15)]), node('a', 'False', 40), node('ok', 'True', 0)],
      at(100),
    );
    expect(rows).toEqual([
      { key: 'Node//a', name: 'a', status: 'False', sinceMs: 60_000, noExecute: undefined },
      {
        key: 'Node//b',
        name: 'b',
        status: 'Unknown',
        sinceMs: 90_000,
        noExecute: { key: 'node.kubernetes.io/unreachable', addedMs: at(15) },
      },
    ]);
  });
});

describe('tolerates', () => {
  const taint = { key: 'k', value: 'v', effect: 'NoExecute' };
  it.each([
    [{ key: 'k', operator: 'Exists' }, true],
    [{ operator: 'Exists' }, true],
    [{ key: 'k', operator: 'Equal', value: 'v' }, true],
    [{ key: 'k', value: 'v' }, true],
    [{ key: 'k', value: 'w' }, false],
    [{ key: 'other', operator: 'Exists' }, false],
    [{ key: 'k', operator: 'Exists', effect: 'NoSchedule' }, false],
  ])('%j → %s', (t, ok) => expect(tolerates(t, taint)).toBe(ok));
});

describe('evictionCountdowns (taint eviction)', () => {
  it('counts down from the taint timeAdded + tolerationSeconds, naming the rule', () => {
    const rows = evictionCountdowns(
      [pod('web-1', 'n1'), pod('web-2', 'n2')],
      [node('n1', 'Unknown', 0, [unreachable(40)]), node('n2', 'True', 0)],
      at(88),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        key: 'Pod/default/web-1',
        node: 'n1',
        atMs: at(340),
        remainingMs: 252_000,
        rule: 'tolerationSeconds 300 on node.kubernetes.io/unreachable',
      }),
    ]);
    expect(formatCountdown(rows[0].remainingMs)).toBe('4:12');
  });

  it('uses the smallest tolerationSeconds over the taints', () => {
    const tolerations = [
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ];
    const n = node('n1', 'Unknown', 0, [
      unreachable(10),
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: iso(0) },
    ]);
    const [row] = evictionCountdowns([pod('p', 'n1', tolerations)], [n], at(20));
    expect(row.atMs).toBe(at(40));
    expect(row.rule).toBe('tolerationSeconds 30 on node.kubernetes.io/unreachable');
  });

  it('has no countdown for untolerated taints, tolerations without seconds, or terminating pods', () => {
    const n = node('n1', 'Unknown', 0, [unreachable(0)]);
    const forever = [{ operator: 'Exists' }];
    expect(
      evictionCountdowns(
        [
          pod('none', 'n1', []),
          pod('forever', 'n1', forever),
          pod('going', 'n1', undefined, { metadata: { name: 'going', namespace: 'default', deletionTimestamp: iso(1) } }),
        ],
        [n],
        at(5),
      ),
    ).toEqual([]);
  });
});

describe('progressDeadlines', () => {
  function deployment(
    name: string,
    reason: string,
    status: string,
    updated: number,
    over: Record<string, unknown> = {},
  ): KObject {
    return {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, namespace: 'default' },
      spec: { progressDeadlineSeconds: 600, ...over },
      status: { conditions: [{ type: 'Progressing', status, reason, lastUpdateTime: iso(updated) }] },
    };
  }

  it('counts down from lastUpdateTime + progressDeadlineSeconds while a rollout progresses', () => {
    const rows = progressDeadlines(
      [
        deployment('rolling', 'ReplicaSetUpdated', 'True', 100),
        deployment('done', 'NewReplicaSetAvailable', 'True', 0),
        deployment('paused', 'ReplicaSetUpdated', 'True', 0, { paused: true }),
        deployment('failed', 'ProgressDeadlineExceeded', 'False', 0),
      ],
      at(400),
    );
    expect(rows.map((r) => [r.name, r.remainingMs])).toEqual([
      ['failed', undefined],
      ['rolling', 300_000],
    ]);
  });
});

describe('crashLoopRestarts', () => {
  it('parses the back-off from the waiting message', () => {
    expect(parseBackOff('back-off 40s restarting failed container=app pod=p_default(u)')).toBe(40_000);
    expect(parseBackOff('back-off 5m0s restarting failed container=app')).toBe(300_000);
    expect(parseBackOff('something else')).toBeUndefined();
  });

  it('counts from the last termination', () => {
    const p = pod('crashy', 'n1', [], {
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'app',
            state: {
              waiting: {
                reason: 'CrashLoopBackOff',
                message: 'back-off 40s restarting failed container=app pod=crashy_default(u)',
              },
            },
            lastState: { terminated: { finishedAt: iso(100) } },
          },
          { name: 'ok', state: { running: {} } },
        ],
      },
    });
    const rows = crashLoopRestarts([p], at(112));
    expect(rows).toEqual([
      expect.objectContaining({
        key: 'Pod/default/crashy',
        node: 'n1',
        container: 'app',
        backOffMs: 40_000,
        remainingMs: 28_000,
      }),
    ]);
    expect(formatCountdown(rows[0].remainingMs!)).toBe('0:28');
  });
});

describe('podCountdowns (graph rings)', () => {
  const crashing = (name: string, nodeName: string, finished: number, backOff: string) =>
    pod(name, nodeName, DEFAULT_TOLERATIONS, {
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'app',
            state: { waiting: { reason: 'CrashLoopBackOff', message: `back-off ${backOff} restarting failed container=app` } },
            lastState: { terminated: { finishedAt: iso(finished) } },
          },
        ],
      },
    });

  it('gives each pod its soonest countdown, with the rule for the tooltip', () => {
    const nodes = [node('n1', 'Unknown', 0, [unreachable(40)]), node('n2', 'True', 0)];
    const pods = [
      pod('web-1', 'n1'),
      crashing('crashy', 'n2', 100, '40s'),
      crashing('both', 'n1', 100, '10s'),
      pod('fine', 'n2'),
    ];
    const map = podCountdowns(pods, nodes, at(88));
    expect([...map.keys()].sort()).toEqual(['Pod/default/both', 'Pod/default/crashy', 'Pod/default/web-1']);
    const web = map.get('Pod/default/web-1')!;
    expect(web).toEqual({
      kind: 'eviction',
      atMs: at(340),
      durationMs: 300_000,
      rule: 'tolerationSeconds 300 on node.kubernetes.io/unreachable',
    });
    expect(countdownText(web, at(88))).toBe('evicted in 4:12 (tolerationSeconds 300 on node.kubernetes.io/unreachable)');
    expect(countdownFraction(web, at(190))).toBeCloseTo(0.5);
    expect(countdownFraction(web, at(400))).toBe(1);

    const crashy = map.get('Pod/default/crashy')!;
    expect(crashy).toMatchObject({ kind: 'restart', atMs: at(140), durationMs: 40_000 });
    expect(countdownText(crashy, at(112))).toBe('restart in 0:28 (container app, crash back-off 40s)');
    // the restart (at 110) comes before the eviction (at 340)
    expect(map.get('Pod/default/both')).toMatchObject({ kind: 'restart', atMs: at(110) });
  });
});
