// KindDefinition: everything the API server needs to serve a kind, declared once per kind so
// later issues plug new kinds in without touching the server (like a registry REST strategy).

import type { KObject } from '../../../k8s/types';
import type { SeededRandom } from '../../clock/random';
import type { FieldError } from '../errors';
import type { ScaleSubresource } from '../subresources/scale';

/** What a table cell needs besides the object: the current wall time in ms since the Unix epoch. */
export interface PrintContext {
  nowUnixMs: number;
}

/** A server-side Table column (printers.go), `priority: 1` ones appear only with `-o wide`. */
export interface TableColumn {
  name: string;
  priority?: 0 | 1;
  /** The column's OpenAPI type in a Table response (default `string`); clients print the cell either way. */
  type?: 'string' | 'integer' | 'boolean';
  /** The OpenAPI format (`name` marks the primary identifier column). */
  format?: string;
  cell: (obj: KObject, ctx: PrintContext) => string;
}

/**
 * Namespace-style deletion (pkg/registry/core/namespace/storage): the first DELETE only marks the
 * object (deletionTimestamp now, plus `markTerminating`); it is removed by a later DELETE, or by
 * the update that finalizes it, once `awaitingFinalization` is false.
 */
export interface LifecycleDeletion {
  markTerminating: (obj: KObject) => KObject;
  awaitingFinalization: (obj: KObject) => boolean;
}

/**
 * What a storage hook may read (BeginCreate / BeginUpdate): the server's random source and the
 * objects of the kind already stored. Allocations (cluster IPs, node ports) are derived from the
 * stored objects, so a refused or dry-run request has nothing to release.
 */
export interface StorageContext {
  random: SeededRandom;
  /** Every stored object of the kind being written, in all namespaces. */
  stored(): Iterable<KObject>;
}

/**
 * The API server's --feature-gates, as defaulting and the registry strategies consult them
 * (upstream's utilfeature.DefaultFeatureGate). The simulation config satisfies it.
 */
export interface FeatureGates {
  featureGate(name: string): boolean;
}

/** Every gate off: a server built without a configuration. */
export const GATES_OFF: FeatureGates = { featureGate: () => false };

/** What PrepareForCreate may read besides the object. */
export interface CreateContext {
  uid(): string;
  featureGates: FeatureGates;
}

