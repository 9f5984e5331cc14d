// ResourceQuota admission (plugin/pkg/admission/resourcequota, the quota evaluators of
// pkg/quota/v1/evaluator/core), validating, on CREATE of any namespaced object but Events: for
// each ResourceQuota of the namespace, in list order,
//  - the resources it limits (its status.hard — nothing before the quota controller's first sync)
//    that this object's kind counts (usage.ts kindMatches);
//  - for pods, every container must state each of cpu / memory / requests.* / limits.* the quota
//    limits: `failed quota: <q>: must specify limits.cpu for: app; requests.cpu for: app`;
//  - without status.used for them: `status unknown for quota: <q>, resources: …`;
//  - used + requested must stay within hard: `exceeded quota: <q>, requested: pods=1, used:
//    pods=2, limited: pods=2`.
// Refusals are 403 Forbidden naming the object (its generated name, which the API server has
// made by then). An admitted create adds its usage to each quota's status.used at once (upstream
// writes it before admitting), so a burst of creates cannot overshoot; the quota controller
// recomputes the exact usage afterwards. Dry runs write nothing.
//
// Scopes (spec.scopes) limit a quota to the pods under them; not modelled: scopeSelector, updates
// (a PVC growing its request).

import type { Quantity } from '../../../k8s/quantity';
import type { KObject } from '../../../k8s/types';
import {
  computeUsage,
  kindMatches,
  objectScopes,
  POD_CONSTRAINED_RESOURCES,
  prettyPrint,
  scopesMatch,
  usageOf,
  type Usage,
} from '../../quota/usage';
import type { AdmissionPlugin, AdmissionRequest } from '../admission';
import type { ApiServer } from '../apiserver';
import { errors, isApiError } from '../errors';
import { groupResource } from '../kinds/kind-definition';
import { resourceQuotaKind } from '../kinds/resourcequota';
import { decodeQuantity } from '../validation/resources';

function toUsage(list: unknown): Usage {
  const out: Usage = new Map();
  for (const [r, v] of Object.entries((list ?? {}) as Record<string, unknown>)) {
    const q = decodeQuantity(v);
    if (q) out.set(r, q);
  }
  return out;
}

function containerUsage(c: any): Usage {
  return computeUsage(toUsage(c?.resources?.requests), toUsage(c?.resources?.limits));
}

/** The pod evaluator's Constraints: containers that leave a limited cpu / memory resource unset. */
export function podConstraintsError(pod: KObject, restricted: readonly string[]): string | undefined {
  const required = POD_CONSTRAINED_RESOURCES.filter((r) => restricted.includes(r));
  if (required.length === 0) return undefined;
  const missing = new Map<string, Set<string>>();
  for (const c of [...((pod.spec?.containers ?? []) as any[]), ...((pod.spec?.initContainers ?? []) as any[])]) {
    const have = containerUsage(c);
    for (const r of required) {
      if (have.has(r)) continue;
      if (!missing.has(r)) missing.set(r, new Set());
      missing.get(r)!.add(String(c?.name ?? ''));
    }
  }
  if (missing.size === 0) return undefined;
  const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

function mask(usage: Usage, names: Iterable<string>): Usage {
  const out: Usage = new Map();
  for (const n of names) {
    const q = usage.get(n);
    if (q) out.set(n, q);
  }
  return out;
}

function requestName(request: AdmissionRequest): string {
  return request.name || request.object?.metadata.name || request.object?.metadata.generateName || 'Unknown';
}

export function resourceQuotaAdmission(api: ApiServer): AdmissionPlugin {
  return {
    name: 'ResourceQuota',
    validate(request) {
      if (request.operation !== 'CREATE' || request.subresource || !request.kind.namespaced) return;
      if (request.kind.kind === 'Event') return;
      const quotas = api.list(resourceQuotaKind, { namespace: request.namespace }).items;
      if (quotas.length === 0) return;
      const def = request.kind;
      const obj = request.object!;
      const forbidden = (why: string) => errors.forbidden(groupResource(def), requestName(request), why);
      const delta = usageOf(def, obj);
      const scopes = objectScopes(def, obj);
      const updates: { quota: KObject; used: Usage }[] = [];
      for (const quota of quotas) {
        if (!scopesMatch(quota.spec?.scopes, scopes)) continue;
        const hard = toUsage(quota.status?.hard);
        const restricted = [...hard.keys()].filter((r) => kindMatches(def, r));
        if (restricted.length === 0) continue;
        if (def.kind === 'Pod') {
          const why = podConstraintsError(obj, restricted);
          if (why) throw forbidden(`failed quota: ${quota.metadata.name}: ${why}`);
        }
        const used = toUsage(quota.status?.used);
        const unknown = restricted.filter((r) => !used.has(r)).sort();
        if (unknown.length > 0)
          throw forbidden(`status unknown for quota: ${quota.metadata.name}, resources: ${unknown.join(',')}`);
        const requested = mask(delta, hard.keys());
        if (requested.size === 0) continue;
        const next: Usage = new Map(used);
        for (const [r, q] of requested) next.set(r, (used.get(r) ?? (q.sub(q) as Quantity)).add(q));
        const exceeded = [...requested.keys()].filter((r) => next.get(r)!.cmp(hard.get(r)!) > 0);
        if (exceeded.length > 0) {
          throw forbidden(
            `exceeded quota: ${quota.metadata.name}, requested: ${prettyPrint(mask(requested, exceeded))}, used: ${prettyPrint(
              mask(used, exceeded),
            )}, limited: ${prettyPrint(mask(hard, exceeded))}`,
          );
        }
        updates.push({ quota, used: next });
      }
      if (request.dryRun) return;
      for (const { quota, used } of updates) {
        const status = { ...(quota.status ?? {}), used: Object.fromEntries([...used].map(([r, q]) => [r, q.toString()])) };
        try {
          api.updateStatus({ ...quota, status });
        } catch (e) {
          // A quota changed meanwhile: the quota controller recomputes its usage anyway.
          if (!isApiError(e, 'Conflict') && !isApiError(e, 'NotFound')) throw e;
        }
      }
    },
  };
}
