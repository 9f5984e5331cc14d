// ApiServer: the verbs of kube-apiserver over the ObjectStore — create, get, list, update (main
// resource, /status and /finalize), patch, delete (graceful, finalizers, propagation policy) and
// watch — with defaulting, admission and validation in the real order
// (k8s.io/apiserver pkg/endpoints/handlers, pkg/registry/generic/registry/store.go,
// pkg/registry/rest/{create,update,delete}.go). A refused request throws an ApiError and changes
// nothing: not the store, not the resourceVersion, and no watch event.

import type { KObject, ObjectMeta } from '../../k8s/types';
import { parseSelector, type Selector } from '../../k8s/labels';
import { parseFieldSelector } from '../../k8s/fields';
import { generateNameFor, utf8Length } from '../../k8s/names';
import type { Clock } from '../clock/clock';
import type { SeededRandom } from '../clock/random';
import { AdmissionChain } from './admission';
import { copyForNewKeys, deepEqual, deepFreeze } from './deep';
import {
  convertPatched,
  DecodeError,
  decodeObject,
  goSprintValue,
  strictDecodingError,
  type FieldValidation,
} from './decoding/decode';
import { ApiError, errors, field, fieldErrorMessage, type FieldError, type Status } from './errors';
import { freezeByDefault } from './freeze';
import {
  GATES_OFF,
  groupKindResource,
  groupResource,
  type FeatureGates,
  type KindDefinition,
  type StorageContext,
} from './kinds/kind-definition';
import type { KindRegistry } from './kinds/registry';
import { applyPatch, type PatchType } from './patch';
import { applyServerSide, type ApplyOptions, type ApplyResult } from './server-side-apply';
import type { WatchEvent } from '../simulation-types';
import { ObjectStore, type WatchHandler } from './store';
import { StorageTTL } from './storage-ttl';
import { getScale, patchScale, updateScale, type Scale } from './subresources/scale';
import { prepareEphemeralContainersUpdate, validateEphemeralContainersUpdate } from './subresources/ephemeral-containers';
import {
  allowAllDisruptions,
  evictPod,
  type DisruptionBudgetChecker,
  type Eviction,
  type EvictionSuccess,
  type EvictOptions,
} from './subresources/eviction';

export interface WriteOptions {
  dryRun?: boolean;
  /**
   * A request body from a client (kubectl, the editor): decoded against the kind's schema first
   * (decoding/decode.ts), with this handling of unknown fields: refused (Strict), dropped with a
   * warning (Warn) or dropped (Ignore). In-process controllers write typed objects and leave it
   * unset, as their requests always decode.
   */
  fieldValidation?: FieldValidation;
  /** Receives the request's warnings (`unknown field "spec.replicass"`), as kubectl prints them. */
  warnings?: string[];
}

export interface CreateOptions extends WriteOptions {
  /** The request's namespace (`-n`); an object naming a different one is refused. */
  namespace?: string;
  /**
   * An object the control plane makes for itself (the default StorageClass, each namespace's
   * ServiceAccounts and kube-root-ca.crt): its uid comes from a stream of its own, so adding such
   * an object to the cluster never reshuffles the names and placements a seed gives the user's.
   */
  systemObject?: boolean;
}

export interface UpdateOptions extends WriteOptions {
  /**
   * `status` writes only status; `finalize` (namespaces) writes only spec.finalizers;
   * `ephemeralcontainers` (pods) writes only spec.ephemeralContainers.
   */
  subresource?: 'status' | 'finalize' | 'ephemeralcontainers';
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

export interface WatchOptions {
  namespace?: string;
  /** Resume after this version ("0": start with the current objects as ADDED events). */
  resourceVersion?: string;
}

const FINALIZER_ORPHAN = 'orphan';
const FINALIZER_FOREGROUND = 'foregroundDeletion';
/** store.go maxNameGenerationCreateAttempts. */
const MAX_GENERATE_NAME_ATTEMPTS = 8;
/** store.go OptimisticLockErrorMsg. */
export const OPTIMISTIC_LOCK_ERROR_MSG =
  'the object has been modified; please apply your changes to the latest version and try again';
/** The etcd3 store's refusal of a create that carries a resourceVersion. */
export const RESOURCE_VERSION_ON_CREATE_MSG = 'resourceVersion should not be set on objects to be created';

/** The API server's MaxRequestBodyBytes: 3 MiB, twice etcd's request limit (JSON is bulkier). */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;
/** etcd's default --max-request-bytes: an object larger than this is never stored. */
export const MAX_STORED_OBJECT_BYTES = 1.5 * 1024 * 1024;

/**
 * etcd refuses a write above its request limit; the API server passes etcd's answer on as a 500
 * without a reason. Checked for clients' requests (the controllers write small objects).
 */
function checkStoredSize(obj: KObject): void {
  if (utf8Length(JSON.stringify(obj)) > MAX_STORED_OBJECT_BYTES) throw errors.storageRequestTooLarge();
}

export class ApiServer {
  readonly store = new ObjectStore();
  readonly admission = new AdmissionChain();
  /** Leases of the kinds stored with a time to live, by kind. */
  private readonly ttls = new Map<KindDefinition, StorageTTL>();
  /** Tests freeze every object handed out to prove nothing mutates the store. */
  freezeObjects = freezeByDefault();
  /**
   * The PodDisruptionBudget check of pods/eviction (allows everything until budgets exist; the
   * disruption controller's issue installs the real one).
   */
  disruptionBudgets: DisruptionBudgetChecker = allowAllDisruptions;
  private cachedSecond = -1;
  private cachedTimestamp = '';

  /**
   * The ServiceAccount admission's volume-name suffixes (kube-api-access-xxxxx) come from a stream
   * of their own, so that adding the volume did not move any pod name or uid of a seed.
   */
  readonly volumeNameRandom: SeededRandom;
  /** Uids of the objects created with `systemObject` (see CreateOptions). */
  private readonly systemUidRandom: SeededRandom;

