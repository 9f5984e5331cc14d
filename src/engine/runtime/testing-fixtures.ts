// Test fixtures for the runtime: a tiny API server with a few minimal kinds (no defaulting or
// validation), so these tests do not depend on the real kind definitions.

import type { KObject, OwnerReference } from '../../k8s/types';
import { ApiServer } from '../api/apiserver';
import type { KindDefinition } from '../api/kinds/kind-definition';
import { KindRegistry } from '../api/kinds/registry';
import { Clock } from '../clock/clock';
import { SeededRandom } from '../clock/random';

function testKind(
  group: string,
  kind: string,
  plural: string,
  namespaced: boolean,
  extra: Partial<KindDefinition> = {},
): KindDefinition {
  return {
    group,
    version: 'v1',
    kind,
    plural,
    singular: kind.toLowerCase(),
    shortNames: [],
    namespaced,
    categories: [],
    hasStatus: true,
    tracksGeneration: false,
    defaultPropagationPolicy: 'Background',
    garbageCollected: false,
    columns: [],
    ...extra,
  };
}

export const testKinds = {
  pod: testKind('', 'Pod', 'pods', true),
  node: testKind('', 'Node', 'nodes', false),
  replicaSet: testKind('apps', 'ReplicaSet', 'replicasets', true),
  event: testKind('', 'Event', 'events', true, { hasStatus: false }),
};

export interface TestCluster {
  clock: Clock;
  random: SeededRandom;
  api: ApiServer;
}

export function newTestCluster(seed = 1): TestCluster {
  const clock = new Clock();
  const random = new SeededRandom(seed);
  const registry = new KindRegistry();
  for (const def of Object.values(testKinds)) registry.register(def);
  const api = new ApiServer(clock, random, registry);
  return { clock, random, api };
}

export function pod(
  name: string,
  options: { namespace?: string; nodeName?: string; owners?: OwnerReference[]; labels?: Record<string, string> } = {},
): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: options.namespace ?? 'default',
      ...(options.labels ? { labels: options.labels } : {}),
      ...(options.owners ? { ownerReferences: options.owners } : {}),
    },
    spec: { containers: [{ name: 'c', image: 'nginx' }], ...(options.nodeName ? { nodeName: options.nodeName } : {}) },
  };
}

export function node(name: string): KObject {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {} };
}

export function replicaSet(name: string, namespace = 'default'): KObject {
  return { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name, namespace }, spec: { replicas: 1 } };
}

/** An owner reference to `owner` as its managing controller. */
export function controllerRef(owner: KObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name!,
    uid: owner.metadata.uid!,
    controller: true,
    blockOwnerDeletion: true,
  };
}
