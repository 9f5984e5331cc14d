// ApiServer: the verbs of kube-apiserver over the ObjectStore — create, get, list, update (main
// resource and /status), patch, delete (graceful, finalizers, propagation policy) and watch —
// with defaulting, admission and validation in the real order. A refused request throws an
// ApiError and changes nothing.

import type { KObject, ObjectMeta } from '../../k8s/types';
import { parseSelector, type Selector } from '../../k8s/labels';
import { parseFieldSelector } from '../../k8s/fields';
import { generateNameFor, GENERATE_NAME_ALPHABET } from '../../k8s/names';
import type { Clock } from '../clock/clock';
import type { SeededRandom } from '../clock/random';
import { AdmissionChain } from './admission';
import { deepEqual, deepFreeze } from './deep';
import { ApiError, errors, type FieldError } from './errors';
import { groupResource, type KindDefinition } from './kinds/kind-definition';
import type { KindRegistry } from './kinds/registry';
import { applyPatch, type PatchType } from './patch';
import { ObjectStore, type WatchHandler } from './store';

export interface WriteOptions {
  dryRun?: boolean;
}

export interface CreateOptions extends WriteOptions {
  /** The request's namespace (`-n`); an object naming a different one is refused. */
  namespace?: string;
}

export interface UpdateOptions extends WriteOptions {
  subresource?: 'status';
}

export interface ListOptions {
  namespace?: string;
  labelSelector?: string | Selector;
  fieldSelector?: string;
}

export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

export interface DeleteOptions extends WriteOptions {
  gracePeriodSeconds?: number;
  propagationPolicy?: PropagationPolicy;
  preconditions?: { uid?: string; resourceVersion?: string };
}

export interface DeleteResult {
  /** The object's last state: removed, or still present marked for deletion. */
  object: KObject;
  removed: boolean;
}

const FINALIZER_ORPHAN = 'orphan';
const FINALIZER_FOREGROUND = 'foregroundDeletion';
const MAX_GENERATE_NAME_ATTEMPTS = 8;
const MODIFIED_CONFLICT = 'the object has been modified; please apply your changes to the latest version and try again';

export class ApiServer {
  readonly store = new ObjectStore();
  readonly admission = new AdmissionChain();
  /** Tests freeze every committed object to prove nothing mutates the store. */
  freezeObjects = false;
  private cachedSecond = -1;
  private cachedTimestamp = '';

  constructor(
    readonly clock: Clock,
    readonly random: SeededRandom,
    readonly registry: KindRegistry,
  ) {}

  /** The kind a manifest names, or a 400 like the server's "no kind is registered". */
  kindOf(obj: Pick<KObject, 'apiVersion' | 'kind'>): KindDefinition {
    const def = this.registry.forObject(obj.apiVersion, obj.kind);
    if (!def) throw errors.badRequest(`no kind "${obj.kind}" is registered for version "${obj.apiVersion}"`);
    return def;
  }

  // ---- create -------------------------------------------------------------------------------

  create(input: KObject, options: CreateOptions = {}): KObject {
    const def = this.kindOf(input);
    const namespace = this.requestNamespace(def, input, options.namespace);
    let obj: KObject = { ...input, metadata: { ...input.metadata } };
    if (def.namespaced) obj.metadata.namespace = namespace;
    else delete obj.metadata.namespace;
    // System fields are the server's to set.
    const meta = obj.metadata;
    delete meta.uid;
    delete meta.resourceVersion;
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    meta.creationTimestamp = this.timestamp();
    if (def.tracksGeneration) meta.generation = 1;
    else delete meta.generation;
    if (def.prepareForCreate) obj = def.prepareForCreate(obj);
    if (def.applyDefaults) obj = def.applyDefaults(obj);

    const generated = !meta.name && !!meta.generateName;
    for (let attempt = 1; ; attempt++) {
      let candidate = obj;
      if (generated) {
        const name = generateNameFor(meta.generateName!, (alphabet, n) => this.random.string(alphabet, n));
        candidate = { ...obj, metadata: { ...obj.metadata, name } };
      }
      const name = candidate.metadata.name ?? '';
      candidate = this.admission.run({ operation: 'CREATE', kind: def, namespace, name, object: candidate }) ?? candidate;
      this.validateOrThrow(def, candidate, def.validate?.(candidate) ?? []);
      if (this.store.get(def, namespace, name)) {
        if (generated && attempt < MAX_GENERATE_NAME_ATTEMPTS) continue;
        throw errors.alreadyExists(groupResource(def), name);
      }
      if (options.dryRun) return candidate;
      const rv = this.store.nextResourceVersion();
      const committed = this.stamp(candidate, rv, { uid: this.random.uuid() });
      this.store.put(def, committed, rv, undefined);
      return committed;
    }
  }

