// core/v1 ResourceQuota and LimitRange validation (pkg/apis/core/validation ValidateResourceQuota,
// ValidateResourceQuotaUpdate, ValidateResourceQuotaStatusUpdate, ValidateLimitRange).
//
// Map iteration follows the object's key order (Go's is random, so the order of several errors
// may differ from a real server). LimitRange's min/max messages render the offending quantity as
// its string (upstream passes the Quantity struct, which field.Error prints with %#v).

import { nameIsDNSSubdomain } from '../../../k8s/names';
import type { Quantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import {
  decodeQuantity,
  isHugePageResourceName,
  validateContainerResourceName,
  validateResourceName,
  validateResourceQuantityValue,
} from './resources';
import { asArray, asObj, asString, child, index, key, semanticEqual } from './util';
import { isQualifiedName } from '../../../k8s/names';

const STANDARD_QUOTA_RESOURCES = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.storage',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'persistentvolumeclaims',
  'configmaps',
  'services.nodeports',
  'services.loadbalancers',
]);
export const QUOTA_SCOPES = [
  'BestEffort',
  'CrossNamespacePodAffinity',
  'NotBestEffort',
  'NotTerminating',
  'PriorityClass',
  'Terminating',
];
export const LIMIT_TYPES = ['Container', 'PersistentVolumeClaim', 'Pod'];

function isStandardQuotaResourceName(name: string): boolean {
  return STANDARD_QUOTA_RESOURCES.has(name) || name.startsWith('requests.hugepages-');
}

/** ValidateResourceQuotaResourceName. */
function validateQuotaResourceName(name: string, path: string): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes('/') && !isStandardQuotaResourceName(name))
    errs.push(field.invalid(path, name, 'must be a standard resource for quota'));
  return errs;
}

function validateQuotaList(list: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [name, raw] of Object.entries(asObj(list))) {
    const p = key(path, name);
    errs.push(...validateQuotaResourceName(name, p));
    const q = decodeQuantity(raw);
    if (q) errs.push(...validateResourceQuantityValue(name, q, p));
  }
  return errs;
}

function validateQuotaSpec(specIn: unknown): FieldError[] {
  const spec = asObj(specIn);
  const errs = validateQuotaList(spec.hard, 'spec.hard');
  asArray(spec.scopes).forEach((s) => {
    const scope = asString(s);
    if (!QUOTA_SCOPES.includes(scope)) errs.push(field.notSupported('spec.scopes', scope, QUOTA_SCOPES));
  });
  return errs;
}