export interface KindDefinition {
  /**
   * Other served versions, each with its conversion to this (the stored) version, as the API
   * server converts request bodies. Registered with KindRegistry.registerVersion.
   */
  otherVersions?: Readonly<Record<string, (obj: KObject) => KObject>>;
  group: string;
  version: string;
  kind: string;
  /** Lowercase plural resource name: `pods`. */
  plural: string;
  singular: string;
  shortNames: string[];
  namespaced: boolean;
  /** `all` puts the kind into `kubectl get all`. */
  categories: string[];
  /** Whether `/status` is a separate subresource (spec writes never change status and vice versa). */
  hasStatus: boolean;
  /** Whether spec changes bump metadata.generation (set to 1 on create). */
  tracksGeneration: boolean;
  /** Which top-level fields count as "spec" for generation (default: everything but metadata/status). */
  specFields?: string[];
  /** The resource's default propagation policy when a DELETE sends none (Orphan for RC and Job). */
  defaultPropagationPolicy: 'Background' | 'Orphan';
  /** Whether the garbage collector handles this kind's deletion propagation (not for Events). */
  garbageCollected: boolean;
  /** Pure defaulting: returns the same object when nothing changes. */
  applyDefaults?: (obj: KObject, gates: FeatureGates) => KObject;
  /**
   * The registry store's BeginCreate (store.go), after name generation and before PrepareForCreate
   * and validation: e.g. the Service REST allocating cluster IPs and node ports. Throws an
   * ApiError to refuse the request.
   */
  beginCreate?: (obj: KObject, ctx: StorageContext) => KObject;
  /** BeginUpdate of the main resource, after status was reset and before PrepareForUpdate. */
  beginUpdate?: (obj: KObject, old: KObject, ctx: StorageContext) => KObject;
  /**
   * Strategy PrepareForCreate, run before validation (e.g. reset status, add finalizers).
   * `ctx.uid()` is the uid the object will be stored with (drawn on first use).
   */
  prepareForCreate?: (obj: KObject, ctx: CreateContext) => KObject;
  /** Strategy PrepareForUpdate of the main resource, after status was reset to the stored one. */
  prepareForUpdate?: (obj: KObject, old: KObject, gates: FeatureGates) => KObject;
  /**
   * Strategy PrepareForUpdate of `/status`, after spec and metadata were reset to the stored ones;
   * `incoming` is the request's object (Deployments keep its annotations: the controller writes
   * the revision annotation through `/status`).
   */
  prepareForStatusUpdate?: (obj: KObject, old: KObject, incoming: KObject) => KObject;
  validate?: (obj: KObject) => FieldError[];
  /** Strategy WarningsOnCreate: warnings for a valid new object (kubectl prints `Warning: …`). */
  warningsOnCreate?: (obj: KObject) => string[];
  validateUpdate?: (obj: KObject, old: KObject) => FieldError[];
  validateStatusUpdate?: (obj: KObject, old: KObject) => FieldError[];
  /** Validation of the `/finalize` subresource (namespaces); its presence enables the subresource. */
  validateFinalizeUpdate?: (obj: KObject, old: KObject) => FieldError[];
  /**
   * Graceful deletion (RESTGracefulDeleteStrategy.CheckGracefulDelete): the grace period in
   * seconds of a first DELETE, given the client's (already made non-negative) request. Kinds
   * without it are deleted at once, or marked with grace 0 while finalizers hold them.
   */
  gracefulDeletePeriod?: (obj: KObject, requestedSeconds: number | undefined) => number;
  /** Namespace-style two-step deletion. */
  lifecycleDeletion?: LifecycleDeletion;
  /** Serves the autoscaling/v1 `scale` subresource (subresources/scale.ts) when set. */
  scale?: ScaleSubresource;
  /** Values of the selectable fields beyond metadata.name / metadata.namespace. */
  fieldSelectors?: Record<string, (obj: KObject) => string | undefined>;
  /**
   * A field of fieldSelectors the store indexes: a LIST whose field selector requires one value
   * of it reads only the objects with that value instead of the whole kind (Events by
   * involvedObject.name: `kubectl describe` of one pod among 750,000 Events).
   */
  indexedField?: string;
  /**
   * Stored with a time to live (kube-apiserver's --event-ttl for Events): each write starts it
   * again, and the object is deleted when it runs out (storage-ttl.ts).
   */
  storageTTLSeconds?: number;
  /**
   * Field labels the kind's own conversion function accepts (core/v1 kinds register one); any
   * other label is refused with `field label not supported: <label>`. Unset: the default
   * conversion, which accepts only metadata.name and metadata.namespace.
   */
  fieldLabels?: readonly string[];
  columns: TableColumn[];
  /**
   * Where the Name column goes: first (the default), or — for Events, whose table leads with
   * LAST SEEN — only with `-o wide`, as the last column.
   */
  nameColumn?: 'first' | 'wide-last';
  /** The Name cell when it is more than the name (StorageClass: `standard (default)`). */
  nameCell?: (obj: KObject) => string;
}

export function apiVersionOf(def: KindDefinition): string {
  return def.group ? `${def.group}/${def.version}` : def.version;
}

/** `pods`, `deployments.apps`: how errors name a resource. */
export function groupResource(def: KindDefinition): { group: string; resource: string } {
  return { group: def.group, resource: def.plural };
}

/**
 * `Pod`, `Deployment.apps`: how BeforeDelete's precondition conflicts name a resource (upstream
 * builds a GroupResource from the kind there).
 */
export function groupKindResource(def: KindDefinition): { group: string; resource: string } {
  return { group: def.group, resource: def.kind };
}
