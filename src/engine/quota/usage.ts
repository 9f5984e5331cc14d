// Quota usage of one object (pkg/quota/v1/evaluator/core): what creating it adds to its
// namespace's ResourceQuota usage, by resource name.
//  - pods (PodUsageFunc): pods and count/pods 1, and from the pod's effective requests / limits
//    (init containers, sidecars and overhead counted as the scheduler does): cpu = requests.cpu,
//    memory = requests.memory, ephemeral-storage = requests.ephemeral-storage, limits.cpu,
//    limits.memory, limits.ephemeral-storage; a terminal pod (Succeeded / Failed) uses nothing;
//  - persistentvolumeclaims: persistentvolumeclaims and count/persistentvolumeclaims 1,
//    requests.storage, and the same two per class (`<class>.storageclass.storage.k8s.io/…`);
//  - services: services, count/services, services.nodeports (one per port of a NodePort or
//    LoadBalancer Service), services.loadbalancers;
//  - any other kind: count/<plural>[.<group>] 1 (plus the legacy bare names of configmaps,
//    secrets, replicationcontrollers and resourcequotas).
// A quota with scopes counts only the pods under all of them (objectScopes); scopeSelector is not
// modelled.

import { podLimits, podRequests } from '../../k8s/pod-resources';
import { parseQuantity, Quantity } from '../../k8s/quantity';
import type { KObject } from '../../k8s/types';
import type { KindDefinition } from '../api/kinds/kind-definition';
import { podQosClass } from '../api/kinds/pod-qos';
import { storageClassOf } from '../api/kinds/persistentvolume';

export type Usage = Map<string, Quantity>;

const ONE = Quantity.fromValue(1);
const LEGACY_COUNTED = new Set(['configmaps', 'secrets', 'replicationcontrollers', 'resourcequotas']);
/** Resources whose absence from a container's resources a quota on them refuses (validationSet). */
export const POD_CONSTRAINED_RESOURCES = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

export function countResource(def: KindDefinition): string {
  return def.group ? `count/${def.plural}.${def.group}` : `count/${def.plural}`;
}

export function isTerminalPod(pod: KObject): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** podComputeUsageHelper: the quota resources of a requests / limits pair. */
export function computeUsage(requests: Map<string, Quantity>, limits: Map<string, Quantity>): Usage {
  const out: Usage = new Map();
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    const req = requests.get(r);
    if (req) {
      out.set(r, req);
      out.set(`requests.${r}`, req);
    }
    const lim = limits.get(r);
    if (lim) out.set(`limits.${r}`, lim);
  }
  for (const [r, q] of requests) if (r.startsWith('hugepages-')) out.set(`requests.${r}`, q);
  return out;
}

function quantity(v: unknown): Quantity | undefined {
  try {
    return typeof v === 'string' || typeof v === 'number' ? parseQuantity(v) : undefined;
  } catch {
    return undefined;
  }
}

export function usageOf(def: KindDefinition, obj: KObject): Usage {
  const usage: Usage = new Map([[countResource(def), ONE]]);
  if (!def.group && LEGACY_COUNTED.has(def.plural)) usage.set(def.plural, ONE);
  switch (def.kind) {
    case 'Pod': {
      if (isTerminalPod(obj)) return new Map();
      usage.set('pods', ONE);
      for (const [r, q] of computeUsage(podRequests(obj), podLimits(obj))) usage.set(r, q);
      break;
    }
    case 'PersistentVolumeClaim': {
      usage.set('persistentvolumeclaims', ONE);
      const request = quantity(obj.spec?.resources?.requests?.storage);
      const cls = storageClassOf(obj);
      if (cls) usage.set(`${cls}.storageclass.storage.k8s.io/persistentvolumeclaims`, ONE);
      if (request) {
        usage.set('requests.storage', request);
        if (cls) usage.set(`${cls}.storageclass.storage.k8s.io/requests.storage`, request);
      }
      break;
    }
    case 'Service': {
      usage.set('services', ONE);
      const type = obj.spec?.type ?? 'ClusterIP';
      if (type === 'LoadBalancer') usage.set('services.loadbalancers', ONE);
      if (type === 'NodePort' || type === 'LoadBalancer') {
        usage.set('services.nodeports', Quantity.fromValue((obj.spec?.ports ?? []).length));
      }
      break;
    }
  }
  return usage;
}

