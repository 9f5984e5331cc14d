// Namespace (v1): cluster-scoped; deletion marks it Terminating until the namespace controller
// has emptied it and removed the `kubernetes` spec finalizer.
//
// Deliberate difference (pkg/registry/core/namespace/strategy.go): upstream PrepareForUpdate keeps
// spec.finalizers on the main resource, so only `/finalize` can remove them. Here a main update
// may change them too, because the namespace controller finalizes with a plain update.

import { defaultNamespace, prepareNamespaceForCreate } from '../defaulting/namespace';
import {
  validateNamespace,
  validateNamespaceFinalizeUpdate,
  validateNamespaceStatusUpdate,
  validateNamespaceUpdate,
} from '../validation/namespace';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

export const namespaceKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'Namespace',
  plural: 'namespaces',
  singular: 'namespace',
  shortNames: ['ns'],
  namespaced: false,
  categories: [],
  hasStatus: true,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultNamespace,
  // PrepareForCreate: status is exactly {phase: Active} and spec.finalizers gets `kubernetes`.
  prepareForCreate: prepareNamespaceForCreate,
  validate: validateNamespace,
  validateUpdate: validateNamespaceUpdate,
  validateStatusUpdate: validateNamespaceStatusUpdate,
  validateFinalizeUpdate: validateNamespaceFinalizeUpdate,
  lifecycleDeletion: {
    markTerminating: (ns) =>
      ns.status?.phase === 'Terminating' ? ns : { ...ns, status: { ...ns.status, phase: 'Terminating' } },
    awaitingFinalization: (ns) => (ns.spec?.finalizers?.length ?? 0) > 0,
  },
  fieldLabels: ['status.phase', 'metadata.name'],
  fieldSelectors: { 'status.phase': (o) => o.status?.phase },
  columns: [
    { name: 'Status', cell: (o) => o.status?.phase ?? '' },
    { name: 'Age', cell: age },
  ],
};
