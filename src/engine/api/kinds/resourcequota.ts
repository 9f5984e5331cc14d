// core/v1 ResourceQuota (pkg/registry/core/resourcequota): namespaced, short name `quota`, a status
// subresource written by the resource quota controller (status.hard / status.used). The strategy
// starts the status empty. Table as printers.go printResourceQuota: REQUEST and LIMIT list
// `name: used/hard` for each resource of status.hard sorted by name, `limits.*` in LIMIT.
// LimitRange (`limits`): no status; its table is NAME and CREATED AT (RFC 3339, UTC).

import type { KObject } from '../../../k8s/types';
import {
  validateLimitRange,
  validateLimitRangeUpdate,
  validateResourceQuota,
  validateResourceQuotaStatusUpdate,
  validateResourceQuotaUpdate,
} from '../validation/resourcequota';
import { age } from './columns';
import type { KindDefinition } from './kind-definition';

function quotaColumn(rq: KObject, limits: boolean): string {
  const hard: Record<string, string> = rq.status?.hard ?? {};
  const used: Record<string, string> = rq.status?.used ?? {};
  return Object.keys(hard)
    .sort()
    .filter((r) => (r.split('.')[0] === 'limits' && r.includes('.')) === limits)
    .map((r) => `${r}: ${used[r] ?? '0'}/${hard[r]}`)
    .join(', ');
}

export const resourceQuotaKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'ResourceQuota',
  plural: 'resourcequotas',
  singular: 'resourcequota',
  shortNames: ['quota'],
  namespaced: true,
  categories: [],
  hasStatus: true,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  prepareForCreate: (rq) => {
    const { status: _status, ...rest } = rq;
    return rest as KObject;
  },
  validate: validateResourceQuota,
  validateUpdate: validateResourceQuotaUpdate,
  validateStatusUpdate: validateResourceQuotaStatusUpdate,
  columns: [
    { name: 'Age', cell: age },
    { name: 'Request', cell: (o) => quotaColumn(o, false) },
    { name: 'Limit', cell: (o) => quotaColumn(o, true) },
  ],
};

export const limitRangeKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'LimitRange',
  plural: 'limitranges',
  singular: 'limitrange',
  shortNames: ['limits'],
  namespaced: true,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: true,
  validate: validateLimitRange,
  validateUpdate: validateLimitRangeUpdate,
  columns: [
    // The stored creationTimestamp is already RFC 3339 in UTC.
    { name: 'Created At', cell: (o) => o.metadata.creationTimestamp ?? '' },
  ],
};