  // ---- read ---------------------------------------------------------------------------------

  get(def: KindDefinition, namespace: string | undefined, name: string): KObject {
    const obj = this.store.get(def, def.namespaced ? (namespace ?? 'default') : '', name);
    if (!obj) throw errors.notFound(groupResource(def), name);
    return obj;
  }

  /** Like get() but returns undefined instead of throwing NotFound. */
  tryGet(def: KindDefinition, namespace: string | undefined, name: string): KObject | undefined {
    return this.store.get(def, def.namespaced ? (namespace ?? 'default') : '', name);
  }

  list(def: KindDefinition, options: ListOptions = {}): { items: KObject[]; resourceVersion: string } {
    const labels =
      typeof options.labelSelector === 'string'
        ? this.parseLabelSelector(options.labelSelector)
        : options.labelSelector;
    const fields = options.fieldSelector ? this.parseFieldSelectorFor(def, options.fieldSelector) : undefined;
    const ks = this.store.kindStore(def);
    const namespace = def.namespaced ? options.namespace : undefined;
    const items: KObject[] = [];
    for (const obj of ks.values(namespace)) {
      if (labels && !labels.matches(obj.metadata.labels)) continue;
      if (fields && !fields(obj)) continue;
      items.push(obj);
    }
    // etcd returns keys in order: /registry/<resource>/<namespace>/<name>.
    items.sort(compareByNamespaceAndName);
    return { items, resourceVersion: String(this.store.resourceVersion) };
  }

  // ---- update -------------------------------------------------------------------------------

  update(input: KObject, options: UpdateOptions = {}): KObject {
    const def = this.kindOf(input);
    const namespace = def.namespaced ? (input.metadata.namespace ?? 'default') : '';
    const name = input.metadata.name ?? '';
    const existing = this.store.get(def, namespace, name);
    if (!existing) throw errors.notFound(groupResource(def), name);
    const sentVersion = input.metadata.resourceVersion;
    if (sentVersion && sentVersion !== existing.metadata.resourceVersion) {
      throw errors.conflict(groupResource(def), name, MODIFIED_CONFLICT);
    }
    const status = options.subresource === 'status';
    if (status && !def.hasStatus) throw errors.notFound(groupResource(def), name);
    let next: KObject;
    if (status) {
      // A status write changes status only.
      next = { ...existing, status: input.status };
    } else {
      next = { ...input, metadata: this.keepSystemMeta(input.metadata, existing.metadata) };
      if (def.hasStatus) {
        if (existing.status === undefined) delete next.status;
        else next.status = existing.status;
      }
      if (def.applyDefaults) next = def.applyDefaults(next);
    }
    next =
      this.admission.run({
        operation: 'UPDATE',
        kind: def,
        subresource: status ? 'status' : undefined,
        namespace,
        name,
        object: next,
        oldObject: existing,
      }) ?? next;
    const errs = status
      ? (def.validateStatusUpdate?.(next, existing) ?? [])
      : [...(def.validate?.(next) ?? []), ...(def.validateUpdate?.(next, existing) ?? [])];
    this.validateOrThrow(def, next, errs);
    if (!status && def.tracksGeneration && specChanged(def, next, existing)) {
      next = { ...next, metadata: { ...next.metadata, generation: (existing.metadata.generation ?? 0) + 1 } };
    }
    return this.commitUpdate(def, next, existing, options);
  }

