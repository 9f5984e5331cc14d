import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../k8s/types';
import { computeHash, fnv32a, safeEncodeString, utf8Bytes } from './pod-template-hash';
import {
  deploymentTimedOut,
  findActiveOrLatest,
  lastRevision,
  maxRevision,
  maxSurge,
  maxUnavailable,
  newRSNewReplicas,
  replicaSetProportion,
  resolveFenceposts,
  setCondition,
  setNewReplicaSetAnnotations,
  type DeploymentStatus,
} from './util';

function deployment(
  replicas: number,
  surge: unknown = '25%',
  unavailable: unknown = '25%',
  extra: Record<string, unknown> = {},
): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', namespace: 'default', uid: 'd-uid', generation: 1 },
    spec: {
      replicas,
      progressDeadlineSeconds: 600,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: surge, maxUnavailable: unavailable } },
      ...extra,
    },
    status: {},
  };
}

function rs(name: string, replicas: number, annotations: Record<string, string> = {}, created = '2026-01-01T00:00:00Z'): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, uid: `${name}-uid`, creationTimestamp: created, annotations },
    spec: { replicas },
    status: { replicas },
  };
}

describe('pod-template-hash', () => {
  it('is FNV-1a 32 (known vectors)', () => {
    expect(fnv32a([])).toBe(0x811c9dc5);
    expect(fnv32a(utf8Bytes('a'))).toBe(0xe40c292c);
    expect(fnv32a(utf8Bytes('foobar'))).toBe(0xbf9cf968);
  });

  it('maps decimal digits through SafeEncodeString (0→4 … 9→f)', () => {
    expect(safeEncodeString('0123456789')).toBe('456789bcdf');
  });

  it('is stable per template, changes with the template and with collisionCount', () => {
    const t = { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.7.9' }] } };
    const same = { spec: { containers: [{ image: 'nginx:1.7.9', name: 'nginx' }] }, metadata: { labels: { app: 'nginx' } } };
    expect(computeHash(t)).toBe(computeHash(same));
    expect(computeHash(t)).toMatch(/^[456789bcdf]{1,10}$/);
    expect(computeHash(t, 1)).not.toBe(computeHash(t));
    expect(computeHash({ ...t, spec: { containers: [{ name: 'nginx', image: 'nginx:1.9.1' }] } })).not.toBe(computeHash(t));
  });
});

describe('fenceposts', () => {
  it('rounds maxSurge up and maxUnavailable down; both 0 → unavailable 1', () => {
    expect(resolveFenceposts('25%', '25%', 1)).toEqual({ surge: 1, unavailable: 0 });
    expect(resolveFenceposts('25%', '25%', 3)).toEqual({ surge: 1, unavailable: 0 });
    expect(resolveFenceposts('25%', '25%', 4)).toEqual({ surge: 1, unavailable: 1 });
    expect(resolveFenceposts('25%', '25%', 10)).toEqual({ surge: 3, unavailable: 2 });
    expect(resolveFenceposts(0, '10%', 5)).toEqual({ surge: 0, unavailable: 1 });
    expect(resolveFenceposts(3, 2, 10)).toEqual({ surge: 3, unavailable: 2 });
  });

  it('MaxUnavailable clamps to replicas and is 0 for Recreate', () => {
    expect(maxUnavailable(deployment(2, 0, 5))).toBe(2);
    expect(maxUnavailable(deployment(0))).toBe(0);
    const recreate = { ...deployment(3), spec: { ...deployment(3).spec, strategy: { type: 'Recreate' } } };
    expect(maxUnavailable(recreate)).toBe(0);
    expect(maxSurge(recreate)).toBe(0);
  });

  it('NewRSNewReplicas scales up within replicas + maxSurge', () => {
    const d = deployment(3);
    const old = rs('old', 3);
    const fresh = rs('new', 0);
    expect(newRSNewReplicas(d, [old, fresh], fresh)).toBe(1);
    expect(newRSNewReplicas(d, [rs('old', 2), rs('new', 1)], rs('new', 1))).toBe(2);
    expect(newRSNewReplicas(d, [rs('old', 3), rs('new', 1)], rs('new', 1))).toBe(1);
  });
});

describe('proportional scaling', () => {
  it('10 → 15 during a stuck rollout: 8 + 5 becomes 11 + 7', () => {
    const d = deployment(15, 3, 2, {});
    d.status = { replicas: 13 };
    const old = rs('old', 8, { 'deployment.kubernetes.io/max-replicas': '13' });
    const fresh = rs('new', 5, { 'deployment.kubernetes.io/max-replicas': '13' });
    const toAdd = 18 - 13;
    const p1 = replicaSetProportion(old, d, toAdd, 0);
    const p2 = replicaSetProportion(fresh, d, toAdd, p1);
    expect([8 + p1, 5 + p2]).toEqual([11, 7]);
  });

  it('FindActiveOrLatest: the only active RS, the newest when none, nothing for two', () => {
    const a = rs('a', 0, {}, '2026-01-01T00:00:00Z');
    const b = rs('b', 0, {}, '2026-01-01T00:01:00Z');
    expect(findActiveOrLatest(undefined, [a, b])?.metadata.name).toBe('b');
    expect(findActiveOrLatest(rs('n', 2), [a])?.metadata.name).toBe('n');
    expect(findActiveOrLatest(rs('n', 2), [rs('x', 1)])).toBeUndefined();
  });
});

describe('revisions and annotations', () => {
  it('MaxRevision / LastRevision', () => {
    const list = [1, 3, 2].map((r) => rs(`r${r}`, 0, { 'deployment.kubernetes.io/revision': String(r) }));
    expect(maxRevision(list)).toBe(3);
    expect(lastRevision(list)).toBe(2);
  });

  it('copies annotations (not the skipped ones), bumps the revision and keeps the old one in revision-history', () => {
    const d = deployment(3);
    d.metadata.annotations = {
      'kubernetes.io/change-cause': 'kubectl set image …',
      'kubectl.kubernetes.io/last-applied-configuration': '{}',
      'deployment.kubernetes.io/revision': '9',
    };
    const old = rs('r', 3, { 'deployment.kubernetes.io/revision': '1' });
    const { rs: out, changed } = setNewReplicaSetAnnotations(d, old, 4, true);
    expect(changed).toBe(true);
    expect(out.metadata.annotations).toEqual({
      'deployment.kubernetes.io/revision': '4',
      'deployment.kubernetes.io/revision-history': '1',
      'kubernetes.io/change-cause': 'kubectl set image …',
    });
    const again = setNewReplicaSetAnnotations(d, out, 6, true).rs;
    expect(again.metadata.annotations?.['deployment.kubernetes.io/revision-history']).toBe('1,4');
  });

  it('a new RS gets desired-replicas and max-replicas', () => {
    const out = setNewReplicaSetAnnotations(deployment(10), rs('n', 0), 1, false).rs;
    expect(out.metadata.annotations?.['deployment.kubernetes.io/desired-replicas']).toBe('10');
    expect(out.metadata.annotations?.['deployment.kubernetes.io/max-replicas']).toBe('13');
  });
});

describe('conditions', () => {
  it('SetDeploymentCondition keeps lastTransitionTime when only the reason changes and moves it last', () => {
    let s: DeploymentStatus = {};
    s = setCondition(s, { type: 'Progressing', status: 'True', reason: 'A', lastTransitionTime: 't0', lastUpdateTime: 't0' });
    s = setCondition(s, { type: 'Available', status: 'True', reason: 'X', lastTransitionTime: 't0', lastUpdateTime: 't0' });
    s = setCondition(s, { type: 'Progressing', status: 'True', reason: 'B', lastTransitionTime: 't1', lastUpdateTime: 't1' });
    expect(s.conditions!.map((c) => c.type)).toEqual(['Available', 'Progressing']);
    expect(s.conditions![1].lastTransitionTime).toBe('t0');
    const same = setCondition(s, { type: 'Progressing', status: 'True', reason: 'B', lastTransitionTime: 't2' });
    expect(same).toBe(s);
  });

  it('times out strictly after lastUpdateTime + progressDeadlineSeconds', () => {
    const d = deployment(3);
    const at = Date.parse('2026-01-01T00:00:00Z');
    const s: DeploymentStatus = {
      conditions: [{ type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', lastUpdateTime: '2026-01-01T00:00:00Z' }],
    };
    expect(deploymentTimedOut(d, s, at + 600_000)).toBe(false);
    expect(deploymentTimedOut(d, s, at + 600_001)).toBe(true);
  });
});
