import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { Clock } from '../clock/clock';
import { SeededRandom } from '../clock/random';
import { ApiServer, OPTIMISTIC_LOCK_ERROR_MSG } from './apiserver';
import { defaultTolerationSeconds } from './admission-plugins/default-toleration-seconds';
import { namespaceLifecycle } from './admission-plugins/namespace-lifecycle';
import {
  expectApiError,
  leaseManifest,
  namespaceManifest,
  newCluster,
  podManifest,
  recordEvents,
  snapshot,
} from './apiserver-test-fixtures';
import { deepFreeze } from './deep';
import { createKindRegistry, eventKind, leaseKind, namespaceKind, nodeKind, podKind } from './kinds';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** SeededRandom whose string() returns scripted values first (to force name collisions). */
class ScriptedRandom extends SeededRandom {
  constructor(
    seed: number,
    readonly scripted: string[],
  ) {
    super(seed);
  }
  override string(alphabet: string, length: number): string {
    return this.scripted.shift() ?? super.string(alphabet, length);
  }
}

function serverWith(random: SeededRandom): ApiServer {
  const api = new ApiServer(new Clock(), random, createKindRegistry());
  api.admission.register(namespaceLifecycle(api));
  api.admission.register(defaultTolerationSeconds);
  api.create(namespaceManifest('default'));
  return api;
}

