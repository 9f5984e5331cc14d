// Rows of `kubectl get` tables: the kind's server-side Table columns (printColumns), decorated as
// kubectl's table printer decorates a Table it receives — `-o wide` keeps priority-1 columns,
// NAMESPACE in front for -A, the kind prefix on the first cell, -L and --show-labels at the end.

import { formatLabels } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { KindDefinition } from '../../api/kinds/kind-definition';
import { printColumns, type PrintColumn } from '../../api/kinds/print-columns';
import { kindPrefix } from '../resources';
import { sanitizeTableCell } from './tabwriter';

export interface TableOptions {
  wide: boolean;
  withNamespace: boolean;
  showLabels: boolean;
  /** `pod/web-0` instead of `web-0` (several kinds in one get, or --show-kind). */
  withKind: boolean;
  /** `-L key1,key2`: one extra column per label key. */
  labelColumns: string[];
  nowUnixMs: number;
}

function shownColumns(def: KindDefinition, wide: boolean): readonly PrintColumn[] {
  const all = printColumns(def);
  return wide ? all : all.filter((c) => c.priority === 0);
}

export function tableHeader(def: KindDefinition, opts: TableOptions): string[] {
  const header: string[] = [];
  if (opts.withNamespace) header.push('NAMESPACE');
  for (const c of shownColumns(def, opts.wide)) header.push(c.name.toUpperCase());
  for (const key of opts.labelColumns) header.push(key.split('/').pop()!.toUpperCase());
  if (opts.showLabels) header.push('LABELS');
  return header;
}

export function tableRow(def: KindDefinition, obj: KObject, opts: TableOptions): string[] {
  const ctx = { nowUnixMs: opts.nowUnixMs };
  const cells = shownColumns(def, opts.wide).map((c) =>
    c.format === 'name' ? c.cell(obj, ctx) : sanitizeTableCell(c.cell(obj, ctx)),
  );
  // kubectl prefixes whatever the first cell is (an Event's is LAST SEEN).
  if (opts.withKind && cells.length > 0) cells[0] = `${kindPrefix(def)}/${cells[0]}`;
  const row: string[] = [];
  if (opts.withNamespace) row.push(obj.metadata.namespace ?? '');
  row.push(...cells);
  for (const key of opts.labelColumns) row.push(obj.metadata.labels?.[key] ?? '');
  if (opts.showLabels) row.push(formatLabels(obj.metadata.labels));
  return row;
}
