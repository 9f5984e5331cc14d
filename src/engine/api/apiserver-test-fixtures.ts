// Test fixtures for the API server tests: a cluster with no nodes (the namespace controller runs),
// small manifests, a recorder of watch events and a snapshot of the whole store, so a test can
// prove that a refused request changed nothing.

import { expect } from 'vitest';
import type { KObject } from '../../k8s/types';
import { Cluster } from '../cluster/cluster';
import type { WatchEventType } from '../simulation-types';
import type { ApiServer } from './apiserver';
import { ApiError, type StatusReason } from './errors';

export function newCluster(seed = 1): Cluster {
  return new Cluster(seed, { empty: true });
}

export interface PodOptions {
  namespace?: string;
  nodeName?: string;
  labels?: Record<string, string>;
  finalizers?: string[];
  generateName?: string;
  spec?: Record<string, unknown>;
}

export function podManifest(name: string, options: PodOptions = {}): KObject {
  const metadata: KObject['metadata'] = name ? { name } : {};
  if (options.generateName) metadata.generateName = options.generateName;
  if (options.namespace) metadata.namespace = options.namespace;
  if (options.labels) metadata.labels = options.labels;
  if (options.finalizers) metadata.finalizers = options.finalizers;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec: options.spec ?? {
      containers: [{ name: 'c', image: 'nginx:1.27' }],
      ...(options.nodeName ? { nodeName: options.nodeName } : {}),
    },
  };
}

export function namespaceManifest(name: string): KObject {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

export function leaseManifest(name: string, namespace = 'default', holder = 'me'): KObject {
  return { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace }, spec: { holderIdentity: holder } };
}

export interface RecordedEvent {
  type: WatchEventType;
  kind: string;
  key: string;
  rv: number;
  object: KObject;
  oldObject?: KObject;
}

/** Records every watch event of every kind. */
export function recordEvents(api: ApiServer): { events: RecordedEvent[]; stop: () => void } {
  const events: RecordedEvent[] = [];
  const stop = api.watch(undefined, (e) =>
    events.push({
      type: e.type,
      kind: e.object.kind,
      key: e.object.metadata.namespace ? `${e.object.metadata.namespace}/${e.object.metadata.name}` : e.object.metadata.name!,
      rv: e.resourceVersion,
      object: e.object,
      oldObject: e.oldObject,
    }),
  );
  return { events, stop };
}

/** The whole store (every object of every kind, by reference) and its resourceVersion. */
export function snapshot(api: ApiServer): { rv: number; objects: KObject[] } {
  const objects = api.registry.kinds().flatMap((def) => api.list(def).items);
  return { rv: api.store.resourceVersion, objects };
}

/** Runs `fn`, expecting an ApiError with the given fields; returns it. */
export function expectApiError(
  fn: () => unknown,
  expected: { code?: number; reason?: StatusReason; message?: string | RegExp },
): ApiError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught, 'expected an ApiError').toBeInstanceOf(ApiError);
  const err = caught as ApiError;
  if (expected.code !== undefined) expect(err.code).toBe(expected.code);
  if (expected.reason !== undefined) expect(err.reason).toBe(expected.reason);
  if (typeof expected.message === 'string') expect(err.message).toBe(expected.message);
  else if (expected.message) expect(err.message).toMatch(expected.message);
  return err;
}