describe('ApiServer.create', () => {
  it('sets uid, creationTimestamp, a fresh resourceVersion and generation 1 for pods', () => {
    const { api, clock } = newCluster();
    clock.advance(61_000);
    const before = api.store.resourceVersion;
    const pod = api.create(podManifest('web'));
    expect(pod.metadata.uid).toMatch(UUID_V4);
    expect(pod.metadata.creationTimestamp).toBe('2026-01-01T00:01:01Z');
    expect(pod.metadata.resourceVersion).toBe(String(before + 1));
    expect(pod.metadata.generation).toBe(1);
    expect(pod.metadata.namespace).toBe('default');
    expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
    expect(api.get(podKind, 'default', 'web')).toBe(pod);
  });

  it('keeps resourceVersions strictly increasing across kinds and verbs', () => {
    const { api } = newCluster();
    const rvs: number[] = [];
    const track = (o: KObject) => rvs.push(Number(o.metadata.resourceVersion));
    track(api.create(podManifest('a')));
    track(api.create(leaseManifest('l')));
    const a = api.get(podKind, 'default', 'a');
    track(api.update({ ...a, metadata: { ...a.metadata, labels: { x: '1' } } }));
    track(api.create(namespaceManifest('other')));
    track(api.delete(leaseKind, 'default', 'l').object);
    expect(rvs).toEqual([...rvs].sort((x, y) => x - y));
    expect(new Set(rvs).size).toBe(rvs.length);
    expect(api.store.resourceVersion).toBe(rvs[rvs.length - 1]);
  });

  it('gives kinds without generation tracking no generation', () => {
    const { api } = newCluster();
    const ns = api.create({ ...namespaceManifest('x'), metadata: { name: 'x', generation: 7 } });
    expect(ns.metadata.generation).toBeUndefined();
  });

  it('ignores the system fields a client sends', () => {
    const { api } = newCluster();
    const pod = api.create({
      ...podManifest('web'),
      metadata: {
        name: 'web',
        uid: 'not-mine',
        creationTimestamp: '2000-01-01T00:00:00Z',
        deletionTimestamp: '2000-01-01T00:00:00Z',
        deletionGracePeriodSeconds: 5,
        generation: 42,
      },
      status: { phase: 'Running', podIP: '10.0.0.1' },
    });
    expect(pod.metadata.uid).not.toBe('not-mine');
    expect(pod.metadata.creationTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(pod.metadata.deletionTimestamp).toBeUndefined();
    expect(pod.metadata.deletionGracePeriodSeconds).toBeUndefined();
    expect(pod.metadata.generation).toBe(1);
    expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });

  it('refuses a numeric resourceVersion like the storage layer (500), but not on a dry run or for "0"', () => {
    const { api } = newCluster();
    const before = snapshot(api);
    expectApiError(() => api.create({ ...podManifest('a'), metadata: { name: 'a', resourceVersion: '12' } }), {
      code: 500,
      message: 'resourceVersion should not be set on objects to be created',
    });
    expect(snapshot(api)).toEqual(before);
    expect(
      api.create({ ...podManifest('a'), metadata: { name: 'a', resourceVersion: '12' } }, { dryRun: true }).metadata.name,
    ).toBe('a');
    expect(api.create({ ...podManifest('b'), metadata: { name: 'b', resourceVersion: '0' } }).metadata.resourceVersion).not.toBe(
      '0',
    );
  });

  it.each([
    ['no namespace anywhere', undefined, undefined, 'default'],
    ['the request namespace', undefined, 'team', 'team'],
    ['the object namespace', 'team', undefined, 'team'],
    ['both, agreeing', 'team', 'team', 'team'],
  ])('puts the object in %s', (_what, own, requested, expected) => {
    const { api } = newCluster();
    api.create(namespaceManifest('team'));
    const pod = api.create(podManifest('p', { namespace: own }), { namespace: requested });
    expect(pod.metadata.namespace).toBe(expected);
  });

  it('refuses an object whose namespace differs from the request namespace (400)', () => {
    const { api } = newCluster();
    const before = snapshot(api);
    expectApiError(() => api.create(podManifest('p', { namespace: 'kube-system' }), { namespace: 'default' }), {
      code: 400,
      reason: 'BadRequest',
      message: 'the namespace of the provided object does not match the namespace sent on the request',
    });
    expect(snapshot(api)).toEqual(before);
  });

  it('drops metadata.namespace from cluster-scoped objects', () => {
    const { api } = newCluster();
    const ns = api.create({ ...namespaceManifest('x'), metadata: { name: 'x', namespace: 'default' } }, { namespace: 'default' });
    expect(ns.metadata.namespace).toBeUndefined();
    expect('namespace' in ns.metadata).toBe(false);
  });

  it('generates names from generateName with the real alphabet and length', () => {
    const { api } = newCluster();
    const names = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const pod = api.create(podManifest('', { generateName: 'web-' }));
      expect(pod.metadata.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(pod.metadata.generateName).toBe('web-');
      names.add(pod.metadata.name!);
    }
    expect(names.size).toBe(20);
  });

  it('truncates a long generateName to 58 characters', () => {
    const { api } = newCluster();
    const prefix = 'a'.repeat(70);
    const pod = api.create(podManifest('', { generateName: prefix }));
    expect(pod.metadata.name!.slice(0, 58)).toBe('a'.repeat(58));
    expect(pod.metadata.name).toHaveLength(63);
  });

  it('an explicit name wins over generateName', () => {
    const { api } = newCluster();
    expect(api.create({ ...podManifest('fixed', { generateName: 'web-' }) }).metadata.name).toBe('fixed');
  });

  it('retries a generated name that collides', () => {
    const api = serverWith(new ScriptedRandom(1, ['bbbbb', 'bbbbb', 'ccccc']));
    expect(api.create(podManifest('', { generateName: 'web-' })).metadata.name).toBe('web-bbbbb');
    expect(api.create(podManifest('', { generateName: 'web-' })).metadata.name).toBe('web-ccccc');
  });

  it('gives up after 8 colliding attempts with the GenerateNameConflict error', () => {
    const api = serverWith(new ScriptedRandom(1, Array(9).fill('bbbbb')));
    api.create(podManifest('', { generateName: 'web-' }));
    const before = snapshot(api);
    const err = expectApiError(() => api.create(podManifest('', { generateName: 'web-' })), {
      code: 409,
      reason: 'AlreadyExists',
      message: 'pods "web-bbbbb" already exists, the server was not able to generate a unique name for the object',
    });
    expect(err.status.details?.retryAfterSeconds).toBe(1);
    expect(snapshot(api)).toEqual(before);
    // All 8 attempts drew a name: the one left proves the count.
    expect((api.random as ScriptedRandom).scripted).toEqual([]);
  });

  it('refuses a duplicate name (409 AlreadyExists)', () => {
    const { api } = newCluster();
    api.create(podManifest('web'));
    expectApiError(() => api.create(podManifest('web')), {
      code: 409,
      reason: 'AlreadyExists',
      message: 'pods "web" already exists',
    });
  });

  it('says so when the existing object is being deleted', () => {
    const { api } = newCluster();
    api.create(podManifest('web', { nodeName: 'n1' }));
    api.delete(podKind, 'default', 'web');
    expectApiError(() => api.create(podManifest('web')), {
      code: 409,
      message: 'object is being deleted: pods "web" already exists',
    });
  });

  it('dryRun returns the would-be object and writes nothing', () => {
    const { api } = newCluster();
    const { events } = recordEvents(api);
    const before = snapshot(api);
    const pod = api.create(podManifest('web'), { dryRun: true });
    expect(pod.metadata.name).toBe('web');
    expect(pod.metadata.uid).toMatch(UUID_V4);
    expect(pod.metadata.resourceVersion).toBeUndefined();
    expect(pod.spec.restartPolicy).toBe('Always');
    expect(Object.isFrozen(pod)).toBe(true);
    expect(snapshot(api)).toEqual(before);
    expect(events).toEqual([]);
    expect(api.tryGet(podKind, 'default', 'web')).toBeUndefined();
  });

  it('refuses an invalid object (422) without writing', () => {
    const { api } = newCluster();
    const before = snapshot(api);
    const err = expectApiError(() => api.create(podManifest('web', { spec: { containers: [] } })), {
      code: 422,
      reason: 'Invalid',
    });
    expect(err.message).toMatch(/^Pod "web" is invalid: /);
    expect(snapshot(api)).toEqual(before);
  });

  it('refuses an unknown kind (400)', () => {
    const { api } = newCluster();
    expectApiError(() => api.create({ apiVersion: 'v1', kind: 'Gadget', metadata: { name: 'g' } }), {
      code: 400,
      message: 'no kind "Gadget" is registered for version "v1"',
    });
  });

  it('refuses a namespace that does not exist (404)', () => {
    const { api } = newCluster();
    const before = snapshot(api);
    expectApiError(() => api.create(podManifest('web', { namespace: 'nope' })), {
      code: 404,
      reason: 'NotFound',
      message: 'namespaces "nope" not found',
    });
    expect(snapshot(api)).toEqual(before);
  });

  it('hands out frozen objects', () => {
    const { api } = newCluster();
    const pod = api.create(podManifest('web'));
    expect(Object.isFrozen(pod)).toBe(true);
    expect(Object.isFrozen(pod.metadata)).toBe(true);
    expect(Object.isFrozen(pod.spec.containers[0])).toBe(true);
    expect(() => {
      (pod.metadata as { name?: string }).name = 'other';
    }).toThrow(TypeError);
  });

  it('pods created from one shared spec share what admission does not make per pod', () => {
    const { api } = newCluster();
    const template = deepFreeze({ containers: [{ name: 'c', image: 'nginx:1.27' }] });
    const a = api.create({ ...podManifest('a'), spec: template });
    const b = api.create({ ...podManifest('b'), spec: template });
    expect(a.spec).not.toBe(template);
    // The ServiceAccount plugin names each pod's token volume (kube-api-access-<random>), as
    // upstream does, so each pod has its own spec; the admitted tolerations are shared.
    expect(b.spec.volumes[0].name).not.toBe(a.spec.volumes[0].name);
    expect(b.spec.tolerations).toBe(a.spec.tolerations);
    expect(a.spec.tolerations).toHaveLength(2);
    expect(a.spec.terminationGracePeriodSeconds).toBe(30);
  });
});

describe('ApiServer.get / list', () => {
  function seeded() {
    const cluster = newCluster();
    const { api } = cluster;
    api.create(namespaceManifest('a'));
    api.create(namespaceManifest('a-b'));
    api.create(podManifest('web-1', { namespace: 'a', labels: { app: 'web', tier: 'front' }, nodeName: 'n1' }));
    api.create(podManifest('web', { namespace: 'a', labels: { app: 'web' } }));
    api.create(podManifest('db', { namespace: 'a-b', labels: { app: 'db', tier: 'back' }, nodeName: 'n2' }));
    api.create(podManifest('cache', { labels: { app: 'cache' } }));
    const db = api.get(podKind, 'a-b', 'db');
    api.updateStatus({ ...db, status: { ...db.status, phase: 'Running' } });
    return cluster;
  }
  const names = (items: KObject[]) => items.map((o) => `${o.metadata.namespace}/${o.metadata.name}`);

  it('get returns the stored object or 404', () => {
    const { api } = seeded();
    expect(api.get(podKind, 'a', 'web').metadata.name).toBe('web');
    expectApiError(() => api.get(podKind, 'a', 'nope'), { code: 404, reason: 'NotFound', message: 'pods "nope" not found' });
    expectApiError(() => api.get(leaseKind, 'a', 'l'), { message: 'leases.coordination.k8s.io "l" not found' });
    expect(api.tryGet(podKind, 'a', 'nope')).toBeUndefined();
  });

  it('get of a cluster-scoped kind ignores the namespace', () => {
    const { api } = seeded();
    expect(api.get(namespaceKind, 'whatever', 'a').metadata.name).toBe('a');
  });

  it('lists one namespace or all, in etcd key order, with the store resourceVersion', () => {
    const { api } = seeded();
    expect(names(api.list(podKind, { namespace: 'a' }).items)).toEqual(['a/web', 'a/web-1']);
    // "/registry/pods/a-b/…" sorts before "/registry/pods/a/…" ('-' < '/').
    expect(names(api.list(podKind).items)).toEqual(['a-b/db', 'a/web', 'a/web-1', 'default/cache']);
    expect(api.list(podKind).resourceVersion).toBe(String(api.store.resourceVersion));
    expect(api.list(podKind, { namespace: 'empty' }).items).toEqual([]);
  });

  it.each([
    ['app=web', ['a/web', 'a/web-1']],
    ['app==web', ['a/web', 'a/web-1']],
    ['app!=web', ['a-b/db', 'default/cache']],
    ['app in (web,db)', ['a-b/db', 'a/web', 'a/web-1']],
    ['app notin (web)', ['a-b/db', 'default/cache']],
    ['tier', ['a-b/db', 'a/web-1']],
    ['!tier', ['a/web', 'default/cache']],
    ['app=web,tier=front', ['a/web-1']],
    ['app=web,!tier', ['a/web']],
    ['', ['a-b/db', 'a/web', 'a/web-1', 'default/cache']],
  ])('label selector %j', (selector, expected) => {
    const { api } = seeded();
    expect(names(api.list(podKind, { labelSelector: selector }).items)).toEqual(expected);
  });

  it('refuses a malformed label selector with the parser message (400)', () => {
    const { api } = seeded();
    expectApiError(() => api.list(podKind, { labelSelector: 'app in (web' }), {
      code: 400,
      message: "unable to parse requirement: found '', expected: ',' or ')'",
    });
  });

  it.each([
    ['metadata.name=web', ['a/web']],
    ['metadata.name!=web', ['a-b/db', 'a/web-1', 'default/cache']],
    ['metadata.namespace=a', ['a/web', 'a/web-1']],
    ['spec.nodeName=n1', ['a/web-1']],
    ['spec.nodeName=', ['a/web', 'default/cache']],
    ['spec.host=n2', ['a-b/db']],
    ['status.phase=Running', ['a-b/db']],
    ['status.phase!=Running', ['a/web', 'a/web-1', 'default/cache']],
    ['status.phase=Pending,metadata.namespace=a', ['a/web', 'a/web-1']],
    ['spec.restartPolicy=Always', ['a-b/db', 'a/web', 'a/web-1', 'default/cache']],
    ['spec.schedulerName=default-scheduler,spec.hostNetwork=false', ['a-b/db', 'a/web', 'a/web-1', 'default/cache']],
    ['status.podIPs=x', []],
  ])('pod field selector %j', (selector, expected) => {
    const { api } = seeded();
    expect(names(api.list(podKind, { fieldSelector: selector }).items)).toEqual(expected);
  });

  it.each([
    ['pods', podKind, 'spec.bogus=x', 'field label not supported: spec.bogus'],
    ['pods', podKind, 'status.hostIP=1.2.3.4', 'field label not supported: status.hostIP'],
    ['nodes', nodeKind, 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
    ['namespaces', namespaceKind, 'metadata.namespace=x', 'field label not supported: metadata.namespace'],
    ['events', eventKind, 'message=x', 'field label not supported: message'],
    [
      'leases',
      leaseKind,
      'spec.holderIdentity=me',
      '"spec.holderIdentity" is not a known field selector: only "metadata.name", "metadata.namespace"',
    ],
  ])('refuses an unknown field selector for %s: %s (400, the real message)', (_plural, def, selector, message) => {
    const { api } = seeded();
    expectApiError(() => api.list(def, { fieldSelector: selector }), { code: 400, reason: 'BadRequest', message });
  });

  it('refuses a malformed field selector with the parser message', () => {
    const { api } = seeded();
    expectApiError(() => api.list(podKind, { fieldSelector: 'metadata.name' }), {
      code: 400,
      message: "invalid selector: 'metadata.name'; can't understand 'metadata.name'",
    });
  });

  it('field selectors of other kinds', () => {
    const { api } = seeded();
    api.create(leaseManifest('l1', 'a'));
    api.create(leaseManifest('l2', 'a'));
    expect(api.list(leaseKind, { fieldSelector: 'metadata.name=l2' }).items.map((o) => o.metadata.name)).toEqual(['l2']);
    expect(
      api.list(namespaceKind, { fieldSelector: 'status.phase=Active,metadata.name=a' }).items.map((o) => o.metadata.name),
    ).toEqual(['a']);
  });

  it('hands out frozen objects', () => {
    const { api } = seeded();
    for (const o of api.list(podKind).items) expect(Object.isFrozen(o) && Object.isFrozen(o.spec)).toBe(true);
  });
});

describe('ApiServer.update', () => {
  function withPod() {
    const cluster = newCluster();
    const pod = cluster.api.create(podManifest('web', { labels: { app: 'web' } }));
    return { ...cluster, pod };
  }

  it('refuses a stale resourceVersion with the exact Conflict message', () => {
    const { api, pod } = withPod();
    api.update({ ...pod, metadata: { ...pod.metadata, labels: { app: 'v2' } } });
    const before = snapshot(api);
    const err = expectApiError(() => api.update({ ...pod, metadata: { ...pod.metadata, labels: { app: 'v3' } } }), {
      code: 409,
      reason: 'Conflict',
      message:
        'Operation cannot be fulfilled on pods "web": the object has been modified; please apply your changes to the latest version and try again',
    });
    expect(err.message).toContain(OPTIMISTIC_LOCK_ERROR_MSG);
    expect(snapshot(api)).toEqual(before);
  });

  it('without a resourceVersion the update is unconditional', () => {
    const { api, pod } = withPod();
    api.update({ ...pod, metadata: { ...pod.metadata, labels: { app: 'v2' } } });
    const { resourceVersion: _rv, ...meta } = pod.metadata;
    const updated = api.update({ ...pod, metadata: { ...meta, labels: { app: 'v3' } } });
    expect(updated.metadata.labels).toEqual({ app: 'v3' });
  });

  it('refuses a different uid as a storage precondition (409)', () => {
    const { api, pod } = withPod();
    const before = snapshot(api);
    expectApiError(() => api.update({ ...pod, metadata: { ...pod.metadata, uid: 'other-uid', labels: {} } }), {
      code: 409,
      message: `Operation cannot be fulfilled on pods "web": StorageError: invalid object, Code: 4, Key: /registry/pods/default/web, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: other-uid, UID in object meta: ${pod.metadata.uid}`,
    });
    expect(snapshot(api)).toEqual(before);
  });

  it('404 for a missing object', () => {
    const { api } = newCluster();
    expectApiError(() => api.update(podManifest('ghost')), { code: 404, message: 'pods "ghost" not found' });
  });

  it('a spec write never changes status', () => {
    const { api, pod } = withPod();
    const updated = api.update({ ...pod, metadata: { ...pod.metadata, labels: { app: 'x' } }, status: { phase: 'Running' } });
    expect(updated.status).toBe(pod.status);
    expect(updated.metadata.labels).toEqual({ app: 'x' });
  });

  it('a status write never changes spec or metadata', () => {
    const { api, pod } = withPod();
    const updated = api.updateStatus({
      ...pod,
      metadata: { ...pod.metadata, labels: { hacked: 'yes' }, finalizers: ['x/y'] },
      spec: { ...pod.spec, activeDeadlineSeconds: 5 },
      status: { ...pod.status, phase: 'Running' },
    });
    expect(updated.status.phase).toBe('Running');
    expect(updated.spec).toBe(pod.spec);
    expect({ ...updated.metadata, resourceVersion: undefined }).toEqual({ ...pod.metadata, resourceVersion: undefined });
    expect(updated.metadata.generation).toBe(1);
  });

  it('a pod status write keeps the QoS class when the client drops it', () => {
    const { api, pod } = withPod();
    const updated = api.updateStatus({ ...pod, status: { phase: 'Running' } });
    expect(updated.status).toEqual({ phase: 'Running', qosClass: 'BestEffort' });
  });

  it('bumps generation on a spec change only', () => {
    const { api, pod } = withPod();
    const relabelled = api.update({ ...pod, metadata: { ...pod.metadata, labels: { app: 'x' } } });
    expect(relabelled.metadata.generation).toBe(1);
    const containers = [{ ...relabelled.spec.containers[0], image: 'nginx:1.28' }];
    const respecced = api.update({ ...relabelled, spec: { ...relabelled.spec, containers } });
    expect(respecced.metadata.generation).toBe(2);
    const status = api.updateStatus({ ...respecced, status: { ...respecced.status, phase: 'Running' } });
    expect(status.metadata.generation).toBe(2);
  });

  it('keeps identity and creation time whatever the client sends', () => {
    const { api, pod } = withPod();
    const updated = api.update({
      ...pod,
      metadata: {
        ...pod.metadata,
        creationTimestamp: '1999-01-01T00:00:00Z',
        generation: 9,
        deletionTimestamp: '2030-01-01T00:00:00Z',
      },
    });
    expect(updated).toBe(pod);
  });

  it('a no-op update writes nothing and emits no event', () => {
    const { api, pod } = withPod();
    const { events } = recordEvents(api);
    const rv = api.store.resourceVersion;
    const same = api.update({ ...pod, metadata: { ...pod.metadata } });
    expect(same).toBe(pod);
    expect(api.store.resourceVersion).toBe(rv);
    expect(events).toEqual([]);
    // Defaulted fields left out by the client are no change either.
    const { restartPolicy: _r, ...spec } = pod.spec;
    expect(api.update({ ...pod, spec })).toBe(pod);
  });

  it('dryRun validates and returns the result without writing', () => {
    const { api, pod } = withPod();
    const before = snapshot(api);
    const updated = api.update({ ...pod, metadata: { ...pod.metadata, labels: { app: 'dry' } } }, { dryRun: true });
    expect(updated.metadata.labels).toEqual({ app: 'dry' });
    expect(updated.metadata.resourceVersion).toBe(pod.metadata.resourceVersion);
    expect(snapshot(api)).toEqual(before);
  });

  it('refuses an invalid update (422) without writing', () => {
    const { api, pod } = withPod();
    const before = snapshot(api);
    expectApiError(() => api.update({ ...pod, metadata: { ...pod.metadata, labels: { 'bad key!': 'x' } } }), { code: 422 });
    expect(snapshot(api)).toEqual(before);
  });

  it('/status of a kind without one is 404', () => {
    const { api } = newCluster();
    const lease = api.create(leaseManifest('l'));
    expectApiError(() => api.updateStatus(lease), { code: 404 });
  });

  it('an update re-adds the default tolerations a client removed (DefaultTolerationSeconds runs on UPDATE)', () => {
    const { api, pod } = withPod();
    const updated = api.update({
      ...pod,
      metadata: { ...pod.metadata, labels: { app: 'x' } },
      spec: { ...pod.spec, tolerations: [] },
    });
    expect(updated.spec.tolerations).toEqual(pod.spec.tolerations);
  });
});

describe('ApiServer.patch', () => {
  function withPod() {
    const cluster = newCluster();
    const pod = cluster.api.create(podManifest('web', { labels: { app: 'web' } }));
    return { ...cluster, pod };
  }

  it.each([
    ['merge', { metadata: { labels: { app: 'v2', extra: 'y' } } }],
    ['strategic', { metadata: { labels: { app: 'v2', extra: 'y' } } }],
    [
      'json',
      [
        { op: 'replace', path: '/metadata/labels/app', value: 'v2' },
        { op: 'add', path: '/metadata/labels/extra', value: 'y' },
      ],
    ],
  ] as const)('applies a %s patch', (type, patch) => {
    const { api, pod } = withPod();
    const patched = api.patch(podKind, 'default', 'web', type, patch);
    expect(patched.metadata.labels).toEqual({ app: 'v2', extra: 'y' });
    expect(Number(patched.metadata.resourceVersion)).toBeGreaterThan(Number(pod.metadata.resourceVersion));
    expect(patched.metadata.generation).toBe(1);
  });

  it('a strategic patch of a container image bumps the generation', () => {
    const { api } = withPod();
    const patched = api.patch(podKind, 'default', 'web', 'strategic', {
      spec: { containers: [{ name: 'c', image: 'nginx:1.28' }] },
    });
    expect(patched.spec.containers[0].image).toBe('nginx:1.28');
    expect(patched.metadata.generation).toBe(2);
  });

  it('patches /status without touching the rest', () => {
    const { api, pod } = withPod();
    const patched = api.patch(
      podKind,
      'default',
      'web',
      'merge',
      { status: { phase: 'Running' }, metadata: { labels: { no: 'x' } } },
      { subresource: 'status' },
    );
    expect(patched.status.phase).toBe('Running');
    expect(patched.metadata.labels).toEqual(pod.metadata.labels);
  });

  it.each([
    ['a JSON patch that fails', 'json', [{ op: 'remove', path: '/metadata/labels/missing' }], 422],
    ['a JSON patch test that fails', 'json', [{ op: 'test', path: '/metadata/name', value: 'other' }], 422],
    ['a merge patch that is not an object', 'merge', 'nope', 400],
    ['a patch with a stale resourceVersion', 'merge', { metadata: { resourceVersion: '1', labels: { a: 'b' } } }, 409],
    ['a patch producing an invalid pod', 'merge', { metadata: { labels: { 'bad key!': 'x' } } }, 422],
    ['a patch changing the kind', 'merge', { kind: 'Node' }, 400],
  ] as const)('%s changes nothing', (_what, type, patch, code) => {
    const { api } = withPod();
    const before = snapshot(api);
    expectApiError(() => api.patch(podKind, 'default', 'web', type, patch), { code });
    expect(snapshot(api)).toEqual(before);
  });

  it('404 for a missing object', () => {
    const { api } = withPod();
    expectApiError(() => api.patch(podKind, 'default', 'ghost', 'merge', {}), { code: 404, message: 'pods "ghost" not found' });
  });

  it('a patch that changes nothing writes nothing', () => {
    const { api, pod } = withPod();
    expect(api.patch(podKind, 'default', 'web', 'merge', { metadata: { labels: { app: 'web' } } })).toBe(pod);
  });
});

describe('ApiServer.watch', () => {
  it('delivers ADDED / MODIFIED / DELETED in resourceVersion order with the previous object', () => {
    const { api } = newCluster();
    const seen: { type: string; rv: number; old?: string }[] = [];
    api.watch(leaseKind, (e) => seen.push({ type: e.type, rv: e.resourceVersion, old: e.oldObject?.metadata.resourceVersion }));
    const l = api.create(leaseManifest('l'));
    const l2 = api.update({ ...l, spec: { holderIdentity: 'you' } });
    const gone = api.delete(leaseKind, 'default', 'l');
    expect(seen).toEqual([
      { type: 'ADDED', rv: Number(l.metadata.resourceVersion), old: undefined },
      { type: 'MODIFIED', rv: Number(l2.metadata.resourceVersion), old: l.metadata.resourceVersion },
      { type: 'DELETED', rv: Number(gone.object.metadata.resourceVersion), old: l2.metadata.resourceVersion },
    ]);
  });

  it('filters by kind and namespace', () => {
    const { api } = newCluster();
    api.create(namespaceManifest('other'));
    const seen: string[] = [];
    api.watch(podKind, (e) => seen.push(e.object.metadata.name!), { namespace: 'other' });
    api.create(podManifest('a'));
    api.create(podManifest('b', { namespace: 'other' }));
    api.create(leaseManifest('c', 'other'));
    expect(seen).toEqual(['b']);
  });

  it('a write made by a handler is delivered after the current event, to every watcher', () => {
    const { api } = newCluster();
    const first: string[] = [];
    const second: string[] = [];
    api.watch(podKind, (e) => {
      first.push(`${e.type} ${e.object.metadata.name}`);
      if (e.type === 'ADDED' && e.object.metadata.name === 'a') api.create(podManifest('b'));
    });
    api.watch(podKind, (e) => second.push(`${e.type} ${e.object.metadata.name}`));
    api.create(podManifest('a'));
    expect(first).toEqual(['ADDED a', 'ADDED b']);
    expect(second).toEqual(['ADDED a', 'ADDED b']);
  });

  it('every watcher sees strictly increasing resourceVersions even with nested writes', () => {
    const { api } = newCluster();
    const rvs: number[][] = [[], [], []];
    for (let i = 0; i < 3; i++) {
      api.watch(undefined, (e) => {
        rvs[i].push(e.resourceVersion);
        if (i === 1 && e.type === 'ADDED' && e.object.kind === 'Pod' && e.object.metadata.name!.length < 4) {
          api.create(leaseManifest(`lease-${e.object.metadata.name}`));
          api.create(podManifest(`${e.object.metadata.name}x`));
        }
      });
    }
    api.create(podManifest('a'));
    api.create(podManifest('b'));
    for (const list of rvs) {
      expect(list).toEqual([...list].sort((x, y) => x - y));
      expect(list).toEqual(rvs[0]);
    }
    expect(rvs[0].length).toBeGreaterThan(6);
  });

  it('a watch opened by a handler gets only newer events, once', () => {
    const { api } = newCluster();
    const late: number[] = [];
    let opened = false;
    api.watch(podKind, (e) => {
      if (!opened) {
        opened = true;
        api.create(podManifest('queued'));
        api.watch(podKind, (ev) => late.push(ev.resourceVersion));
      }
      void e;
    });
    api.create(podManifest('a'));
    expect(late).toEqual([]);
    const c = api.create(podManifest('c'));
    expect(late).toEqual([Number(c.metadata.resourceVersion)]);
  });

  it('a throwing handler does not cost other watchers their events; the writer sees the error', () => {
    const { api } = newCluster();
    const seen: string[] = [];
    api.watch(podKind, () => {
      throw new Error('handler bug');
    });
    api.watch(podKind, (e) => seen.push(e.object.metadata.name!));
    expect(() => api.create(podManifest('a'))).toThrow('handler bug');
    expect(seen).toEqual(['a']);
    expect(api.tryGet(podKind, 'default', 'a')).toBeDefined();
  });

  it('stop() ends delivery', () => {
    const { api } = newCluster();
    const seen: string[] = [];
    const stop = api.watch(podKind, (e) => seen.push(e.object.metadata.name!));
    api.create(podManifest('a'));
    stop();
    api.create(podManifest('b'));
    expect(seen).toEqual(['a']);
  });

  it('resumes from a resourceVersion by replaying history, then streams', () => {
    const { api } = newCluster();
    const a = api.create(podManifest('a'));
    const b = api.create(podManifest('b'));
    api.delete(podKind, 'default', 'a');
    const seen: string[] = [];
    api.watch(podKind, (e) => seen.push(`${e.type} ${e.object.metadata.name} ${e.resourceVersion}`), {
      resourceVersion: a.metadata.resourceVersion,
    });
    const c = api.create(podManifest('c'));
    const rv = Number(b.metadata.resourceVersion);
    // Deleting an unscheduled pod marks it (rv+1) then removes it (rv+2).
    expect(seen).toEqual([
      `ADDED b ${rv}`,
      `MODIFIED a ${rv + 1}`,
      `DELETED a ${rv + 2}`,
      `ADDED c ${c.metadata.resourceVersion}`,
    ]);
  });

  it('a handler that writes during the replay sees its write after the replayed events', () => {
    const { api } = newCluster();
    const a = api.create(podManifest('a'));
    api.create(podManifest('b'));
    const seen: string[] = [];
    api.watch(
      podKind,
      (e) => {
        seen.push(e.object.metadata.name!);
        if (e.object.metadata.name === 'a' || (e.object.metadata.name === 'b' && seen.length === 1)) api.create(podManifest('z'));
      },
      { resourceVersion: String(Number(a.metadata.resourceVersion) - 1) },
    );
    expect(seen).toEqual(['a', 'b', 'z']);
  });

  it('resourceVersion "0" starts with the current objects as ADDED', () => {
    const { api } = newCluster();
    api.create(podManifest('a'));
    api.create(podManifest('b'));
    const seen: string[] = [];
    api.watch(podKind, (e) => seen.push(`${e.type} ${e.object.metadata.name}`), { resourceVersion: '0' });
    api.create(podManifest('c'));
    expect(seen).toEqual(['ADDED a', 'ADDED b', 'ADDED c']);
  });

  it('a compacted resourceVersion is 410 Expired with the watch cache message', () => {
    const { api } = newCluster();
    const lease = api.create(leaseManifest('l'));
    let current = lease;
    for (let i = 0; i < 4200; i++) current = api.update({ ...current, spec: { holderIdentity: `h${i}` } });
    const oldest = api.store.oldestResumableVersion();
    expect(oldest).toBeGreaterThan(Number(lease.metadata.resourceVersion));
    expectApiError(() => api.watch(leaseKind, () => {}, { resourceVersion: lease.metadata.resourceVersion }), {
      code: 410,
      reason: 'Expired',
      message: `too old resource version: ${lease.metadata.resourceVersion} (${oldest})`,
    });
    // The oldest resumable version itself still works.
    const seen: number[] = [];
    api.watch(leaseKind, (e) => seen.push(e.resourceVersion), { resourceVersion: String(oldest) });
    expect(seen[0]).toBe(oldest + 1);
  });

  it('refuses a malformed resourceVersion (400)', () => {
    const { api } = newCluster();
    expectApiError(() => api.watch(podKind, () => {}, { resourceVersion: 'abc' }), { code: 400 });
  });
});

describe('refused requests change nothing', () => {
  it.each<[string, (api: ApiServer, pod: KObject) => unknown]>([
    ['create of a duplicate', (api) => api.create(podManifest('web'))],
    ['create in a missing namespace', (api) => api.create(podManifest('x', { namespace: 'nope' }))],
    ['create of an invalid pod', (api) => api.create(podManifest('x', { spec: {} }))],
    [
      'create without metadata',
      (api) =>
        api.create({ apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'c', image: 'x' }] } } as unknown as KObject),
    ],
    ['update without metadata', (api) => api.update({ apiVersion: 'v1', kind: 'Pod' } as unknown as KObject)],
    [
      'update with a stale resourceVersion',
      (api, pod) => api.update({ ...pod, metadata: { ...pod.metadata, resourceVersion: '1' } }),
    ],
    ['update of a missing object', (api) => api.update(podManifest('ghost'))],
    [
      'status update that is invalid',
      (api, pod) => api.updateStatus({ ...pod, status: { phase: 'Running', qosClass: 'Guaranteed' } }),
    ],
    ['patch that fails', (api) => api.patch(podKind, 'default', 'web', 'json', [{ op: 'remove', path: '/nope' }])],
    ['delete with a wrong uid', (api) => api.delete(podKind, 'default', 'web', { preconditions: { uid: 'x' } })],
    [
      'delete with a wrong resourceVersion',
      (api) => api.delete(podKind, 'default', 'web', { preconditions: { resourceVersion: '1' } }),
    ],
    ['delete of a missing object', (api) => api.delete(podKind, 'default', 'ghost')],
    ['delete of the default namespace', (api) => api.delete(namespaceKind, undefined, 'default')],
    ['list with a bad selector', (api) => api.list(podKind, { fieldSelector: 'spec.bogus=1' })],
  ])('%s', (_what, request) => {
    const { api } = newCluster();
    const pod = api.create(podManifest('web', { nodeName: 'n1' }));
    const { events } = recordEvents(api);
    const before = snapshot(api);
    expect(() => request(api, pod)).toThrow();
    expect(snapshot(api)).toEqual(before);
    expect(events).toEqual([]);
  });
});
