// Container resource requirements (ValidateContainerResourceRequirements / validateResourceRequirements)
// and the resource-name helpers of pkg/apis/core/helper they rely on.
//
// A quantity that does not parse never reaches validation on a real server: the JSON decoder
// rejects the whole request with 400 BadRequest (`Pod in version "v1" cannot be handled as a Pod:
// quantities must match the regular expression ...`). Validation here therefore skips unparsable
// quantities; `findQuantityDecodeError` gives the decoder's message for callers that emulate it.

import { field, type FieldError } from '../errors';
import { isQualifiedName } from '../../../k8s/names';
import { parseQuantity, QuantityError, type Quantity } from '../../../k8s/quantity';
import { IS_NEGATIVE_ERROR_MSG, IS_NOT_INTEGER_ERROR_MSG, asArray, asObj, child, isObj, key } from './util';

const RESOURCE_DEFAULT_NAMESPACE_PREFIX = 'kubernetes.io/';
const DEFAULT_RESOURCE_REQUESTS_PREFIX = 'requests.';
const HUGEPAGES_PREFIX = 'hugepages-';

const standardContainerResources = new Set(['cpu', 'memory', 'ephemeral-storage']);
const standardResources = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'storage',
  'requests.storage',
  'services.nodeports',
  'services.loadbalancers',
]);
const standardIntegerResources = new Set([
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers',
]);

export function isHugePageResourceName(name: string): boolean {
  return name.startsWith(HUGEPAGES_PREFIX);
}

/** helper.IsNativeResource: unprefixed, or in the kubernetes.io/ namespace. */
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes(RESOURCE_DEFAULT_NAMESPACE_PREFIX);
}

/** helper.IsExtendedResourceName: a fully-qualified name outside kubernetes.io (e.g. nvidia.com/gpu). */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith(DEFAULT_RESOURCE_REQUESTS_PREFIX)) return false;
  return isQualifiedName(DEFAULT_RESOURCE_REQUESTS_PREFIX + name).length === 0;
}

/** helper.IsOvercommitAllowed: requests may be below limits (not for hugepages / extended resources). */
export function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !isHugePageResourceName(name);
}

function isStandardResourceName(name: string): boolean {
  return (
    isHugePageResourceName(name) ||
    standardResources.has(name) ||
    name.startsWith('requests.hugepages-') ||
    name.startsWith('limits.hugepages-')
  );
}

function isIntegerResourceName(name: string): boolean {
  return standardIntegerResources.has(name) || isExtendedResourceName(name);
}

/** validateResourceName. */
export function validateResourceName(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((msg) => field.invalid(path, name, msg));
  if (errs.length > 0) return errs;
  if (!name.includes('/') && !isStandardResourceName(name)) {
    return [field.invalid(path, name, 'must be a standard resource type or fully qualified')];
  }
  return [];
}

/** validateContainerResourceName. */
export function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes('/')) {
    if (!(standardContainerResources.has(name) || isHugePageResourceName(name))) {
      errs.push(field.invalid(path, name, 'must be a standard resource for containers'));
    }
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errs.push(field.invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** Decodes a resource quantity as Quantity.UnmarshalJSON would; undefined when it does not parse. */
export function decodeQuantity(v: unknown): Quantity | undefined {
  try {
    if (typeof v === 'number') return parseQuantity(v);
    if (typeof v === 'string') return parseQuantity(v.trim());
  } catch (e) {
    if (e instanceof QuantityError) return undefined;
    throw e;
  }
  return undefined;
}

/** The JSON decoder's error for a quantity, or undefined when it decodes. */
export function quantityDecodeError(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  try {
    if (typeof v === 'number') parseQuantity(v);
    else if (typeof v === 'string') parseQuantity(v.trim());
    else return "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
  } catch (e) {
    if (e instanceof QuantityError) return e.message;
    throw e;
  }
  return undefined;
}

/** ValidateResourceQuantityValue: non-negative, and whole for integer resources. */
export function validateResourceQuantityValue(resource: string, q: Quantity, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (q.sign() < 0) errs.push(field.invalid(path, q.toString(), IS_NEGATIVE_ERROR_MSG));
  if (isIntegerResourceName(resource) && q.milliValue() % 1000 !== 0) {
    // The Quantity itself is the bad value; it renders as its JSON string.
    errs.push(field.invalid(path, q.toString(), IS_NOT_INTEGER_ERROR_MSG));
  }
  return errs;
}

/**
 * validateResourceRequirements for a container's `resources` at `path`. Map iteration follows the
 * object's key order (Go's is random, so multi-error order may differ from a real server).
 */
export function validateResourceRequirements(resources: unknown, path: string): FieldError[] {
  const r = asObj(resources);
  const errs: FieldError[] = [];
  const limPath = child(path, 'limits');
  const reqPath = child(path, 'requests');
  const limits = asObj(r.limits);
  const requests = asObj(r.requests);
  let limCpuOrMem = false;
  let reqCpuOrMem = false;
  let limHuge = false;
  let reqHuge = false;
  for (const [name, raw] of Object.entries(limits)) {
    const p = key(limPath, name);
    errs.push(...validateContainerResourceName(name, p));
    const q = decodeQuantity(raw);
    if (q) errs.push(...validateResourceQuantityValue(name, q, p));
    if (isHugePageResourceName(name)) limHuge = true;
    if (name === 'cpu' || name === 'memory') limCpuOrMem = true;
  }
  for (const [name, raw] of Object.entries(requests)) {
    const p = key(reqPath, name);
    errs.push(...validateContainerResourceName(name, p));
    const q = decodeQuantity(raw);
    if (q) errs.push(...validateResourceQuantityValue(name, q, p));
    if (name in limits) {
      const limit = decodeQuantity(limits[name]);
      if (q && limit) {
        if (q.cmp(limit) !== 0 && !isOvercommitAllowed(name)) {
          errs.push(field.invalid(reqPath, q.toString(), `must be equal to ${name} limit of ${limit.toString()}`));
        } else if (q.cmp(limit) > 0) {
          errs.push(field.invalid(reqPath, q.toString(), `must be less than or equal to ${name} limit of ${limit.toString()}`));
        }
      }
    } else if (!isOvercommitAllowed(name)) {
      errs.push(field.required(limPath, 'Limit must be set for non overcommitable resources'));
    }
    if (isHugePageResourceName(name)) reqHuge = true;
    if (name === 'cpu' || name === 'memory') reqCpuOrMem = true;
  }
  if (!limCpuOrMem && !reqCpuOrMem && (reqHuge || limHuge)) errs.push(field.forbidden(path, 'HugePages require cpu or memory'));
  return errs;
}

/**
 * The decode error a real server would return (as 400 BadRequest, before defaulting or
 * validation) for the first malformed quantity in a pod spec's container resources.
 */
export function findQuantityDecodeError(spec: unknown): string | undefined {
  const s = asObj(spec);
  for (const list of [
    s.initContainers,
    s.containers,
    s.ephemeralContainers,
    s.overhead === undefined ? [] : [{ resources: { limits: s.overhead } }],
  ]) {
    for (const c of asArray(list)) {
      const res = asObj(asObj(c).resources);
      for (const map of [res.limits, res.requests]) {
        if (!isObj(map)) continue;
        for (const v of Object.values(map)) {
          const err = quantityDecodeError(v);
          if (err) return err;
        }
      }
    }
  }
  return undefined;
}