/**
 * The quota scopes a pod falls under (podMatchesScopeFunc): BestEffort / NotBestEffort by QoS
 * class, Terminating / NotTerminating by activeDeadlineSeconds (>= 0), PriorityClass when it names
 * a class (the scope given in spec.scopes, i.e. with the Exists operator), CrossNamespacePodAffinity
 * when an affinity term reaches other namespaces. Other kinds fall under no scope.
 */
export function objectScopes(def: KindDefinition, obj: KObject): ReadonlySet<string> {
  const out = new Set<string>();
  if (def.kind !== 'Pod') return out;
  out.add(podQosClass(obj) === 'BestEffort' ? 'BestEffort' : 'NotBestEffort');
  const deadline = obj.spec?.activeDeadlineSeconds;
  out.add(typeof deadline === 'number' && deadline >= 0 ? 'Terminating' : 'NotTerminating');
  if (typeof obj.spec?.priorityClassName === 'string' && obj.spec.priorityClassName !== '') out.add('PriorityClass');
  const affinity = obj.spec?.affinity ?? {};
  const terms = [affinity.podAffinity, affinity.podAntiAffinity].flatMap((a: any) => [
    ...((a?.requiredDuringSchedulingIgnoredDuringExecution ?? []) as any[]),
    ...((a?.preferredDuringSchedulingIgnoredDuringExecution ?? []) as any[]).map((w) => w?.podAffinityTerm),
  ]);
  if (terms.some((t) => (Array.isArray(t?.namespaces) && t.namespaces.length > 0) || t?.namespaceSelector != null)) {
    out.add('CrossNamespacePodAffinity');
  }
  return out;
}

/** quota.Matches on scopes: an object counts for a quota when it falls under every scope it lists. */
export function scopesMatch(scopes: readonly string[] | undefined, objectScopeSet: ReadonlySet<string>): boolean {
  return (scopes ?? []).every((s) => objectScopeSet.has(s));
}

/** quota.Add. */
export function addUsage(a: Usage, b: Usage, sign: 1 | -1 = 1): Usage {
  const out: Usage = new Map(a);
  for (const [r, q] of b) {
    const have = out.get(r);
    const delta = sign === 1 ? q : q.neg();
    out.set(r, have ? have.add(delta) : delta);
  }
  return out;
}

/** The resources a quota tracks for a kind: those of its hard list this kind's usage can have. */
export function kindMatches(def: KindDefinition, resource: string): boolean {
  if (resource === countResource(def)) return true;
  switch (def.kind) {
    case 'Pod':
      return (
        resource === 'pods' ||
        ['cpu', 'memory', 'ephemeral-storage'].some(
          (r) => resource === r || resource === `requests.${r}` || resource === `limits.${r}`,
        ) ||
        resource.startsWith('requests.hugepages-')
      );
    case 'PersistentVolumeClaim':
      return (
        resource === 'persistentvolumeclaims' ||
        resource === 'requests.storage' ||
        resource.endsWith('.storageclass.storage.k8s.io/persistentvolumeclaims') ||
        resource.endsWith('.storageclass.storage.k8s.io/requests.storage')
      );
    case 'Service':
      return resource === 'services' || resource === 'services.nodeports' || resource === 'services.loadbalancers';
    default:
      return !def.group && LEGACY_COUNTED.has(def.plural) && resource === def.plural;
  }
}

/** prettyPrint: `a=1,b=2` sorted by name. */
export function prettyPrint(usage: Usage): string {
  return [...usage.keys()]
    .sort()
    .map((r) => `${r}=${usage.get(r)!.toString()}`)
    .join(',');
}