  constructor(
    readonly clock: Clock,
    readonly random: SeededRandom,
    readonly registry: KindRegistry,
    /** What defaulting and the strategies ask about feature gates (the cluster's config). */
    private readonly featureGates: FeatureGates = GATES_OFF,
  ) {
    this.volumeNameRandom = random.derive('kube-api-access');
    this.systemUidRandom = random.derive('system-objects');
  }

  /** The kind a manifest names, or a 400 like the server's "no kind is registered". */
  kindOf(obj: Pick<KObject, 'apiVersion' | 'kind'>): KindDefinition {
    const def = this.registry.forObject(obj.apiVersion, obj.kind);
    if (!def) throw errors.badRequest(`no kind "${obj.kind}" is registered for version "${obj.apiVersion}"`);
    return def;
  }

  // ---- create -------------------------------------------------------------------------------

  /**
   * POST: decode-time defaulting, mutating admission, name generation (retried on a collision),
   * system fields, PrepareForCreate, validation, validating admission, then the write.
   */
  create(input: KObject, options: CreateOptions = {}): KObject {
    const def = this.kindOf(input);
    if (options.fieldValidation) input = this.decodeBody(input, options);
    const namespace = this.requestNamespace(def, input, options.namespace);
    const sentResourceVersion = input.metadata?.resourceVersion;
    // Our own copy of the metadata: every step below that keeps it (defaulting, admission and
    // PrepareForCreate usually do) lets the system fields be filled in place instead of copying
    // the object once per step. Key order is the same as with copies: assigning a key keeps its
    // position, a new one goes last, as in a spread.
    const meta: ObjectMeta = input.metadata ? copyForNewKeys(input.metadata) : {};
    let obj: KObject = { ...input, metadata: meta };
    if (def.namespaced) meta.namespace = namespace;
    else if ('namespace' in meta) delete meta.namespace;
    // WipeObjectMetaSystemFields: the client does not choose these.
    if ('uid' in meta) delete meta.uid;
    if ('creationTimestamp' in meta) delete meta.creationTimestamp;
    if ('deletionTimestamp' in meta) delete meta.deletionTimestamp;
    if ('deletionGracePeriodSeconds' in meta) delete meta.deletionGracePeriodSeconds;
    if ('resourceVersion' in meta) delete meta.resourceVersion;
    if (def.applyDefaults) obj = def.applyDefaults(obj, this.featureGates);
    const dryRun = options.dryRun;
    obj =
      this.admission.admit({ operation: 'CREATE', kind: def, namespace, dryRun, name: obj.metadata.name ?? '', object: obj }) ??
      obj;

    const generate = !obj.metadata.name && !!obj.metadata.generateName;
    for (let attempt = 1; ; attempt++) {
      // Without generateName there is exactly one attempt: it may finish our own metadata.
      const ownMeta: ObjectMeta = !generate && obj.metadata === meta ? meta : copyForNewKeys(obj.metadata);
      ownMeta.creationTimestamp = this.timestamp();
      let candidate: KObject = ownMeta === obj.metadata ? obj : { ...obj, metadata: ownMeta };
      if (generate) ownMeta.name = generateNameFor(obj.metadata.generateName!, (alphabet, n) => this.random.string(alphabet, n));
      if (def.tracksGeneration) ownMeta.generation = 1;
      else if ('generation' in ownMeta) delete ownMeta.generation;
      if (def.beginCreate) candidate = def.beginCreate(candidate, this.storageContext(def));
      // FillObjectMetaSystemFields runs before the strategy upstream; here the uid is drawn only
      // when a strategy asks for it (a Job's generated selector), so other kinds draw as before.
      let drawnUid: string | undefined;
      const uids = options.systemObject ? this.systemUidRandom : this.random;
      if (def.prepareForCreate)
        candidate = def.prepareForCreate(candidate, {
          uid: () => (drawnUid ??= uids.uuid()),
          featureGates: this.featureGates,
        });
      const name = candidate.metadata.name ?? '';
      this.validateOrThrow(def, candidate, def.validate?.(candidate) ?? []);
      if (def.warningsOnCreate && attempt === 1) options.warnings?.push(...def.warningsOnCreate(candidate));
      this.admission.validate({ operation: 'CREATE', kind: def, namespace, dryRun, name, object: candidate });
      if (options.fieldValidation) checkStoredSize(candidate);
      // The storage layer refuses a (numeric, non-zero) resourceVersion before it looks for the
      // key; a dry run never gets there.
      if (!dryRun && isSetResourceVersion(sentResourceVersion)) throw unmappedError(RESOURCE_VERSION_ON_CREATE_MSG);
      const current = this.store.get(def, namespace, name);
      if (current) {
        if (generate && attempt < MAX_GENERATE_NAME_ATTEMPTS) continue;
        throw alreadyExists(def, name, generate, current);
      }
      if (dryRun) return this.handOut({ ...candidate, metadata: { ...candidate.metadata, uid: drawnUid ?? uids.uuid() } });
      const rv = this.store.nextResourceVersion();
      const uid = drawnUid ?? uids.uuid();
      let committed: KObject;
      if (candidate.metadata === ownMeta) {
        // Still our metadata: stamp it in place (what stamp() does, without two more copies).
        ownMeta.uid = uid;
        ownMeta.resourceVersion = String(rv);
        committed = this.handOut(candidate);
      } else {
        committed = this.stamp(candidate, rv, { uid });
      }
      this.commit(def, committed, rv, undefined);
      return committed;
    }
  }

