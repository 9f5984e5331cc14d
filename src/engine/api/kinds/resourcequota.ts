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
import { defaultResourceList } from '../defaulting/resources';
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
  applyDefaults: (rq) => {
    const hard = defaultResourceList(rq.spec?.hard);
    return hard === rq.spec?.hard ? rq : { ...rq, spec: { ...rq.spec, hard } };
  },
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

/**
 * SetDefaults_LimitRangeItem (+ the ResourceList canonical form): a Container item's missing
 * default limit is its max, a missing default request its default limit, else its min.
 */
export function defaultLimitRange(lr: KObject): KObject {
  const limits = lr.spec?.limits;
  if (!Array.isArray(limits)) return lr;
  let changed = false;
  const next = limits.map((item: any) => {
    if (item === null || typeof item !== 'object') return item;
    const out: Record<string, unknown> = { ...item };
    for (const f of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio']) {
      if (out[f] !== undefined) out[f] = defaultResourceList(out[f]);
    }
    if (item.type === 'Container') {
      const def: Record<string, unknown> = { ...((out.default as object) ?? {}) };
      const req: Record<string, unknown> = { ...((out.defaultRequest as object) ?? {}) };
      for (const [k, v] of Object.entries((out.max as object) ?? {})) if (!(k in def)) def[k] = v;
      for (const [k, v] of Object.entries(def)) if (!(k in req)) req[k] = v;
      for (const [k, v] of Object.entries((out.min as object) ?? {})) if (!(k in req)) req[k] = v;
      if (Object.keys(def).length) out.default = def;
      if (Object.keys(req).length) out.defaultRequest = req;
    }
    if (JSON.stringify(out) !== JSON.stringify(item)) changed = true;
    return out;
  });
  return changed ? { ...lr, spec: { ...lr.spec, limits: next } } : lr;
}

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
  applyDefaults: defaultLimitRange,
  validate: validateLimitRange,
  validateUpdate: validateLimitRangeUpdate,
  columns: [
    // The stored creationTimestamp is already RFC 3339 in UTC.
    { name: 'Created At', cell: (o) => o.metadata.creationTimestamp ?? '' },
  ],
};
