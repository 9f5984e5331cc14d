import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { gcFinalizers, type PropagationPolicy } from './apiserver';
import {
  expectApiError,
  leaseManifest,
  namespaceManifest,
  newCluster,
  podManifest,
  recordEvents,
  snapshot,
} from './apiserver-test-fixtures';
import { eventKind, leaseKind, namespaceKind, nodeKind, podKind } from './kinds';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('pod deletion', () => {
  it('removes an unscheduled pod at once (marked, then deleted, like the real two-step write)', () => {
    const { api } = newCluster();
    api.create(podManifest('web'));
    const { events } = recordEvents(api);
    const result = api.delete(podKind, 'default', 'web');
    expect(result.removed).toBe(true);
    expect(api.tryGet(podKind, 'default', 'web')).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['MODIFIED', 'DELETED']);
    expect(events[0].object.metadata.deletionTimestamp).toBe(at(0));
    expect(events[0].object.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(events[1].object).toBe(result.object);
  });

  it('marks a scheduled pod: deletionTimestamp = now + terminationGracePeriodSeconds', () => {
    const { api, clock } = newCluster();
    clock.advance(10_000);
    api.create(podManifest('web', { nodeName: 'n1' }));
    const result = api.delete(podKind, 'default', 'web');
    expect(result.removed).toBe(false);
    const pod = api.get(podKind, 'default', 'web');
    expect(pod).toBe(result.object);
    expect(pod.metadata.deletionTimestamp).toBe(at(40));
    expect(pod.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(pod.metadata.generation).toBe(2);
  });

  it.each([
    [10, 10, at(10)],
    [0, undefined, undefined],
    [-5, 1, at(1)],
    [3600, 3600, at(3600)],
  ])('a requested grace period of %i seconds gives %s', (requested, grace, deletionTimestamp) => {
    const { api } = newCluster();
    api.create(podManifest('web', { nodeName: 'n1' }));
    const result = api.delete(podKind, 'default', 'web', { gracePeriodSeconds: requested });
    if (grace === undefined) {
      expect(result.removed).toBe(true);
      expect(api.tryGet(podKind, 'default', 'web')).toBeUndefined();
    } else {
      expect(result.object.metadata.deletionGracePeriodSeconds).toBe(grace);
      expect(result.object.metadata.deletionTimestamp).toBe(deletionTimestamp);
    }
  });

  it.each(['Succeeded', 'Failed'])('removes a %s pod at once', (phase) => {
    const { api } = newCluster();
    const pod = api.create(podManifest('web', { nodeName: 'n1' }));
    api.updateStatus({ ...pod, status: { ...pod.status, phase } });
    expect(api.delete(podKind, 'default', 'web').removed).toBe(true);
  });

  it('a second DELETE may only shorten the grace period', () => {
    const { api, clock } = newCluster();
    api.create(podManifest('web', { nodeName: 'n1' }));
    const first = api.delete(podKind, 'default', 'web', { gracePeriodSeconds: 30 }).object;
    const { events } = recordEvents(api);
    // Same or longer, or no grace at all: nothing changes, nothing is written.
    for (const gracePeriodSeconds of [30, 60, undefined]) {
      const again = api.delete(podKind, 'default', 'web', { gracePeriodSeconds });
      expect(again).toEqual({ object: first, removed: false });
    }
    expect(events).toEqual([]);
    clock.advance(5_000);
    const shorter = api.delete(podKind, 'default', 'web', { gracePeriodSeconds: 10 }).object;
    expect(shorter.metadata.deletionTimestamp).toBe(at(10));
    expect(shorter.metadata.deletionGracePeriodSeconds).toBe(10);
    expect(shorter.metadata.generation).toBe(2);
    expect(events.map((e) => e.type)).toEqual(['MODIFIED']);
  });

  it('shortening never moves the deadline into the past (grace becomes 1)', () => {
    const { api, clock } = newCluster();
    api.create(podManifest('web', { nodeName: 'n1' }));
    api.delete(podKind, 'default', 'web', { gracePeriodSeconds: 30 });
    clock.advance(25_000);
    const pod = api.delete(podKind, 'default', 'web', { gracePeriodSeconds: 2 }).object;
    expect(pod.metadata.deletionTimestamp).toBe(at(25));
    expect(pod.metadata.deletionGracePeriodSeconds).toBe(1);
  });

  it('grace 0 on a terminating pod removes it (what the kubelet does at the end)', () => {
    const { api } = newCluster();
    api.create(podManifest('web', { nodeName: 'n1' }));
    api.delete(podKind, 'default', 'web');
    const { events } = recordEvents(api);
    const result = api.delete(podKind, 'default', 'web', { gracePeriodSeconds: 0 });
    expect(result.removed).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['MODIFIED', 'DELETED']);
    expect(api.tryGet(podKind, 'default', 'web')).toBeUndefined();
  });

  it('dryRun deletes nothing', () => {
    const { api } = newCluster();
    api.create(podManifest('a'));
    api.create(podManifest('b', { nodeName: 'n1' }));
    const before = snapshot(api);
    expect(api.delete(podKind, 'default', 'a', { dryRun: true }).removed).toBe(true);
    const b = api.delete(podKind, 'default', 'b', { dryRun: true });
    expect(b.removed).toBe(false);
    expect(b.object.metadata.deletionGracePeriodSeconds).toBe(30);
    expect(snapshot(api)).toEqual(before);
  });

  it('404 for a missing pod', () => {
    const { api } = newCluster();
    expectApiError(() => api.delete(podKind, 'default', 'ghost'), {
      code: 404,
      reason: 'NotFound',
      message: 'pods "ghost" not found',
    });
  });
});

