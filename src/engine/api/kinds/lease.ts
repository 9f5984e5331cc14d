// Lease (coordination.k8s.io/v1): node heartbeats live in kube-node-lease.

import { defaultLease } from '../defaulting/lease';
import { validateLease, validateLeaseUpdate } from '../validation/lease';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

export const leaseKind: KindDefinition = {
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  plural: 'leases',
  singular: 'lease',
  shortNames: [],
  namespaced: true,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  applyDefaults: defaultLease,
  validate: validateLease,
  validateUpdate: validateLeaseUpdate,
  columns: [
    { name: 'Holder', cell: (o) => o.spec?.holderIdentity ?? '' },
    { name: 'Age', cell: age },
  ],
};