  updateStatus(input: KObject, options: WriteOptions = {}): KObject {
    return this.update(input, { ...options, subresource: 'status' });
  }

  patch(
    def: KindDefinition,
    namespace: string | undefined,
    name: string,
    type: PatchType,
    patch: unknown,
    options: UpdateOptions = {},
  ): KObject {
    const existing = this.get(def, namespace, name);
    let patched: unknown;
    try {
      patched = applyPatch(type, existing, patch, def.kind);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw errors.badRequest((e as Error).message);
    }
    if (typeof patched !== 'object' || patched === null || Array.isArray(patched)) {
      throw errors.badRequest('the patch did not produce an object');
    }
    const result = patched as KObject;
    const meta = result.metadata ?? {};
    // A patch is applied to the current object: it may only carry a resourceVersion precondition.
    const patchedVersion = meta.resourceVersion;
    if (patchedVersion && patchedVersion !== existing.metadata.resourceVersion) {
      throw errors.conflict(groupResource(def), name, MODIFIED_CONFLICT);
    }
    if (result.kind !== existing.kind || result.apiVersion !== existing.apiVersion) {
      throw errors.badRequest(`the patch changed the object's kind or apiVersion`);
    }
    return this.update(
      { ...result, metadata: { ...meta, name: existing.metadata.name, namespace: existing.metadata.namespace, resourceVersion: existing.metadata.resourceVersion } },
      options,
    );
  }

  // ---- delete -------------------------------------------------------------------------------

  delete(def: KindDefinition, namespace: string | undefined, name: string, options: DeleteOptions = {}): DeleteResult {
    const ns = def.namespaced ? (namespace ?? 'default') : '';
    const existing = this.store.get(def, ns, name);
    if (!existing) throw errors.notFound(groupResource(def), name);
    const pre = options.preconditions;
    if (pre?.uid && pre.uid !== existing.metadata.uid) {
      throw errors.conflict(
        groupResource(def),
        name,
        `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${existing.metadata.uid}`,
      );
    }
    if (pre?.resourceVersion && pre.resourceVersion !== existing.metadata.resourceVersion) {
      throw errors.conflict(
        groupResource(def),
        name,
        `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${existing.metadata.resourceVersion}`,
      );
    }
    this.admission.run({ operation: 'DELETE', kind: def, namespace: ns, name, oldObject: existing });

    const nowMs = this.clock.now();
    let finalizers = existing.metadata.finalizers ?? [];
    if (def.garbageCollected && !existing.metadata.deletionTimestamp) {
      finalizers = withPropagationFinalizer(finalizers, options.propagationPolicy ?? def.defaultPropagationPolicy, !!options.propagationPolicy);
    }
    const outcome = def.deletionOutcome?.(existing, { nowMs, requestedGracePeriodSeconds: options.gracePeriodSeconds }) ?? {
      kind: 'remove' as const,
    };

    if (outcome.kind === 'remove' && finalizers.length === 0) {
      if (options.dryRun) return { object: existing, removed: true };
      return { object: this.removeNow(def, existing), removed: true };
    }

    // The object stays, marked: either graceful (pods) or held by finalizers.
    let deletionMs = outcome.kind === 'mark' ? outcome.deletionTimestampMs : nowMs;
    let grace = outcome.kind === 'mark' ? outcome.gracePeriodSeconds : 0;
    const previous = existing.metadata.deletionTimestamp;
    if (previous) {
      // A second DELETE may only shorten the grace period.
      const previousMs = this.clock.parseTimestamp(previous);
      if (deletionMs >= previousMs) {
        deletionMs = previousMs;
        grace = existing.metadata.deletionGracePeriodSeconds ?? grace;
      }
    }
    let next: KObject = {
      ...existing,
      metadata: {
        ...existing.metadata,
        finalizers: finalizers.length ? finalizers : undefined,
        deletionTimestamp: this.timestamp(deletionMs),
        deletionGracePeriodSeconds: grace,
      },
    };
    if (!next.metadata.finalizers) delete next.metadata.finalizers;
    if (!previous && def.tracksGeneration && (existing.metadata.generation ?? 0) > 0) {
      next.metadata.generation = (existing.metadata.generation ?? 0) + 1;
    }
    if (outcome.kind === 'mark' && outcome.mutate) next = outcome.mutate(next);
    if (options.dryRun) return { object: next, removed: false };
    if (deepEqual(next, existing)) return { object: existing, removed: false };
    const rv = this.store.nextResourceVersion();
    const committed = this.stamp(next, rv);
    this.store.put(def, committed, rv, existing);
    return { object: committed, removed: false };
  }