  /**
   * The serializer's decoding of a client's body (before defaulting): a type error is a 400
   * `<Kind> in version "<v>" cannot be handled as a <Kind>: json: cannot unmarshal …`; unknown
   * fields are refused, warned about or dropped as `fieldValidation` says, never stored.
   */
  private decodeBody(input: KObject, options: WriteOptions, patch?: { type: PatchType; body: unknown }): KObject {
    // The HTTP server reads at most MaxRequestBodyBytes of a body before anything decodes it.
    if (utf8Length(JSON.stringify(patch ? patch.body : input) ?? '') > MAX_REQUEST_BODY_BYTES) {
      throw errors.requestEntityTooLarge(MAX_REQUEST_BODY_BYTES);
    }
    const { apiVersion, kind } = input;
    const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : apiVersion;
    const handled = `${kind} in version "${version}" cannot be handled as a ${kind}`;
    let decoded;
    try {
      // A strategic merge patch's result goes through the unstructured converter; the others are
      // decoded as JSON. Either failure is the patch handler's Invalid `patch` field.
      decoded = patch?.type === 'strategic' ? convertPatched(input, apiVersion, kind) : decodeObject(input, apiVersion, kind);
    } catch (e) {
      if (!(e instanceof DecodeError)) throw e;
      if (!patch) throw errors.badRequest(`${handled}: ${e.message}`);
      const shown = patch.type === 'strategic' ? goSprintValue(patch.body) : JSON.stringify(input);
      throw errors.invalid('', '', '', [field.invalid('patch', shown, e.message)]);
    }
    const unknown = decoded.unknownFields;
    if (unknown.length && options.fieldValidation === 'Strict') {
      throw errors.badRequest(patch ? strictDecodingError(unknown) : `${handled}: ${strictDecodingError(unknown)}`);
    }
    if (unknown.length && options.fieldValidation === 'Warn') {
      for (const f of unknown) options.warnings?.push(`unknown field "${f}"`);
    }
    return decoded.object;
  }

  // ---- read ---------------------------------------------------------------------------------

  get(def: KindDefinition, namespace: string | undefined, name: string): KObject {
    const obj = this.tryGet(def, namespace, name);
    if (!obj) throw errors.notFound(groupResource(def), name);
    return obj;
  }

  /** Like get() but returns undefined instead of throwing NotFound. */
  tryGet(def: KindDefinition, namespace: string | undefined, name: string): KObject | undefined {
    return this.store.get(def, def.namespaced ? (namespace ?? 'default') : '', name);
  }

  /** LIST: every object of the kind (one namespace or all), filtered, in etcd key order. */
  list(def: KindDefinition, options: ListOptions = {}): { items: KObject[]; resourceVersion: string } {
    const labels =
      typeof options.labelSelector === 'string' ? this.parseLabelSelector(options.labelSelector) : options.labelSelector;
    const selection = options.fieldSelector ? this.fieldSelection(def, options.fieldSelector) : undefined;
    const fields = selection?.matches;
    const ks = this.store.kindStore(def);
    const namespace = def.namespaced ? options.namespace : undefined;
    const items: KObject[] = [];
    // What ks.values(namespace) yields, without a generator step per object.
    const collect = (objects: Iterable<KObject>) => {
      for (const obj of objects) {
        if (labels && !labels.matches(obj.metadata.labels)) continue;
        if (fields && !fields(obj)) continue;
        items.push(obj);
      }
    };
    // A selector that requires one value of the kind's indexed field reads only those objects
    // (the same set as a full scan: every candidate is still matched; the sort below orders it).
    const required = def.indexedField ? selection?.requiredValue(def.indexedField) : undefined;
    const candidates = required !== undefined ? ks.withIndexedValue(required, namespace) : undefined;
    if (candidates) {
      collect(candidates);
    } else if (namespace !== undefined) {
      const objects = ks.byNamespace.get(namespace);
      if (objects) collect(objects.values());
    } else {
      for (const objects of ks.byNamespace.values()) collect(objects.values());
    }
    return { items: sortByKey(items), resourceVersion: String(this.store.resourceVersion) };
  }

  // ---- update -------------------------------------------------------------------------------

  /**
   * PUT: defaulting and mutating admission, the uid and resourceVersion preconditions (no
   * resourceVersion means an unconditional update), the strategy's PrepareForUpdate (the main
   * resource cannot change status, `/status` cannot change anything else), validation,
   * validating admission, then the write — or nothing for a no-op, or the removal of an object
   * whose deletion only waited for its finalizers.
   */
  update(input: KObject, options: UpdateOptions = {}): KObject {
    const def = this.kindOf(input);
    if (options.fieldValidation) input = this.decodeBody(input, options);
    const sub = options.subresource;
    const namespace = def.namespaced ? input.metadata?.namespace || 'default' : '';
    const name = input.metadata?.name ?? '';
    const existing = this.store.get(def, namespace, name);
    if (!existing) throw errors.notFound(groupResource(def), name);
    if (
      (sub === 'status' && !def.hasStatus) ||
      (sub === 'finalize' && !def.validateFinalizeUpdate) ||
      (sub === 'ephemeralcontainers' && !servesEphemeralContainers(def))
    ) {
      throw errors.notFound(groupResource(def), name);
    }
    const base = {
      operation: 'UPDATE' as const,
      kind: def,
      subresource: sub,
      namespace,
      name,
      oldObject: existing,
      dryRun: options.dryRun,
    };
    // (A copy only to fill in missing metadata: nothing below changes `incoming` in place.)
    let incoming: KObject = input.metadata !== undefined && input.metadata !== null ? input : { ...input, metadata: {} };
    if (def.applyDefaults) incoming = def.applyDefaults(incoming, this.featureGates);
    incoming = this.admission.admit({ ...base, object: incoming }) ?? incoming;

    // Storage preconditions: a uid in the body must be the stored one; then optimistic locking.
    const uid = incoming.metadata.uid;
    if (uid && uid !== existing.metadata.uid) {
      const key = storageKey(def, namespace, name);
      throw errors.conflict(
        groupResource(def),
        name,
        `StorageError: invalid object, Code: 4, Key: ${key}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${uid}, UID in object meta: ${existing.metadata.uid ?? ''}`,
      );
    }
    const sentVersion = incoming.metadata.resourceVersion;
    if (sentVersion && sentVersion !== existing.metadata.resourceVersion) {
      throw errors.conflict(groupResource(def), name, OPTIMISTIC_LOCK_ERROR_MSG);
    }

    let next: KObject;
    let errs: FieldError[];
    // The server's own copy of the object when the branch below made one that nothing replaced.
    let copy: KObject | undefined;
    if (sub === 'status') {
      next = { ...existing, status: incoming.status };
      if (next.status === undefined) delete next.status;
      if (def.prepareForStatusUpdate) next = def.prepareForStatusUpdate(next, existing, incoming);
      errs = def.validateStatusUpdate?.(next, existing) ?? [];
    } else if (sub === 'finalize') {
      const spec = { ...existing.spec, finalizers: incoming.spec?.finalizers };
      // `finalizers` is omitempty: an emptied list is no list.
      if (!Array.isArray(spec.finalizers) || spec.finalizers.length === 0) delete spec.finalizers;
      next = { ...existing, spec };
      errs = def.validateFinalizeUpdate!(next, existing);
    } else if (sub === 'ephemeralcontainers') {
      next = prepareEphemeralContainersUpdate(incoming, existing);
      // updatePodGeneration: adding an ephemeral container is a spec change.
      if (def.tracksGeneration && specChanged(def, next, existing)) {
        next = { ...next, metadata: { ...next.metadata, generation: (existing.metadata.generation ?? 0) + 1 } };
      }
      errs = validateEphemeralContainersUpdate(next, existing);
    } else {
      // An unconditional update is made against the stored version (store.go doUnconditionalUpdate).
      const metadata = keepSystemMeta(incoming.metadata, existing.metadata);
      metadata.resourceVersion = existing.metadata.resourceVersion;
      next = copy = { ...incoming, metadata };
      if (def.hasStatus) {
        if (existing.status !== undefined) next.status = existing.status;
        else if ('status' in next) delete next.status;
      }
      if (def.beginUpdate) next = def.beginUpdate(next, existing, this.storageContext(def));
      if (def.prepareForUpdate) next = def.prepareForUpdate(next, existing, this.featureGates);
      if (def.tracksGeneration && specChanged(def, next, existing)) {
        next = { ...next, metadata: { ...next.metadata, generation: (existing.metadata.generation ?? 0) + 1 } };
      }
      errs = def.validateUpdate ? def.validateUpdate(next, existing) : (def.validate?.(next) ?? []);
    }
    this.validateOrThrow(def, next, errs);
    this.admission.validate({ ...base, object: next });
    if (options.fieldValidation) checkStoredSize(next);
    // A status write's `next` is a copy made above (or by the status strategy), as is the main
    // resource's when no hook replaced it: stamped in place.
    return this.commitUpdate(def, next, existing, options, sub === 'status' || next === copy);
  }

