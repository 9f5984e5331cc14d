// LimitRanger admission (plugin/pkg/admission/limitranger), on CREATE of pods and
// PersistentVolumeClaims (pod updates are skipped: containers cannot change), for every
// LimitRange of the namespace in list order:
//  - mutating (pods): each container and init container lacking a request / limit for a resource
//    of a `Container` item's defaultRequest / default gets it, and the pod is annotated
//    `kubernetes.io/limit-ranger: LimitRanger plugin set: cpu, memory request for container app; …`;
//  - validating: `Container` items check each container, `Pod` items the pod's summed requests
//    and limits, against min, max and maxLimitRequestRatio; `PersistentVolumeClaim` items check a
//    claim's storage request against min and max. Violations are 403 Forbidden with upstream's
//    texts (`maximum cpu usage per Container is 1, but limit is 2`), several as `[a, b]`.

import { podLimits, podRequests } from '../../../k8s/pod-resources';
import type { Quantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import type { AdmissionPlugin, AdmissionRequest } from '../admission';
import type { ApiServer } from '../apiserver';
import { errors } from '../errors';
import { groupResource } from '../kinds/kind-definition';
import { limitRangeKind } from '../kinds/resourcequota';
import { decodeQuantity } from '../validation/resources';

export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';
/** resource.MaxMilliValue. */
const MAX_MILLI_VALUE = Number.MAX_SAFE_INTEGER / 1000;

type List = Map<string, Quantity>;

function toList(raw: unknown): List {
  const out: List = new Map();
  for (const [k, v] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const q = decodeQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

/** requestLimitEnforcedValues: milli-values when all fit, whole values otherwise. */
function values(req: Quantity | undefined, lim: Quantity | undefined, enforced: Quantity): [number, number, number] {
  const all = [req, lim, enforced].filter((q): q is Quantity => !!q);
  const milli = all.every((q) => q.value() <= MAX_MILLI_VALUE);
  const v = (q: Quantity | undefined) => (q ? (milli ? q.milliValue() : q.value()) : 0);
  return [v(req), v(lim), v(enforced)];
}

function minConstraint(type: string, r: string, enforced: Quantity, request: List, limit: List): string | undefined {
  const req = request.get(r);
  const lim = limit.get(r);
  const [reqV, limV, enfV] = values(req, lim, enforced);
  if (!req) return `minimum ${r} usage per ${type} is ${enforced}.  No request is specified`;
  if (reqV < enfV) return `minimum ${r} usage per ${type} is ${enforced}, but request is ${req}`;
  if (lim && limV < enfV) return `minimum ${r} usage per ${type} is ${enforced}, but limit is ${lim}`;
  return undefined;
}

function maxConstraint(type: string, r: string, enforced: Quantity, request: List, limit: List): string | undefined {
  const req = request.get(r);
  const lim = limit.get(r);
  const [reqV, limV, enfV] = values(req, lim, enforced);
  if (!lim) return `maximum ${r} usage per ${type} is ${enforced}.  No limit is specified`;
  if (limV > enfV) return `maximum ${r} usage per ${type} is ${enforced}, but limit is ${lim}`;
  if (req && reqV > enfV) return `maximum ${r} usage per ${type} is ${enforced}, but request is ${req}`;
  return undefined;
}

function maxRequestConstraint(type: string, r: string, enforced: Quantity, request: List): string | undefined {
  const req = request.get(r);
  const [reqV, , enfV] = values(req, undefined, enforced);
  if (!req) return `maximum ${r} usage per ${type} is ${enforced}.  No request is specified`;
  if (reqV > enfV) return `maximum ${r} usage per ${type} is ${enforced}, but request is ${req}`;
  return undefined;
}

function ratioConstraint(type: string, r: string, enforced: Quantity, request: List, limit: List): string | undefined {
  const req = request.get(r);
  const lim = limit.get(r);
  const [reqV, limV, enfV] = values(req, lim, enforced);
  if (!req || reqV === 0)
    return `${r} max limit to request ratio per ${type} is ${enforced}, but no request is specified or request is 0`;
  if (!lim || limV === 0)
    return `${r} max limit to request ratio per ${type} is ${enforced}, but no limit is specified or limit is 0`;
  const observed = limV / reqV;
  const max = enforced.value() <= MAX_MILLI_VALUE ? enfV / 1000 : enfV;
  if (observed > max)
    return `${r} max limit to request ratio per ${type} is ${enforced}, but provided ratio is ${observed.toFixed(6)}`;
  return undefined;
}

function checkItem(type: string, item: any, request: List, limit: List, errs: string[]): void {
  const push = (e: string | undefined) => e && errs.push(e);
  for (const [r, q] of toList(item.min)) push(minConstraint(type, r, q, request, limit));
  for (const [r, q] of toList(item.max)) push(maxConstraint(type, r, q, request, limit));
  for (const [r, q] of toList(item.maxLimitRequestRatio)) push(ratioConstraint(type, r, q, request, limit));
}

/** mergeContainerResources: fills missing limits / requests, returns the annotation parts. */
function mergeContainer(c: any, defaults: { limits: List; requests: List }, prefix: string, notes: string[]): any {
  const limits = { ...(c.resources?.limits ?? {}) };
  const requests = { ...(c.resources?.requests ?? {}) };
  const setLimits: string[] = [];
  const setRequests: string[] = [];
  for (const [r, q] of defaults.limits) {
    if (r in limits) continue;
    limits[r] = q.toString();
    setLimits.push(r);
  }
  for (const [r, q] of defaults.requests) {
    if (r in requests) continue;
    requests[r] = q.toString();
    setRequests.push(r);
  }
  if (setRequests.length) notes.push(`${setRequests.sort().join(', ')} request for ${prefix} ${c.name}`);
  if (setLimits.length) notes.push(`${setLimits.sort().join(', ')} limit for ${prefix} ${c.name}`);
  if (!setLimits.length && !setRequests.length) return c;
  return { ...c, resources: { ...(c.resources ?? {}), limits, requests } };
}

function requestName(request: AdmissionRequest): string {
  return request.name || request.object?.metadata.name || request.object?.metadata.generateName || 'Unknown';
}

export function limitRangerAdmission(api: ApiServer): AdmissionPlugin {
  const ranges = (ns: string) => api.list(limitRangeKind, { namespace: ns }).items;
  const applies = (r: AdmissionRequest) =>
    r.operation === 'CREATE' && !r.subresource && (r.kind.kind === 'Pod' || r.kind.kind === 'PersistentVolumeClaim');
  return {
    name: 'LimitRanger',
    admit(request) {
      if (!applies(request) || request.kind.kind !== 'Pod') return undefined;
      const items = ranges(request.namespace).flatMap((lr) => (lr.spec?.limits ?? []) as any[]);
      const containerItems = items.filter((i) => i?.type === 'Container');
      if (containerItems.length === 0) return undefined;
      // defaultContainerResourceRequirements: the last Container item's values win per resource.
      const defaults = { limits: new Map() as List, requests: new Map() as List };
      for (const i of containerItems) {
        for (const [r, q] of toList(i.defaultRequest)) defaults.requests.set(r, q);
        for (const [r, q] of toList(i.default)) defaults.limits.set(r, q);
      }
      const pod = request.object!;
      const notes: string[] = [];
      const containers = ((pod.spec?.containers ?? []) as any[]).map((c) => mergeContainer(c, defaults, 'container', notes));
      const initContainers = ((pod.spec?.initContainers ?? []) as any[]).map((c) =>
        mergeContainer(c, defaults, 'init container', notes),
      );
      if (notes.length === 0) return undefined;
      const spec: KObject['spec'] = { ...pod.spec, containers };
      if (pod.spec?.initContainers) spec.initContainers = initContainers;
      const annotations = {
        ...(pod.metadata.annotations ?? {}),
        [LIMIT_RANGER_ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}`,
      };
      return { ...pod, metadata: { ...pod.metadata, annotations }, spec };
    },
    validate(request) {
      if (!applies(request)) return;
      const obj = request.object!;
      const errs: string[] = [];
      for (const lr of ranges(request.namespace)) {
        for (const item of (lr.spec?.limits ?? []) as any[]) {
          if (request.kind.kind === 'PersistentVolumeClaim') {
            if (item?.type !== 'PersistentVolumeClaim') continue;
            const req = toList(obj.spec?.resources?.requests);
            for (const [r, q] of toList(item.min)) {
              const e = minConstraint('PersistentVolumeClaim', r, q, req, new Map());
              if (e) errs.push(e);
            }
            for (const [r, q] of toList(item.max)) {
              const e = maxRequestConstraint('PersistentVolumeClaim', r, q, req);
              if (e) errs.push(e);
            }
          } else if (item?.type === 'Container') {
            for (const c of [...((obj.spec?.containers ?? []) as any[]), ...((obj.spec?.initContainers ?? []) as any[])]) {
              checkItem('Container', item, toList(c.resources?.requests), toList(c.resources?.limits), errs);
            }
          } else if (item?.type === 'Pod') {
            checkItem('Pod', item, podRequests(obj), podLimits(obj), errs);
          }
        }
      }
      if (errs.length === 0) return;
      const message = errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`;
      throw errors.forbidden(groupResource(request.kind), requestName(request), message);
    },
  };
}