describe('finalizers', () => {
  it('keep an object, marked with grace 0, until an update empties them; it is removed in that request', () => {
    const { api, clock } = newCluster();
    api.create(podManifest('web', { finalizers: ['example.com/hold', 'example.com/second'] }));
    clock.advance(3_000);
    const marked = api.delete(podKind, 'default', 'web');
    expect(marked.removed).toBe(false);
    expect(marked.object.metadata.deletionTimestamp).toBe(at(3));
    expect(marked.object.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(marked.object.metadata.finalizers).toEqual(['example.com/hold', 'example.com/second']);

    const { events } = recordEvents(api);
    const one = api.update({ ...marked.object, metadata: { ...marked.object.metadata, finalizers: ['example.com/second'] } });
    expect(api.get(podKind, 'default', 'web')).toBe(one);
    const last = api.update({ ...one, metadata: { ...one.metadata, finalizers: [] } });
    expect(last.metadata.finalizers).toEqual([]);
    expect(api.tryGet(podKind, 'default', 'web')).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['MODIFIED', 'DELETED']);
    // The DELETED event carries the last stored state.
    expect(events[1].object.metadata.finalizers).toEqual(['example.com/second']);
    expect(events[1].rv).toBe(Number(last.metadata.resourceVersion));
  });

  it('a marked object stays while finalizers remain, whatever else changes', () => {
    const { api } = newCluster();
    const lease = api.create({
      ...leaseManifest('l'),
      metadata: { name: 'l', namespace: 'default', finalizers: ['example.com/hold'] },
    });
    api.delete(leaseKind, 'default', 'l');
    const marked = api.get(leaseKind, 'default', 'l');
    expect(marked.metadata.deletionTimestamp).toBe(at(0));
    const updated = api.update({ ...marked, spec: { holderIdentity: 'other' } });
    expect(updated.spec.holderIdentity).toBe('other');
    expect(updated.metadata.deletionTimestamp).toBe(marked.metadata.deletionTimestamp);
    expect(lease.metadata.deletionTimestamp).toBeUndefined();
  });

  it('a graceful pod whose finalizers are gone still waits for its grace period', () => {
    const { api } = newCluster();
    api.create(podManifest('web', { nodeName: 'n1', finalizers: ['example.com/hold'] }));
    const marked = api.delete(podKind, 'default', 'web').object;
    const cleared = api.update({ ...marked, metadata: { ...marked.metadata, finalizers: [] } });
    expect(api.get(podKind, 'default', 'web')).toBe(cleared);
    expect(api.delete(podKind, 'default', 'web', { gracePeriodSeconds: 0 }).removed).toBe(true);
  });

  it('a force delete of a pod held by finalizers marks it with grace 0 and keeps it', () => {
    const { api } = newCluster();
    api.create(podManifest('web', { nodeName: 'n1', finalizers: ['example.com/hold'] }));
    const result = api.delete(podKind, 'default', 'web', { gracePeriodSeconds: 0 });
    expect(result.removed).toBe(false);
    expect(result.object.metadata.deletionGracePeriodSeconds).toBe(0);
    // A later DELETE on it changes nothing.
    expect(api.delete(podKind, 'default', 'web').object).toBe(result.object);
  });
});