  updateStatus(input: KObject, options: WriteOptions = {}): KObject {
    return this.update(input, { ...options, subresource: 'status' });
  }

  /**
   * Commits an update a subresource has prepared and checked itself (pods/binding, which writes
   * straight to storage: no defaulting, admission, strategy or validation): the next
   * resourceVersion, the write and its watch event. A dry run returns the object unwritten.
   */
  commitPrepared(def: KindDefinition, next: KObject, existing: KObject, options: WriteOptions = {}): KObject {
    if (options.dryRun)
      return this.handOut({ ...next, metadata: { ...next.metadata, resourceVersion: existing.metadata.resourceVersion } });
    const rv = this.store.nextResourceVersion();
    const committed = this.stamp(next, rv);
    this.commit(def, committed, rv, existing);
    return committed;
  }

  /** PATCH: the patch is applied to the stored object, the result goes through update(). */
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
    // A patch is applied to the current object: a resourceVersion in it is a precondition.
    const patchedVersion = meta.resourceVersion;
    if (patchedVersion && patchedVersion !== existing.metadata.resourceVersion) {
      throw errors.conflict(groupResource(def), name, OPTIMISTIC_LOCK_ERROR_MSG);
    }
    if (result.kind !== existing.kind || result.apiVersion !== existing.apiVersion) {
      throw errors.badRequest(`the patch changed the object's kind or apiVersion`);
    }
    let body: KObject = {
      ...result,
      metadata: {
        ...meta,
        name: existing.metadata.name,
        namespace: existing.metadata.namespace,
        resourceVersion: existing.metadata.resourceVersion,
      },
    };
    // The patched object is decoded here (as the patch handler's converter does): unknown fields
    // are a bare `strict decoding error` there, without the serializer's "cannot be handled".
    if (options.fieldValidation) body = this.decodeBody(body, options, { type, body: patch });
    return this.update(body, { ...options, fieldValidation: undefined });
  }

  /**
   * PATCH with `application/apply-patch+yaml` (server-side apply): creates or patches the object
   * and records the field manager's fields in managedFields (server-side-apply.ts).
   */
  apply(def: KindDefinition, namespace: string | undefined, name: string, applied: KObject, options: ApplyOptions): ApplyResult {
    return applyServerSide(this, def, namespace, name, applied, options);
  }

  // ---- delete -------------------------------------------------------------------------------

  /**
   * DELETE. Kinds with graceful deletion (pods) are marked with deletionTimestamp = now + grace
   * and stay until a DELETE with grace 0; a second DELETE may only shorten the grace period.
   * Finalizers (including the `orphan` / `foregroundDeletion` ones a propagation policy adds)
   * keep any object, marked, until updates have emptied them. Namespaces are marked Terminating
   * by the first DELETE and go once finalized.
   */
  delete(def: KindDefinition, namespace: string | undefined, name: string, options: DeleteOptions = {}): DeleteResult {
    const ns = def.namespaced ? (namespace ?? 'default') : '';
    const existing = this.store.get(def, ns, name);
    if (!existing) throw errors.notFound(groupResource(def), name);
    if (def.lifecycleDeletion) return this.deleteWithLifecycle(def, ns, name, existing, options);
    return this.deleteFromStore(def, ns, name, existing, options);
  }

