// metav1.Table responses (`Accept: application/json;as=Table;v=v1;g=meta.k8s.io`): the kind's
// printColumns — the same column list our kubectl prints from — with cells computed at the
// engine's virtual now, and each row's object as `includeObject` asks (the API server's
// transformObject / asTable in handlers/response.go).

import type { KObject } from '../../k8s/types';
import type { KindDefinition } from '../../engine/api/kinds/kind-definition';
import { printColumns, type PrintColumn } from '../../engine/api/kinds/print-columns';

export type IncludeObject = 'None' | 'Metadata' | 'Object';
export type TableVersion = 'v1' | 'v1beta1';

export interface TableColumnDefinition {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface TableRow {
  cells: unknown[];
  object?: Record<string, unknown>;
}

export interface Table {
  kind: 'Table';
  apiVersion: string;
  metadata: { resourceVersion?: string; continue?: string; remainingItemCount?: number };
  columnDefinitions: TableColumnDefinition[];
  rows: TableRow[];
}

export interface ToTableOptions {
  nowUnixMs: number;
  /** `?includeObject=`: the server's default is Metadata. */
  includeObject?: IncludeObject;
  version?: TableVersion;
  /** A list's metadata (resourceVersion, continue); a single object's resourceVersion is its own. */
  listMeta?: Table['metadata'];
  /** Watch events after the first carry rows only. */
  omitColumnDefinitions?: boolean;
}

/** Parses `?includeObject=`; undefined for a value the server refuses. */
export function parseIncludeObject(value: string | null | undefined): IncludeObject | undefined {
  if (value === null || value === undefined || value === '') return 'Metadata';
  return value === 'None' || value === 'Metadata' || value === 'Object' ? value : undefined;
}

/**
 * The Table version an Accept header asks for (`as=Table;v=v1;g=meta.k8s.io`), the first one
 * that matches in the header's order; undefined when it asks for no Table.
 */
export function tableVersionFromAccept(accept: string | undefined): TableVersion | undefined {
  for (const clause of (accept ?? '').split(',')) {
    const params = new Map<string, string>();
    const [media, ...rest] = clause.split(';').map((p) => p.trim());
    for (const p of rest) {
      const eq = p.indexOf('=');
      if (eq > 0) params.set(p.slice(0, eq).trim(), p.slice(eq + 1).trim());
    }
    if (media !== 'application/json' && media !== '*/*') continue;
    if (params.get('as') !== 'Table' || params.get('g') !== 'meta.k8s.io') continue;
    const v = params.get('v');
    if (v === 'v1' || v === 'v1beta1') return v;
  }
  return undefined;
}

function columnDefinition(c: PrintColumn): TableColumnDefinition {
  return { name: c.name, type: c.type, format: c.format, description: '', priority: c.priority };
}

/** An integer or boolean column's cell as the JSON value upstream's printer puts there. */
function typedCell(c: PrintColumn, text: string): unknown {
  if (c.type === 'integer' && /^-?\d+$/.test(text)) return Number(text);
  if (c.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function rowObject(obj: KObject, include: IncludeObject, version: TableVersion): Record<string, unknown> | undefined {
  if (include === 'None') return undefined;
  if (include === 'Object') return obj as Record<string, unknown>;
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: obj.metadata };
}

/** The Table of `objects` (one object for a get by name, the items of a list). */
export function toTable(def: KindDefinition, objects: readonly KObject[], opts: ToTableOptions): Table {
  const version = opts.version ?? 'v1';
  const include = opts.includeObject ?? 'Metadata';
  const columns = printColumns(def);
  const ctx = { nowUnixMs: opts.nowUnixMs };
  const rows = objects.map((obj): TableRow => {
    const row: TableRow = { cells: columns.map((c) => typedCell(c, c.cell(obj, ctx))) };
    const object = rowObject(obj, include, version);
    if (object) row.object = object;
    return row;
  });
  const metadata = opts.listMeta ?? { resourceVersion: objects[0]?.metadata.resourceVersion };
  return {
    kind: 'Table',
    apiVersion: `meta.k8s.io/${version}`,
    metadata,
    columnDefinitions: opts.omitColumnDefinitions ? [] : columns.map(columnDefinition),
    rows,
  };
}
