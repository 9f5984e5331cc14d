// Server-side printing (`as=Table`): what kube-apiserver answers when kubectl asks for a
// meta.k8s.io/v1 Table — the kind's printColumns (api/kinds/print-columns.ts), the same column
// list our kubectl prints from, with cells computed at the engine's virtual now and each row's
// object as `includeObject` asks (the API server's asTable in handlers/response.go).

import type { KObject } from '../../k8s/types';
import type { KindDefinition } from '../../engine/api/kinds/kind-definition';
import { printColumns, type PrintColumn } from '../../engine/api/kinds/print-columns';

/** `?includeObject=`: what each row carries besides its cells (metav1.IncludeObjectPolicy). */
export type IncludeObject = 'None' | 'Metadata' | 'Object';

export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface TableRow {
  cells: unknown[];
  object?: unknown;
}

/** metav1.ListMeta of the answer (a list's, or a single object's resourceVersion). */
export interface TableListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

export interface TableRequest {
  includeObject: IncludeObject;
  /** Leave out columnDefinitions (watch events after the first one). */
  noHeaders: boolean;
  /** The cluster's current time, Unix ms (virtual: ages are the simulation's). */
  nowUnixMs: number;
  listMeta: TableListMeta;
}

export interface Table {
  kind: 'Table';
  apiVersion: 'meta.k8s.io/v1';
  metadata: TableListMeta;
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}

/** swaggerMetadataDescriptions of ObjectMeta's name and creationTimestamp. */
const NAME_DESCRIPTION =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';
const CREATED_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

/** The object a row carries, as includeObject asks (Metadata: a PartialObjectMetadata). */
export function rowObject(obj: KObject, includeObject: IncludeObject): unknown {
  if (includeObject === 'None') return undefined;
  if (includeObject === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

function columnDefinition(c: PrintColumn): TableColumnDefinition {
  const description = c.format === 'name' ? NAME_DESCRIPTION : c.name === 'Age' ? CREATED_DESCRIPTION : '';
  return { name: c.name, type: c.type, format: c.format, description, priority: c.priority };
}

/** An integer or boolean column's cell as the JSON value upstream's printer puts there. */
function typedCell(c: PrintColumn, text: string): unknown {
  if (c.type === 'integer' && /^-?\d+$/.test(text)) return Number(text);
  if (c.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The Table of `objects` of kind `def` (one object for a GET of a name, every item for a LIST). */
export function convertToTable(def: KindDefinition, objects: readonly KObject[], request: TableRequest): Table {
  const columns = printColumns(def);
  const ctx = { nowUnixMs: request.nowUnixMs };
  const rows = objects.map((obj) => {
    const row: TableRow = { cells: columns.map((c) => typedCell(c, c.cell(obj, ctx))) };
    const object = rowObject(obj, request.includeObject);
    if (object !== undefined) row.object = object;
    return row;
  });
  const columnDefinitions = request.noHeaders ? [] : columns.map(columnDefinition);
  return { kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: request.listMeta, columnDefinitions, rows };
}