  /** The generic registry's Delete (store.go Delete with rest.BeforeDelete). */
  private deleteFromStore(
    def: KindDefinition,
    ns: string,
    name: string,
    existing: KObject,
    options: DeleteOptions,
  ): DeleteResult {
    const pre = options.preconditions;
    if (pre?.uid && pre.uid !== existing.metadata.uid) {
      throw errors.conflict(
        groupKindResource(def),
        name,
        `the UID in the precondition (${pre.uid}) does not match the UID in record (${existing.metadata.uid ?? ''}). The object might have been deleted and then recreated`,
      );
    }
    if (pre?.resourceVersion && pre.resourceVersion !== existing.metadata.resourceVersion) {
      throw errors.conflict(
        groupKindResource(def),
        name,
        `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${existing.metadata.resourceVersion ?? ''}). The object might have been modified`,
      );
    }
    // Negative values are treated as 1s on the delete path.
    const requested = options.gracePeriodSeconds !== undefined && options.gracePeriodSeconds < 0 ? 1 : options.gracePeriodSeconds;
    const nowMs = this.clock.now();
    const before = this.beforeDelete(def, existing, requested, nowMs);
    // A graceful deletion is already pending and this request does not shorten it: nothing to do
    // (and finalizers can no longer be changed through DeleteOptions).
    if (before.pending) return { object: existing, removed: false };
    this.admission.run({ operation: 'DELETE', kind: def, namespace: ns, name, oldObject: existing, dryRun: options.dryRun });

    let next = before.object;
    const finalizers = def.garbageCollected
      ? gcFinalizers(next.metadata.finalizers ?? [], options.propagationPolicy, def.defaultPropagationPolicy)
      : (next.metadata.finalizers ?? []);
    next = withFinalizers(next, finalizers);
    const pendingFinalizers = finalizers.length > 0;
    if (!before.graceful) {
      if (!pendingFinalizers) return this.removeForDelete(def, existing, options);
      next = markAsDeleting(next, nowMs, this.clock);
      return { object: this.writeForDelete(def, next, existing, options), removed: false };
    }
    const written = this.writeForDelete(def, next, existing, options);
    if (pendingFinalizers || (next.metadata.deletionGracePeriodSeconds ?? 0) > 0) return { object: written, removed: false };
    return this.removeForDelete(def, written, options);
  }

  /**
   * rest.BeforeDelete for one object: whether the DELETE is graceful (and the object as marked),
   * or a no-op because a graceful deletion is already pending and is not shortened.
   */
  private beforeDelete(
    def: KindDefinition,
    existing: KObject,
    requested: number | undefined,
    nowMs: number,
  ): { graceful: boolean; pending: boolean; object: KObject } {
    const meta = existing.metadata;
    if (!def.gracefulDeletePeriod) return { graceful: false, pending: false, object: existing };
    if (meta.deletionTimestamp) {
      const current = meta.deletionGracePeriodSeconds;
      // Marked but with no grace left: delete now (or keep waiting for finalizers).
      if (current === undefined || current === 0) return { graceful: false, pending: false, object: existing };
      if (requested === undefined || requested >= current) return { graceful: false, pending: true, object: existing };
      // Only a shorter grace period: move the deadline back, never into the past.
      let deadline = this.clock.parseTimestamp(meta.deletionTimestamp) - current * 1000 + requested * 1000;
      let period = requested;
      if (deadline < nowMs) {
        deadline = nowMs;
        if (period !== 0) period = 1;
      }
      const object = {
        ...existing,
        metadata: { ...meta, deletionTimestamp: this.timestamp(deadline), deletionGracePeriodSeconds: period },
      };
      return { graceful: true, pending: false, object };
    }
    const period = def.gracefulDeletePeriod(existing, requested);
    const metadata: ObjectMeta = {
      ...meta,
      deletionTimestamp: this.timestamp(nowMs + period * 1000),
      deletionGracePeriodSeconds: period,
    };
    // The first graceful deletion changes what controllers should do: bump the generation.
    if ((meta.generation ?? 0) > 0) metadata.generation = meta.generation! + 1;
    return { graceful: true, pending: false, object: { ...existing, metadata } };
  }

  /**
   * Namespace storage Delete: uid / resourceVersion preconditions (its own messages), then the first
   * DELETE marks the namespace Terminating; a later one removes it once it is finalized.
   */
  private deleteWithLifecycle(
    def: KindDefinition,
    ns: string,
    name: string,
    existing: KObject,
    options: DeleteOptions,
  ): DeleteResult {
    const pre = options.preconditions;
    if (pre?.uid && pre.uid !== existing.metadata.uid) {
      throw errors.conflict(
        groupResource(def),
        name,
        `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${existing.metadata.uid ?? ''}`,
      );
    }
    if (pre?.resourceVersion && pre.resourceVersion !== existing.metadata.resourceVersion) {
      throw errors.conflict(
        groupResource(def),
        name,
        `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${existing.metadata.resourceVersion ?? ''}`,
      );
    }
    const lifecycle = def.lifecycleDeletion!;
    if (!existing.metadata.deletionTimestamp) {
      this.admission.run({ operation: 'DELETE', kind: def, namespace: ns, name, oldObject: existing, dryRun: options.dryRun });
      let next: KObject = { ...existing, metadata: { ...existing.metadata, deletionTimestamp: this.timestamp() } };
      next = lifecycle.markTerminating(next);
      if (def.garbageCollected) {
        next = withFinalizers(next, namespaceGcFinalizers(existing.metadata.finalizers ?? [], options.propagationPolicy));
      }
      return { object: this.writeForDelete(def, next, existing, options), removed: false };
    }
    if (lifecycle.awaitingFinalization(existing)) return { object: existing, removed: false };
    return this.deleteFromStore(def, ns, name, existing, options);
  }

  /** Writes the marked object (nothing for a no-op or a dry run); returns what the client sees. */
  private writeForDelete(def: KindDefinition, next: KObject, existing: KObject, options: WriteOptions): KObject {
    if (deepEqual(next, existing)) return existing;
    if (options.dryRun) return this.handOut(next);
    const rv = this.store.nextResourceVersion();
    const committed = this.stamp(next, rv);
    this.commit(def, committed, rv, existing);
    return committed;
  }

  private removeForDelete(def: KindDefinition, last: KObject, options: WriteOptions): DeleteResult {
    if (options.dryRun) return { object: this.handOut(last), removed: true };
    return { object: this.removeNow(def, last), removed: true };
  }

