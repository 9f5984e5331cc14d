// Namespace (v1): cluster-scoped; deletion marks it Terminating until the namespace controller
// has emptied it and removed the `kubernetes` spec finalizer.

import { defaultNamespace } from '../defaulting/namespace';
import { validateNamespace, validateNamespaceUpdate } from '../validation/namespace';
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
  validate: validateNamespace,
  validateUpdate: validateNamespaceUpdate,
  deletionOutcome: (obj, ctx) =>
    (obj.spec?.finalizers?.length ?? 0) > 0
      ? {
          kind: 'mark',
          deletionTimestampMs: ctx.nowMs,
          gracePeriodSeconds: 0,
          mutate: (ns) => ({ ...ns, status: { ...ns.status, phase: 'Terminating' } }),
        }
      : { kind: 'remove' },
  fieldSelectors: { 'status.phase': (o) => o.status?.phase },
  columns: [
    { name: 'Status', cell: (o) => o.status?.phase ?? '' },
    { name: 'Age', cell: age },
  ],
};