describe('propagation policy', () => {
  it.each<[PropagationPolicy | undefined, string[] | undefined]>([
    [undefined, undefined],
    ['Background', undefined],
    ['Orphan', ['orphan']],
    ['Foreground', ['foregroundDeletion']],
  ])('%s on a lease leaves finalizers %j', (policy, finalizers) => {
    const { api } = newCluster();
    api.create(leaseManifest('l'));
    const result = api.delete(leaseKind, 'default', 'l', { propagationPolicy: policy });
    if (!finalizers) {
      expect(result.removed).toBe(true);
      return;
    }
    expect(result.removed).toBe(false);
    const lease = api.get(leaseKind, 'default', 'l');
    expect(lease.metadata.finalizers).toEqual(finalizers);
    expect(lease.metadata.deletionTimestamp).toBe(at(0));
    expect(lease.metadata.deletionGracePeriodSeconds).toBe(0);
  });

  it('Orphan on a graceful pod adds the finalizer next to the grace period', () => {
    const { api } = newCluster();
    api.create(podManifest('web', { nodeName: 'n1' }));
    const pod = api.delete(podKind, 'default', 'web', { propagationPolicy: 'Orphan' }).object;
    expect(pod.metadata.finalizers).toEqual(['orphan']);
    expect(pod.metadata.deletionGracePeriodSeconds).toBe(30);
  });

  it('a later DELETE of a non-graceful object may still change the GC finalizer (and Background removes it)', () => {
    const { api } = newCluster();
    api.create(leaseManifest('l'));
    api.delete(leaseKind, 'default', 'l', { propagationPolicy: 'Orphan' });
    const foreground = api.delete(leaseKind, 'default', 'l', { propagationPolicy: 'Foreground' });
    expect(foreground.object.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(api.delete(leaseKind, 'default', 'l', { propagationPolicy: 'Background' }).removed).toBe(true);
  });

  it('Events are not garbage collected: a policy adds nothing', () => {
    const { api } = newCluster();
    api.create({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'e1', namespace: 'default' },
      involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' },
      reason: 'Test',
      message: 'hello',
      type: 'Normal',
    });
    expect(api.delete(eventKind, 'default', 'e1', { propagationPolicy: 'Orphan' }).removed).toBe(true);
  });

  it('cluster-scoped objects follow the same rules', () => {
    const { api } = newCluster();
    api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } });
    const result = api.delete(nodeKind, undefined, 'n1', { propagationPolicy: 'Orphan' });
    expect(result.object.metadata.finalizers).toEqual(['orphan']);
  });

  it.each<[string[], PropagationPolicy | undefined, 'Background' | 'Orphan', string[]]>([
    [[], undefined, 'Background', []],
    [[], undefined, 'Orphan', ['orphan']],
    [['a'], 'Orphan', 'Background', ['a', 'orphan']],
    [['orphan', 'a'], 'Foreground', 'Background', ['a', 'foregroundDeletion']],
    [['foregroundDeletion'], undefined, 'Orphan', ['foregroundDeletion']],
    [['orphan', 'a'], undefined, 'Background', ['orphan', 'a']],
    [['orphan', 'a'], 'Orphan', 'Background', ['orphan', 'a']],
    [['orphan', 'foregroundDeletion'], 'Background', 'Background', []],
  ])('gcFinalizers(%j, %s, default %s) = %j', (finalizers, policy, defaultPolicy, expected) => {
    expect(gcFinalizers(finalizers, policy, defaultPolicy)).toEqual(expected);
  });
});

