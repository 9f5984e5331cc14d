// KindDefinition: everything the API server needs to serve a kind, declared once per kind so
// later issues plug new kinds in without touching the server (like a registry REST strategy).

import type { KObject } from '../../../k8s/types';
import type { FieldError } from '../errors';

/** What a table cell needs besides the object: the current wall time in ms since the Unix epoch. */
export interface PrintContext {
  nowUnixMs: number;
}

/** A server-side Table column (printers.go), `priority: 1` ones appear only with `-o wide`. */
export interface TableColumn {
  name: string;
  priority?: 0 | 1;
  cell: (obj: KObject, ctx: PrintContext) => string;
}

/** What a DELETE does to an object that is not removed immediately. */
export type DeletionOutcome =
  | { kind: 'remove' }
  | { kind: 'mark'; deletionTimestampMs: number; gracePeriodSeconds: number; mutate?: (obj: KObject) => KObject };

export interface DeleteContext {
  nowMs: number;
  /** DeleteOptions.gracePeriodSeconds as the client sent it. */
  requestedGracePeriodSeconds?: number;
}

export interface KindDefinition {
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
  /** Whether spec changes bump metadata.generation. */
  tracksGeneration: boolean;
  /** Which top-level fields count as "spec" for generation (default: everything but metadata/status). */
  specFields?: string[];
  /** The resource's default propagation policy when a DELETE sends none (Orphan for RC and Job). */
  defaultPropagationPolicy: 'Background' | 'Orphan';
  /** Whether the garbage collector handles this kind's deletion propagation (not for Events). */
  garbageCollected: boolean;
  /** Pure defaulting: returns the same object when nothing changes. */
  applyDefaults?: (obj: KObject) => KObject;
  /** Strategy hook run on create before validation (e.g. reset status). */
  prepareForCreate?: (obj: KObject) => KObject;
  validate?: (obj: KObject) => FieldError[];
  validateUpdate?: (obj: KObject, old: KObject) => FieldError[];
  validateStatusUpdate?: (obj: KObject, old: KObject) => FieldError[];
  /** Graceful deletion (pods, namespaces): decides whether the object stays marked for a while. */
  deletionOutcome?: (obj: KObject, ctx: DeleteContext) => DeletionOutcome;
  /** Field selectors this kind supports beyond metadata.name / metadata.namespace. */
  fieldSelectors?: Record<string, (obj: KObject) => string | undefined>;
  columns: TableColumn[];
}

export function apiVersionOf(def: KindDefinition): string {
  return def.group ? `${def.group}/${def.version}` : def.version;
}

/** `pods`, `deployments.apps`: how errors name a resource. */
export function groupResource(def: KindDefinition): { group: string; resource: string } {
  return { group: def.group, resource: def.plural };
}