  // ---- <workload>/scale ---------------------------------------------------------------------

  /** GET <resource>/<name>/scale (subresources/scale.ts); 404 for kinds without it. */
  getScale(def: KindDefinition, namespace: string | undefined, name: string): Scale {
    return getScale(this, def, namespace, name);
  }

  /** PUT <resource>/<name>/scale: spec.replicas (and the resourceVersion precondition) onto the object. */
  updateScale(def: KindDefinition, namespace: string | undefined, name: string, scale: Scale, options: WriteOptions = {}): Scale {
    return updateScale(this, def, namespace, name, scale, options);
  }

  /** PATCH <resource>/<name>/scale: the patch applies to the current Scale. */
  patchScale(
    def: KindDefinition,
    namespace: string | undefined,
    name: string,
    type: PatchType,
    patch: unknown,
    options: WriteOptions = {},
  ): Scale {
    return patchScale(this, def, namespace, name, type, patch, options);
  }

  // ---- pods/eviction ------------------------------------------------------------------------

  /** POST pods/<name>/eviction (subresources/eviction.ts): budget check, DisruptionTarget, delete. */
  evict(namespace: string, name: string, eviction: Eviction, options: EvictOptions = {}): EvictionSuccess {
    return evictPod(this, namespace, name, eviction, options);
  }

  // ---- watch --------------------------------------------------------------------------------

  /**
   * Watches one kind (or every kind with `undefined`). With `resourceVersion`, events after it are
   * replayed first; a compacted version is refused with 410 Expired like the watch cache's
   * "too old resource version". "0" starts with the current objects as ADDED events.
   */
  watch(def: KindDefinition | undefined, handler: WatchHandler, options: WatchOptions = {}): () => void {
    const raw = options.resourceVersion;
    if (raw === '0') return this.watchFromCurrentState(def, handler, options.namespace);
    const since = raw ? Number(raw) : undefined;
    if (since !== undefined && (!Number.isInteger(since) || since < 0)) {
      throw errors.badRequest(`invalid resource version: ${raw}`);
    }
    const w = this.store.watch(def, handler, { namespace: options.namespace, sinceResourceVersion: since });
    if (w.tooOld) throw errors.gone(`too old resource version: ${since} (${this.store.oldestResumableVersion()})`);
    return w.stop;
  }