describe('delete preconditions', () => {
  it('a uid precondition that does not match is a 409 naming the kind', () => {
    const { api } = newCluster();
    const pod = api.create(podManifest('web'));
    expectApiError(() => api.delete(podKind, 'default', 'web', { preconditions: { uid: 'other' } }), {
      code: 409,
      reason: 'Conflict',
      message: `Operation cannot be fulfilled on Pod "web": the UID in the precondition (other) does not match the UID in record (${pod.metadata.uid}). The object might have been deleted and then recreated`,
    });
  });

  it('a resourceVersion precondition that does not match is a 409', () => {
    const { api } = newCluster();
    const lease = api.create(leaseManifest('l'));
    expectApiError(() => api.delete(leaseKind, 'default', 'l', { preconditions: { resourceVersion: '1' } }), {
      code: 409,
      message: `Operation cannot be fulfilled on Lease.coordination.k8s.io "l": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${lease.metadata.resourceVersion}). The object might have been modified`,
    });
  });

  it('matching preconditions let the delete through', () => {
    const { api } = newCluster();
    const pod = api.create(podManifest('web'));
    const result = api.delete(podKind, 'default', 'web', {
      preconditions: { uid: pod.metadata.uid, resourceVersion: pod.metadata.resourceVersion },
    });
    expect(result.removed).toBe(true);
  });

  it('namespaces use the namespace storage messages', () => {
    const { api } = newCluster();
    const ns = api.create(namespaceManifest('team'));
    expectApiError(() => api.delete(namespaceKind, undefined, 'team', { preconditions: { uid: 'x' } }), {
      code: 409,
      message: `Operation cannot be fulfilled on namespaces "team": Precondition failed: UID in precondition: x, UID in object meta: ${ns.metadata.uid}`,
    });
    expectApiError(() => api.delete(namespaceKind, undefined, 'team', { preconditions: { resourceVersion: '3' } }), {
      code: 409,
      message: `Operation cannot be fulfilled on namespaces "team": Precondition failed: ResourceVersion in precondition: 3, ResourceVersion in object meta: ${ns.metadata.resourceVersion}`,
    });
  });
});

