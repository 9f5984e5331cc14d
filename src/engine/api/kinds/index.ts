// The kinds this build serves. Later issues add theirs here.

import { endpointSliceKind } from './endpointslice';
import { eventKind } from './event';
import type { KindDefinition } from './kind-definition';
import { leaseKind } from './lease';
import { namespaceKind } from './namespace';
import { nodeKind } from './node';
import { podKind } from './pod';
import { priorityClassKind } from './priorityclass';
import { KindRegistry } from './registry';
import { serviceKind } from './service';

export const builtinKinds: readonly KindDefinition[] = [
  namespaceKind,
  nodeKind,
  podKind,
  eventKind,
  leaseKind,
  priorityClassKind,
  serviceKind,
  endpointSliceKind,
];

export function createKindRegistry(): KindRegistry {
  const registry = new KindRegistry();
  for (const def of builtinKinds) registry.register(def);
  return registry;
}

export { endpointSliceKind, eventKind, leaseKind, namespaceKind, nodeKind, podKind, priorityClassKind, serviceKind };