  // ---- watch --------------------------------------------------------------------------------

  /**
   * Watches one kind (or every kind with `undefined`). With `resourceVersion`, events after it are
   * replayed first; a compacted version is refused with 410 Expired like etcd's "too old".
   */
  watch(
    def: KindDefinition | undefined,
    handler: WatchHandler,
    options: { namespace?: string; resourceVersion?: string } = {},
  ): () => void {
    const since = options.resourceVersion ? Number(options.resourceVersion) : undefined;
    if (since !== undefined && !Number.isFinite(since)) throw errors.badRequest(`invalid resource version: ${options.resourceVersion}`);
    const w = this.store.watch(def, handler, { namespace: options.namespace, sinceResourceVersion: since });
    if (w.tooOld) {
      throw errors.gone(`too old resource version: ${since} (${this.store.oldestResumableVersion()})`);
    }
    return w.stop;
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** metav1.Time for a virtual instant (cached per second: it is on every write). */
  timestamp(atMs: number = this.clock.now()): string {
    const second = Math.floor(atMs / 1000);
    if (atMs !== this.clock.now() || second !== this.cachedSecond) {
      const ts = this.clock.timestamp(atMs);
      if (atMs !== this.clock.now()) return ts;
      this.cachedSecond = second;
      this.cachedTimestamp = ts;
    }
    return this.cachedTimestamp;
  }

  parseLabelSelector(selector: string): Selector {
    try {
      return parseSelector(selector);
    } catch (e) {
      throw errors.badRequest(`unable to parse requirement: ${(e as Error).message}`);
    }
  }

  private parseFieldSelectorFor(def: KindDefinition, selector: string): (obj: KObject) => boolean {
    let parsed;
    try {
      parsed = parseFieldSelector(selector);
    } catch (e) {
      throw errors.badRequest((e as Error).message);
    }
    for (const r of parsed.requirements) {
      if (r.field !== 'metadata.name' && r.field !== 'metadata.namespace' && !def.fieldSelectors?.[r.field]) {
        throw errors.badRequest(`"${r.field}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
      }
    }
    return (obj) =>
      parsed.matches((f) => {
        if (f === 'metadata.name') return obj.metadata.name ?? '';
        if (f === 'metadata.namespace') return obj.metadata.namespace ?? '';
        return def.fieldSelectors?.[f]?.(obj) ?? '';
      });
  }

  private requestNamespace(def: KindDefinition, obj: KObject, requested: string | undefined): string {
    if (!def.namespaced) return '';
    const own = obj.metadata?.namespace;
    if (own && requested && own !== requested) {
      throw errors.badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    return own || requested || 'default';
  }

  private keepSystemMeta(incoming: ObjectMeta, existing: ObjectMeta): ObjectMeta {
    const meta: ObjectMeta = {
      ...incoming,
      name: existing.name,
      uid: existing.uid,
      creationTimestamp: existing.creationTimestamp,
      generation: existing.generation,
      deletionTimestamp: existing.deletionTimestamp,
      deletionGracePeriodSeconds: existing.deletionGracePeriodSeconds,
    };
    if (existing.namespace !== undefined) meta.namespace = existing.namespace;
    for (const k of Object.keys(meta) as (keyof ObjectMeta)[]) if (meta[k] === undefined) delete meta[k];
    return meta;
  }

  private commitUpdate(def: KindDefinition, next: KObject, existing: KObject, options: WriteOptions): KObject {
    const comparable = { ...next, metadata: { ...next.metadata, resourceVersion: existing.metadata.resourceVersion } };
    if (deepEqual(comparable, existing)) return existing; // no-op writes are not stored
    if (options.dryRun) return next;
    if (this.readyToRemove(next)) return this.removeNow(def, next, existing);
    const rv = this.store.nextResourceVersion();
    const committed = this.stamp(next, rv);
    this.store.put(def, committed, rv, existing);
    return committed;
  }

  /** An object marked for deletion goes once its finalizers are gone and no grace period runs. */
  private readyToRemove(obj: KObject): boolean {
    const meta = obj.metadata;
    if (!meta.deletionTimestamp || (meta.finalizers?.length ?? 0) > 0) return false;
    if ((meta.deletionGracePeriodSeconds ?? 0) > 0) return false;
    // Namespaces also wait for their spec.finalizers (the namespace controller empties them).
    return !(obj.kind === 'Namespace' && obj.apiVersion === 'v1' && (obj.spec?.finalizers?.length ?? 0) > 0);
  }

  private removeNow(def: KindDefinition, obj: KObject, previous: KObject = obj): KObject {
    const rv = this.store.nextResourceVersion();
    const final = this.stamp(obj, rv);
    this.store.remove(def, final, rv, previous);
    return final;
  }

  private stamp(obj: KObject, rv: number, extra?: Partial<ObjectMeta>): KObject {
    const stamped: KObject = { ...obj, metadata: { ...obj.metadata, ...extra, resourceVersion: String(rv) } };
    if (stamped.metadata.uid === undefined && extra?.uid === undefined) delete stamped.metadata.uid;
    return this.freezeObjects ? deepFreeze(stamped) : stamped;
  }

  private validateOrThrow(def: KindDefinition, obj: KObject, errs: FieldError[]): void {
    if (errs.length === 0) return;
    const name = obj.metadata.name || obj.metadata.generateName || '';
    throw errors.invalid(def.group, def.kind, name, errs);
  }
}

function compareByNamespaceAndName(a: KObject, b: KObject): number {
  const an = a.metadata.namespace ?? '';
  const bn = b.metadata.namespace ?? '';
  if (an !== bn) return an < bn ? -1 : 1;
  const a2 = a.metadata.name ?? '';
  const b2 = b.metadata.name ?? '';
  return a2 < b2 ? -1 : a2 > b2 ? 1 : 0;
}

function specChanged(def: KindDefinition, next: KObject, old: KObject): boolean {
  const fields = def.specFields ?? Object.keys({ ...next, ...old }).filter((k) => k !== 'metadata' && k !== 'status');
  return fields.some((f) => !deepEqual(next[f], old[f]));
}

/**
 * The GC finalizer a DELETE adds for its propagation policy (apiserver deletionFinalizersForGarbageCollection):
 * Orphan → `orphan`, Foreground → `foregroundDeletion`, Background → neither (and an explicit
 * policy replaces the other one).
 */
function withPropagationFinalizer(finalizers: string[], policy: PropagationPolicy, explicit: boolean): string[] {
  const has = (f: string) => finalizers.includes(f);
  if (policy === 'Orphan') {
    if (!explicit && !has(FINALIZER_ORPHAN) && !has(FINALIZER_FOREGROUND)) return finalizers.concat(FINALIZER_ORPHAN);
    if (explicit && !has(FINALIZER_ORPHAN)) return finalizers.filter((f) => f !== FINALIZER_FOREGROUND).concat(FINALIZER_ORPHAN);
    return finalizers;
  }
  if (policy === 'Foreground') {
    if (!has(FINALIZER_FOREGROUND)) return finalizers.filter((f) => f !== FINALIZER_ORPHAN).concat(FINALIZER_FOREGROUND);
    return finalizers;
  }
  return explicit ? finalizers.filter((f) => f !== FINALIZER_ORPHAN && f !== FINALIZER_FOREGROUND) : finalizers;
}