  private watchFromCurrentState(
    def: KindDefinition | undefined,
    handler: WatchHandler,
    namespace: string | undefined,
  ): () => void {
    const kinds = def ? [def] : this.registry.kinds();
    const initialEvents: WatchEvent[] = [];
    for (const k of kinds) {
      for (const obj of this.list(k, { namespace: k.namespaced ? namespace : undefined }).items) {
        if (namespace !== undefined && (obj.metadata.namespace ?? '') !== namespace) continue;
        initialEvents.push({ type: 'ADDED', object: obj, resourceVersion: Number(obj.metadata.resourceVersion) });
      }
    }
    return this.store.watch(def, handler, { namespace, initialEvents }).stop;
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** metav1.Time for a virtual instant (cached per second: it is on every write). */
  timestamp(atMs: number = this.clock.now()): string {
    if (atMs !== this.clock.now()) return this.clock.timestamp(atMs);
    const second = Math.floor(atMs / 1000);
    if (second !== this.cachedSecond) {
      this.cachedSecond = second;
      this.cachedTimestamp = this.clock.timestamp(atMs);
    }
    return this.cachedTimestamp;
  }

  /** What BeginCreate / BeginUpdate hooks may read. */
  private storageContext(def: KindDefinition): StorageContext {
    const ks = this.store.kindStore(def);
    return { random: this.random, stored: () => ks.values() };
  }

  /** labels.Parse, refused with the parser's own message as a 400. */
  parseLabelSelector(selector: string): Selector {
    try {
      return parseSelector(selector);
    } catch (e) {
      throw errors.badRequest((e as Error).message);
    }
  }

  /**
   * fields.ParseSelector, then the kind's field label conversion: core/v1 kinds accept their own
   * list (`field label not supported: x` otherwise), every other kind only metadata.name and
   * metadata.namespace.
   */
  parseFieldSelectorFor(def: KindDefinition, selector: string): (obj: KObject) => boolean {
    return this.fieldSelection(def, selector).matches;
  }

  /** The parsed selector: its predicate, and the value it requires of a field (`f=v`), if any. */
  private fieldSelection(
    def: KindDefinition,
    selector: string,
  ): { matches: (obj: KObject) => boolean; requiredValue: (field: string) => string | undefined } {
    let parsed;
    try {
      parsed = parseFieldSelector(selector);
    } catch (e) {
      throw errors.badRequest((e as Error).message);
    }
    for (const r of parsed.requirements) {
      if (def.fieldLabels) {
        if (!def.fieldLabels.includes(r.field)) throw errors.badRequest(`field label not supported: ${r.field}`);
      } else if (r.field !== 'metadata.name' && r.field !== 'metadata.namespace') {
        throw errors.badRequest(`"${r.field}" is not a known field selector: only "metadata.name", "metadata.namespace"`);
      }
    }
    return {
      matches: (obj) =>
        parsed.matches((f) => {
          if (f === 'metadata.name') return obj.metadata.name ?? '';
          if (f === 'metadata.namespace') return def.namespaced ? (obj.metadata.namespace ?? '') : '';
          return def.fieldSelectors?.[f]?.(obj) ?? '';
        }),
      requiredValue: (field) => parsed.requiresExactMatch(field),
    };
  }

  /** EnsureObjectNamespaceMatchesRequestNamespace. */
  private requestNamespace(def: KindDefinition, obj: KObject, requested: string | undefined): string {
    if (!def.namespaced) return '';
    const own = obj.metadata?.namespace;
    if (own && requested && own !== requested) {
      throw errors.badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    return own || requested || 'default';
  }

  /** `owned`: `next` is the server's own unfrozen copy, which nobody else holds (see stamp). */
  private commitUpdate(def: KindDefinition, next: KObject, existing: KObject, options: WriteOptions, owned = false): KObject {
    // ShouldDeleteDuringUpdate: the finalizers the deletion waited for are gone.
    if (shouldDeleteDuringUpdate(def, next, existing)) {
      if (options.dryRun)
        return this.handOut({ ...next, metadata: { ...next.metadata, resourceVersion: existing.metadata.resourceVersion } });
      const removed = this.removeNow(def, existing);
      return this.handOut({ ...next, metadata: { ...next.metadata, resourceVersion: removed.metadata.resourceVersion } });
    }
    // `next` at the stored version; usually it already is (an update is made against it).
    const storedVersion = existing.metadata.resourceVersion;
    const comparable =
      storedVersion !== undefined && next.metadata.resourceVersion === storedVersion
        ? next
        : { ...next, metadata: { ...next.metadata, resourceVersion: storedVersion } };
    if (deepEqual(comparable, existing)) return existing; // no-op writes are not stored
    if (options.dryRun) return this.handOut(comparable);
    const rv = this.store.nextResourceVersion();
    const committed = owned && !Object.isFrozen(next) ? this.stampInPlace(next, rv) : this.stamp(next, rv);
    this.commit(def, committed, rv, existing);
    return committed;
  }

  /** Stores a write, and starts its time to live for a kind stored with one. */
  private commit(def: KindDefinition, committed: KObject, rv: number, existing: KObject | undefined): void {
    this.store.put(def, committed, rv, existing);
    if (def.storageTTLSeconds !== undefined) this.timeToLive(def).attach(committed);
  }

  private timeToLive(def: KindDefinition): StorageTTL {
    let ttl = this.ttls.get(def);
    if (!ttl) {
      ttl = new StorageTTL(this.clock, def.storageTTLSeconds!, ({ namespace, name, resourceVersion }) => {
        const stored = this.store.get(def, namespace, name);
        // Written again since (a later lease holds it now), or deleted: not this lease's to expire.
        if (stored?.metadata.resourceVersion === resourceVersion) this.removeNow(def, stored);
      });
      this.ttls.set(def, ttl);
    }
    return ttl;
  }

  /** Removes an object; the DELETED event carries its last stored state at the new version. */
  private removeNow(def: KindDefinition, last: KObject): KObject {
    const rv = this.store.nextResourceVersion();
    const final = this.stamp(last, rv);
    this.store.remove(def, final, rv, last);
    return final;
  }

  private stamp(obj: KObject, rv: number, extra?: Partial<ObjectMeta>): KObject {
    return this.handOut({ ...obj, metadata: stampedMetadata(obj.metadata, rv, extra) });
  }

  /** stamp() for an object the server just built for this write: no second copy of its top level. */
  private stampInPlace(obj: KObject, rv: number): KObject {
    obj.metadata = stampedMetadata(obj.metadata, rv);
    return this.handOut(obj);
  }

  private handOut(obj: KObject): KObject {
    return this.freezeObjects ? deepFreeze(obj) : obj;
  }

  private validateOrThrow(def: KindDefinition, obj: KObject, errs: FieldError[]): void {
    if (errs.length === 0) return;
    const name = obj.metadata.name || obj.metadata.generateName || '';
    const full = errors.invalid(def.group, def.kind, name, errs);
    // field.ErrorList.ToAggregate de-duplicates the message; the causes keep every error.
    const seen = new Set<string>();
    const distinct = errs.filter((e) => {
      const m = fieldErrorMessage(e);
      if (seen.has(m)) return false;
      seen.add(m);
      return true;
    });
    if (distinct.length === errs.length) throw full;
    throw new ApiError({ ...full.status, message: errors.invalid(def.group, def.kind, name, distinct).status.message });
  }
}

/**
 * Sorts in etcd key order (/registry/<resource>/<namespace>/<name>), in place. Each object's key
 * is built once, not twice per comparison (a list of 150,000 pods makes ~5 million comparisons).
 */
/** A stored object's metadata at resourceVersion `rv` (an explicitly undefined uid dropped). */
function stampedMetadata(meta: ObjectMeta, rv: number, extra?: Partial<ObjectMeta>): ObjectMeta {
  const metadata: ObjectMeta = extra
    ? { ...meta, ...extra, resourceVersion: String(rv) }
    : { ...meta, resourceVersion: String(rv) };
  if (metadata.uid === undefined && 'uid' in metadata) delete metadata.uid;
  return metadata;
}

function sortByKey(items: KObject[]): KObject[] {
  if (items.length < 2) return items;
  const keyed = items.map((obj) => ({ key: `${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`, obj }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 0; i < keyed.length; i++) items[i] = keyed[i].obj;
  return items;
}

function storageKey(def: KindDefinition, namespace: string, name: string): string {
  const prefix = def.group ? `/registry/${def.group}/${def.plural}` : `/registry/${def.plural}`;
  return def.namespaced ? `${prefix}/${namespace}/${name}` : `${prefix}/${name}`;
}

/** Only core/v1 Pods serve `pods/ephemeralcontainers`. */
function servesEphemeralContainers(def: KindDefinition): boolean {
  return def.group === '' && def.kind === 'Pod';
}

function specChanged(def: KindDefinition, next: KObject, old: KObject): boolean {
  const fields = def.specFields ?? Object.keys({ ...next, ...old }).filter((k) => k !== 'metadata' && k !== 'status');
  return fields.some((f) => !deepEqual(next[f], old[f]));
}

/**
 * rest.BeforeUpdate: the client cannot change identity, creation time, generation or the deletion
 * marks; the uid is the stored one (a different one was refused as a precondition).
 */
function keepSystemMeta(incoming: ObjectMeta, existing: ObjectMeta): ObjectMeta {
  // As `{...incoming, name: existing.name, uid: ..., namespace: ...}` without its undefined fields:
  // a field is only assigned when defined and deleted only when present (a delete puts the object
  // in slow dictionary mode), so the usual update (same system fields as stored) deletes nothing.
  const meta: ObjectMeta = { ...incoming };
  keep(meta, 'name', existing.name);
  keep(meta, 'uid', existing.uid);
  keep(meta, 'creationTimestamp', existing.creationTimestamp);
  keep(meta, 'generation', existing.generation);
  keep(meta, 'deletionTimestamp', existing.deletionTimestamp);
  keep(meta, 'deletionGracePeriodSeconds', existing.deletionGracePeriodSeconds);
  keep(meta, 'namespace', existing.namespace);
  let undefinedField = false;
  for (const k in meta) {
    if (meta[k as keyof ObjectMeta] === undefined) {
      undefinedField = true;
      break;
    }
  }
  if (undefinedField) for (const k of Object.keys(meta) as (keyof ObjectMeta)[]) if (meta[k] === undefined) delete meta[k];
  return meta;
}

/** meta[key] = value, or no such key when value is undefined. */
function keep<K extends keyof ObjectMeta>(meta: ObjectMeta, key: K, value: ObjectMeta[K]): void {
  if (value !== undefined) meta[key] = value;
  else if (key in meta) delete meta[key];
}

/**
 * store.go ShouldDeleteDuringUpdate (plus the namespace storage's extra spec.finalizers check): the
 * new object has no finalizers and the stored one was marked for deletion with no grace period left.
 */
function shouldDeleteDuringUpdate(def: KindDefinition, next: KObject, existing: KObject): boolean {
  if ((next.metadata.finalizers?.length ?? 0) > 0) return false;
  if (!existing.metadata.deletionTimestamp) return false;
  if ((existing.metadata.deletionGracePeriodSeconds ?? 0) !== 0) return false;
  return !def.lifecycleDeletion?.awaitingFinalization(next);
}

/**
 * store.go markAsDeleting: generation + 1 on the first mark, deletionTimestamp now (unless already
 * set earlier), deletionGracePeriodSeconds 0.
 */
function markAsDeleting(obj: KObject, nowMs: number, clock: Clock): KObject {
  const meta = { ...obj.metadata };
  if (!meta.deletionTimestamp && (meta.generation ?? 0) > 0) meta.generation = meta.generation! + 1;
  if (!meta.deletionTimestamp || clock.parseTimestamp(meta.deletionTimestamp) > nowMs)
    meta.deletionTimestamp = clock.timestamp(nowMs);
  meta.deletionGracePeriodSeconds = 0;
  return { ...obj, metadata: meta };
}

function withFinalizers(obj: KObject, finalizers: string[]): KObject {
  const current = obj.metadata.finalizers ?? [];
  if (current.length === finalizers.length && current.every((f, i) => f === finalizers[i])) return obj;
  const metadata: ObjectMeta = { ...obj.metadata, finalizers };
  if (finalizers.length === 0) delete metadata.finalizers;
  return { ...obj, metadata };
}

/**
 * store.go deletionFinalizersForGarbageCollection: the policy of the request, else the GC
 * finalizer already on the object, else the kind's default decides between `orphan`,
 * `foregroundDeletion` and neither. Other finalizers keep their order; the GC one goes last.
 */
export function gcFinalizers(
  finalizers: string[],
  policy: PropagationPolicy | undefined,
  defaultPolicy: 'Background' | 'Orphan',
): string[] {
  let orphan: boolean;
  let foreground: boolean;
  if (policy) {
    orphan = policy === 'Orphan';
    foreground = policy === 'Foreground';
  } else {
    const first = finalizers.find((f) => f === FINALIZER_ORPHAN || f === FINALIZER_FOREGROUND);
    orphan = first ? first === FINALIZER_ORPHAN : defaultPolicy === 'Orphan';
    foreground = first === FINALIZER_FOREGROUND;
  }
  const next = finalizers.filter((f) => f !== FINALIZER_ORPHAN && f !== FINALIZER_FOREGROUND);
  if (orphan) next.push(FINALIZER_ORPHAN);
  if (foreground) next.push(FINALIZER_FOREGROUND);
  // Unchanged as a set: keep the stored list as it is.
  const same = next.length === finalizers.length && next.every((f) => finalizers.includes(f));
  return same ? finalizers : next;
}

/** Namespace storage shouldHaveOrphanFinalizer / shouldHaveDeleteDependentsFinalizer. */
function namespaceGcFinalizers(finalizers: string[], policy: PropagationPolicy | undefined): string[] {
  if (!policy) return finalizers;
  const orphan = policy === 'Orphan';
  const foreground = policy === 'Foreground';
  const has = (f: string) => finalizers.includes(f);
  if (has(FINALIZER_ORPHAN) === orphan && has(FINALIZER_FOREGROUND) === foreground) return finalizers;
  const next = finalizers.filter((f) => f !== FINALIZER_ORPHAN && f !== FINALIZER_FOREGROUND);
  if (orphan) next.push(FINALIZER_ORPHAN);
  if (foreground) next.push(FINALIZER_FOREGROUND);
  return next;
}

/**
 * AlreadyExists: `object is being deleted: ` when the holder is terminating; after the last
 * generateName attempt, the GenerateNameConflict wording (with a 1 s retry hint).
 */
function alreadyExists(def: KindDefinition, name: string, generated: boolean, current: KObject): ApiError {
  const base = errors.alreadyExists(groupResource(def), name).status;
  let status: Status = base;
  if (generated) {
    status = {
      ...base,
      message: `${base.message}, the server was not able to generate a unique name for the object`,
      details: { ...base.details, retryAfterSeconds: 1 },
    };
  }
  if (current.metadata.deletionTimestamp) status = { ...status, message: `object is being deleted: ${status.message}` };
  return status === base ? new ApiError(base) : new ApiError(status);
}

/** Whether the storage versioner reads a resourceVersion out of `rv` (ParseUint, non-zero). */
function isSetResourceVersion(rv: string | undefined): boolean {
  return rv !== undefined && /^[0-9]+$/.test(rv) && Number(rv) !== 0;
}

/** An error the server does not map to a Status: a 500 carrying the raw text (reason unknown). */
function unmappedError(message: string): ApiError {
  return new ApiError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: 'InternalError',
    code: 500,
  });
}