export function validateResourceQuota(rq: KObject): FieldError[] {
  return [
    ...validateObjectMeta(rq.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validateQuotaSpec(rq.spec),
    ...validateQuotaList(asObj(rq.status).hard, 'status.hard'),
    ...validateQuotaList(asObj(rq.status).used, 'status.used'),
  ];
}

export function validateResourceQuotaUpdate(rq: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(rq.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(rq.metadata, old.metadata),
    ...validateQuotaSpec(rq.spec),
  ];
  const scopes = asObj(rq.spec).scopes;
  if (!semanticEqual(scopes, asObj(old.spec).scopes))
    errs.push(field.invalid('spec.scopes', scopes ?? null, 'field is immutable'));
  return errs;
}

export function validateResourceQuotaStatusUpdate(rq: KObject, old: KObject): FieldError[] {
  return [
    ...validateObjectMetaUpdate(rq.metadata, old.metadata),
    ...validateQuotaList(asObj(rq.status).hard, 'status.hard'),
    ...validateQuotaList(asObj(rq.status).used, 'status.used'),
  ];
}

// ---- LimitRange -------------------------------------------------------------------------------

function validateLimitTypeName(type: string, path: string): FieldError[] {
  const errs = isQualifiedName(type).map((msg) => field.invalid(path, type, msg));
  if (errs.length > 0) return errs;
  if (!type.includes('/') && !LIMIT_TYPES.includes(type))
    errs.push(field.invalid(path, type, 'must be a standard limit type or fully qualified'));
  return errs;
}

function validateLimitResourceName(type: string, name: string, path: string): FieldError[] {
  return type === 'Pod' || type === 'Container' ? validateContainerResourceName(name, path) : validateResourceName(name, path);
}

/** Quantities of one LimitRangeItem field, after name and value checks. */
function collect(type: string, list: unknown, path: string, errs: FieldError[], keys: Set<string>): Map<string, Quantity> {
  const out = new Map<string, Quantity>();
  for (const [name, raw] of Object.entries(asObj(list))) {
    const p = key(path, name);
    errs.push(...validateLimitResourceName(type, name, p));
    keys.add(name);
    const q = decodeQuantity(raw);
    if (q) {
      errs.push(...validateResourceQuantityValue(name, q, p));
      out.set(name, q);
    }
  }
  return out;
}

export function validateLimitRange(lr: KObject): FieldError[] {
  const errs = validateObjectMeta(lr.metadata, { namespaced: true, validateName: nameIsDNSSubdomain });
  const seenTypes = new Set<string>();
  asArray(asObj(lr.spec).limits).forEach((itemIn, i) => {
    const item = asObj(itemIn);
    const p = index('spec.limits', i);
    const type = asString(item.type);
    errs.push(...validateLimitTypeName(type, child(p, 'type')));
    if (seenTypes.has(type)) errs.push(field.duplicate(child(p, 'type'), type));
    seenTypes.add(type);
    const keys = new Set<string>();
    const max = collect(type, item.max, child(p, 'max'), errs, keys);
    const min = collect(type, item.min, child(p, 'min'), errs, keys);
    let defaults = new Map<string, Quantity>();
    let defaultRequests = new Map<string, Quantity>();
    if (type === 'Pod') {
      if (Object.keys(asObj(item.default)).length > 0)
        errs.push(field.forbidden(child(p, 'default'), "may not be specified when `type` is 'Pod'"));
      if (Object.keys(asObj(item.defaultRequest)).length > 0)
        errs.push(field.forbidden(child(p, 'defaultRequest'), "may not be specified when `type` is 'Pod'"));
    } else {
      defaults = collect(type, item.default, child(p, 'default'), errs, keys);
      defaultRequests = collect(type, item.defaultRequest, child(p, 'defaultRequest'), errs, keys);
    }
    if (type === 'PersistentVolumeClaim' && !min.has('storage') && !max.has('storage')) {
      errs.push(
        field.required(child(p, 'limits'), 'either minimum or maximum storage value is required, but neither was provided'),
      );
    }
    const ratios = collect(type, item.maxLimitRequestRatio, child(p, 'maxLimitRequestRatio'), errs, keys);
    for (const k of keys) {
      const mn = min.get(k);
      const mx = max.get(k);
      const def = defaults.get(k);
      const defReq = defaultRequests.get(k);
      const ratio = ratios.get(k);
      if (mn && mx && mn.cmp(mx) > 0)
        errs.push(field.invalid(key(child(p, 'min'), k), mn.toString(), `min value ${mn} is greater than max value ${mx}`));
      if (defReq && mn && mn.cmp(defReq) > 0)
        errs.push(
          field.invalid(
            key(child(p, 'defaultRequest'), k),
            defReq.toString(),
            `min value ${mn} is greater than default request value ${defReq}`,
          ),
        );
      if (defReq && mx && defReq.cmp(mx) > 0)
        errs.push(
          field.invalid(
            key(child(p, 'defaultRequest'), k),
            defReq.toString(),
            `default request value ${defReq} is greater than max value ${mx}`,
          ),
        );
      if (defReq && def && defReq.cmp(def) > 0)
        errs.push(
          field.invalid(
            key(child(p, 'defaultRequest'), k),
            defReq.toString(),
            `default request value ${defReq} is greater than default limit value ${def}`,
          ),
        );
      if (def && mn && mn.cmp(def) > 0)
        errs.push(
          field.invalid(key(child(p, 'default'), k), mn.toString(), `min value ${mn} is greater than default value ${def}`),
        );
      if (def && mx && def.cmp(mx) > 0)
        errs.push(
          field.invalid(key(child(p, 'default'), k), mx.toString(), `default value ${def} is greater than max value ${mx}`),
        );
      if (ratio && ratio.milliValue() < 1000)
        errs.push(field.invalid(key(child(p, 'maxLimitRequestRatio'), k), ratio.toString(), `ratio ${ratio} is less than 1`));
      if (ratio && mn && mx) {
        const limit = mx.milliValue() / mn.milliValue();
        if (ratio.milliValue() / 1000 > limit)
          errs.push(
            field.invalid(
              key(child(p, 'maxLimitRequestRatio'), k),
              ratio.toString(),
              `ratio ${ratio} is greater than max/min = ${limit.toFixed(6)}`,
            ),
          );
      }
      // Resources that may not overcommit (hugepages, extended): default request equals default.
      if (isHugePageResourceName(k) || k.includes('/')) {
        if (def && defReq && def.cmp(defReq) !== 0)
          errs.push(
            field.invalid(
              key(child(p, 'defaultRequest'), k),
              defReq.toString(),
              `default value ${def} must equal to defaultRequest value ${defReq} in ${k}`,
            ),
          );
        if (ratio) errs.push(field.forbidden(key(child(p, 'maxLimitRequestRatio'), k), `ratio not supported for ${k}`));
      }
    }
  });
  return errs;
}

export function validateLimitRangeUpdate(lr: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(lr.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(lr.metadata, old.metadata),
    ...validateLimitRange(lr),
  ];
}
