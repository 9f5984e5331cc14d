// ServiceAccount (v1): an identity for processes in pods. Each namespace gets a `default` one
// (controllers/serviceaccount); the ServiceAccount admission plugin gives pods their token volume.

import { validateServiceAccount, validateServiceAccountUpdate } from '../validation/config';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

export const serviceAccountKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'ServiceAccount',
  plural: 'serviceaccounts',
  singular: 'serviceaccount',
  shortNames: ['sa'],
  namespaced: true,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  validate: validateServiceAccount,
  validateUpdate: validateServiceAccountUpdate,
  // printers.go printServiceAccount: SECRETS counts the listed (legacy) token secrets.
  columns: [
    { name: 'Secrets', type: 'integer', cell: (o) => String(Array.isArray(o.secrets) ? o.secrets.length : 0) },
    { name: 'Age', cell: age },
  ],
};
