// Resource quota controller (pkg/controller/resourcequota): keeps every ResourceQuota's
// status.hard (= spec.hard) and status.used (what the namespace's objects use of each hard
// resource, `0` when nothing) up to date.
//
// Usage is kept incrementally instead of upstream's recalculation from a namespace list: for each
// kind some quota limits (usage.ts), a tracker holds every object's usage and the per-namespace
// sums, updated from the kind's informer events; a change of a namespace's sums wakes the quotas
// of that namespace (its namespace index), and a quota's sync only reads the sums. A kind starts
// being tracked the first time a quota names one of its resources (one pass over its informer).
// Pod updates that change neither the spec nor terminal-ness (most status writes) are skipped.

import type { KObject } from '../../../k8s/types';
import type { ApiServer } from '../../api/apiserver';
import { deepEqual } from '../../api/deep';
import { isApiError } from '../../api/errors';
import { builtinKinds, resourceQuotaKind } from '../../api/kinds';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import type { Clock } from '../../clock/clock';
import { addUsage, isTerminalPod, kindMatches, objectScopes, scopesMatch, usageOf, type Usage } from '../../quota/usage';
import { Controller } from '../../runtime/controller';
import { NAMESPACE_INDEX, objectKey, splitKey, type Informer, type InformerFactory } from '../../runtime/informer';
import { Quantity } from '../../../k8s/quantity';

export const RESOURCE_QUOTA_CONTROLLER = 'resourcequota-controller';

export interface ResourceQuotaControllerDeps {
  api: ApiServer;
  clock: Clock;
  informers: InformerFactory;
}

interface Tracked {
  usage: Usage;
  /** The object's scopes, joined: its bucket in the namespace. */
  bucket: string;
}

/**
 * One kind's usage: per object, and summed per namespace and scope bucket (the set of quota scopes
 * the objects fall under — at most a few per namespace), so a scoped quota sums only its buckets.
 */
class UsageTracker {
  private readonly perObject = new Map<string, Tracked>();
  readonly perNamespace = new Map<string, Map<string, Usage>>();

  constructor(
    readonly def: KindDefinition,
    informer: Informer,
    private readonly changed: (namespace: string) => void,
  ) {
    informer.addHandler({
      onAdd: (obj) => this.set(obj, usageOf(def, obj)),
      onUpdate: (old, obj) => {
        if (def.kind === 'Pod' && old.spec === obj.spec && isTerminalPod(old) === isTerminalPod(obj)) return;
        this.set(obj, usageOf(def, obj));
      },
      onDelete: (obj) => this.set(obj, undefined),
    });
  }

  private set(obj: KObject, usage: Usage | undefined): void {
    const key = objectKey(obj);
    const ns = obj.metadata.namespace ?? '';
    const before = this.perObject.get(key);
    const after = usage ? { usage, bucket: [...objectScopes(this.def, obj)].sort().join(',') } : undefined;
    if (after) this.perObject.set(key, after);
    else this.perObject.delete(key);
    let buckets = this.perNamespace.get(ns);
    if (!buckets) this.perNamespace.set(ns, (buckets = new Map()));
    if (before) buckets.set(before.bucket, addUsage(buckets.get(before.bucket) ?? new Map(), before.usage, -1));
    if (after) buckets.set(after.bucket, addUsage(buckets.get(after.bucket) ?? new Map(), after.usage));
    this.changed(ns);
  }

  /** The namespace's usage of `resource` by the objects under every one of `scopes`. */
  sum(namespace: string, resource: string, scopes: readonly string[] | undefined): Quantity | undefined {
    let sum: Quantity | undefined;
    for (const [bucket, usage] of this.perNamespace.get(namespace) ?? []) {
      if (!scopesMatch(scopes, new Set(bucket ? bucket.split(',') : []))) continue;
      const q = usage.get(resource);
      if (q) sum = sum ? sum.add(q) : q;
    }
    return sum;
  }
}

export class ResourceQuotaController {
  readonly controller: Controller;
  private readonly quotas: Informer;
  private readonly trackers = new Map<KindDefinition, UsageTracker>();

  constructor(private readonly deps: ResourceQuotaControllerDeps) {
    this.quotas = deps.informers.informerFor(resourceQuotaKind);
    this.controller = new Controller({ name: RESOURCE_QUOTA_CONTROLLER, clock: deps.clock, sync: (key) => this.sync(key) });
    this.controller.handle(this.quotas, {
      onAdd: (q) => {
        this.track(q);
        return objectKey(q);
      },
      onUpdate: (old, q) => {
        if (deepEqual(old.spec, q.spec) && deepEqual(old.status, q.status)) return undefined;
        this.track(q);
        return objectKey(q);
      },
    });
  }

  stop(): void {
    this.controller.stop();
  }

  /** Starts tracking the kinds whose resources the quota limits. */
  private track(quota: KObject): void {
    const resources = Object.keys(quota.spec?.hard ?? {});
    for (const def of builtinKinds) {
      if (!def.namespaced || this.trackers.has(def) || def.kind === 'Event') continue;
      if (!resources.some((r) => kindMatches(def, r))) continue;
      const informer = this.deps.informers.informerFor(def);
      this.trackers.set(def, new UsageTracker(def, informer, (ns) => this.namespaceChanged(ns)));
    }
  }

  private namespaceChanged(namespace: string): void {
    for (const key of this.quotas.keysByIndex(NAMESPACE_INDEX, namespace)) this.controller.enqueue(key);
  }

  private sync(key: string) {
    const { namespace, name } = splitKey(key);
    const quota = this.quotas.get(namespace, name);
    if (!quota) return undefined;
    const hard: Record<string, string> = { ...(quota.spec?.hard ?? {}) };
    const used: Record<string, string> = {};
    for (const r of Object.keys(hard)) {
      let sum: Quantity | undefined;
      for (const tracker of this.trackers.values()) {
        if (!kindMatches(tracker.def, r)) continue;
        const q = tracker.sum(namespace, r, quota.spec?.scopes);
        if (q) sum = sum ? sum.add(q) : q;
      }
      used[r] = (sum ?? Quantity.fromValue(0)).toString();
    }
    const status = { hard, used };
    if (deepEqual(quota.status, status)) return undefined;
    try {
      this.deps.api.updateStatus({ ...quota, status });
    } catch (e) {
      if (!isApiError(e, 'Conflict') && !isApiError(e, 'NotFound')) throw e;
    }
    return undefined;
  }
}

export function startResourceQuotaController(deps: ResourceQuotaControllerDeps): ResourceQuotaController {
  return new ResourceQuotaController(deps);
}
