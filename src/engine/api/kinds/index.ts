// The kinds this build serves. Later issues add theirs here.

import { eventKind } from './event';
import type { KindDefinition } from './kind-definition';
import { leaseKind } from './lease';
import { namespaceKind } from './namespace';
import { nodeKind } from './node';
import { podKind } from './pod';
import { priorityClassKind } from './priorityclass';
import { KindRegistry } from './registry';

export const builtinKinds: readonly KindDefinition[] = [
  namespaceKind,
  nodeKind,
  podKind,
  eventKind,
  leaseKind,
  priorityClassKind,
];

export function createKindRegistry(): KindRegistry {
  const registry = new KindRegistry();
  for (const def of builtinKinds) registry.register(def);
  return registry;
}

export { eventKind, leaseKind, namespaceKind, nodeKind, podKind, priorityClassKind };