describe('namespaces', () => {
  it('are created Active with the kubernetes finalizer and the name label', () => {
    const { api } = newCluster();
    const ns = api.create(namespaceManifest('team'));
    expect(ns.spec).toEqual({ finalizers: ['kubernetes'] });
    expect(ns.status).toEqual({ phase: 'Active' });
    expect(ns.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'team' });
  });

  it('DELETE marks a namespace Terminating; the controller empties it and it disappears', () => {
    const { api, clock } = newCluster();
    api.create(namespaceManifest('team'));
    api.create(podManifest('a', { namespace: 'team' }));
    api.create(leaseManifest('l', 'team'));
    api.create(podManifest('keep'));
    clock.advance(1_000);
    const result = api.delete(namespaceKind, undefined, 'team', { propagationPolicy: 'Background' });
    expect(result.removed).toBe(false);
    expect(result.object.status.phase).toBe('Terminating');
    expect(result.object.metadata.deletionTimestamp).toBe(at(1));
    expect(result.object.metadata.finalizers).toBeUndefined();
    expect(api.list(namespaceKind, { fieldSelector: 'status.phase=Terminating' }).items.map((n) => n.metadata.name)).toEqual([
      'team',
    ]);
    clock.runDue();
    expect(api.list(podKind, { namespace: 'team' }).items).toEqual([]);
    expect(api.list(leaseKind, { namespace: 'team' }).items).toEqual([]);
    expect(api.tryGet(namespaceKind, undefined, 'team')).toBeUndefined();
    expect(api.tryGet(podKind, 'default', 'keep')).toBeDefined();
  });

  it('waits for terminating pods before it goes', () => {
    const { api, clock } = newCluster();
    api.create(namespaceManifest('team'));
    api.create(podManifest('a', { namespace: 'team', nodeName: 'n1' }));
    api.delete(namespaceKind, undefined, 'team');
    clock.advance(1_000);
    expect(api.get(podKind, 'team', 'a').metadata.deletionGracePeriodSeconds).toBe(30);
    expect(api.get(namespaceKind, undefined, 'team').status.phase).toBe('Terminating');
    // A second DELETE changes nothing while the namespace is not finalized.
    const ns = api.get(namespaceKind, undefined, 'team');
    expect(api.delete(namespaceKind, undefined, 'team')).toEqual({ object: ns, removed: false });
    // The kubelet would finish the pod; the controller rechecks and finalizes.
    api.delete(podKind, 'team', 'a', { gracePeriodSeconds: 0 });
    clock.advance(10_000);
    expect(api.tryGet(namespaceKind, undefined, 'team')).toBeUndefined();
  });

  it('nothing can be created in a terminating namespace (403, the real message and cause)', () => {
    const { api } = newCluster();
    api.create(namespaceManifest('team'));
    api.create(podManifest('a', { namespace: 'team', nodeName: 'n1' }));
    api.delete(namespaceKind, undefined, 'team');
    const before = snapshot(api);
    const err = expectApiError(() => api.create(podManifest('b', { namespace: 'team' })), {
      code: 403,
      reason: 'Forbidden',
      message: 'pods "b" is forbidden: unable to create new content in namespace team because it is being terminated',
    });
    expect(err.status.details?.causes).toEqual([
      { reason: 'NamespaceTerminating', message: 'namespace team is being terminated', field: 'metadata.namespace' },
    ]);
    expectApiError(() => api.create(podManifest('', { namespace: 'team', generateName: 'web-' })), {
      code: 403,
      message: 'pods "web-" is forbidden: unable to create new content in namespace team because it is being terminated',
    });
    expectApiError(() => api.create(leaseManifest('l', 'team')), {
      message:
        'leases.coordination.k8s.io "l" is forbidden: unable to create new content in namespace team because it is being terminated',
    });
    expect(snapshot(api)).toEqual(before);
    // Updates of what is already there are still allowed.
    const a = api.get(podKind, 'team', 'a');
    expect(api.update({ ...a, metadata: { ...a.metadata, labels: { x: 'y' } } }).metadata.labels).toEqual({ x: 'y' });
  });

  it.each(['default', 'kube-system', 'kube-public'])('%s cannot be deleted (403)', (name) => {
    const { api } = newCluster();
    const before = snapshot(api);
    expectApiError(() => api.delete(namespaceKind, undefined, name), {
      code: 403,
      reason: 'Forbidden',
      message: `namespaces "${name}" is forbidden: this namespace may not be deleted`,
    });
    expect(snapshot(api)).toEqual(before);
  });

  it('propagation policies add GC finalizers to the namespace itself', () => {
    const { api } = newCluster();
    api.create(namespaceManifest('team'));
    const ns = api.delete(namespaceKind, undefined, 'team', { propagationPolicy: 'Orphan' }).object;
    expect(ns.metadata.finalizers).toEqual(['orphan']);
  });

  it('the /finalize subresource changes only spec.finalizers', () => {
    const { api } = newCluster();
    const ns = api.create(namespaceManifest('team'));
    const finalized = api.update(
      { ...ns, metadata: { ...ns.metadata, labels: { other: 'x' } }, spec: { finalizers: [] }, status: { phase: 'Terminating' } },
      { subresource: 'finalize' },
    );
    expect(finalized.spec).toEqual({});
    expect(finalized.metadata.labels).toEqual(ns.metadata.labels);
    expect(finalized.status).toEqual({ phase: 'Active' });
    expectApiError(() => api.update(api.create(podManifest('p')), { subresource: 'finalize' }), { code: 404 });
  });

  it('a finalized terminating namespace is removed by the finalizing update', () => {
    const { api } = newCluster();
    api.create(namespaceManifest('team'));
    // A namespace held by a pod that will not go soon.
    api.create(podManifest('a', { namespace: 'team', nodeName: 'n1' }));
    const ns = api.delete(namespaceKind, undefined, 'team').object;
    api.update({ ...ns, spec: { finalizers: [] } }, { subresource: 'finalize' });
    expect(api.tryGet(namespaceKind, undefined, 'team')).toBeUndefined();
  });

  it('objects handed out by delete are frozen', () => {
    const { api } = newCluster();
    api.create(namespaceManifest('team'));
    const ns: KObject = api.delete(namespaceKind, undefined, 'team').object;
    expect(Object.isFrozen(ns) && Object.isFrozen(ns.status)).toBe(true);
  });
});
