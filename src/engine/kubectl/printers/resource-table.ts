// Rows of `kubectl get` tables from a kind's declared columns (server-side Table rendering).

import { formatLabels } from '../../../k8s/labels';
import type { KObject } from '../../../k8s/types';
import type { KindDefinition } from '../../api/kinds/kind-definition';
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

export function tableHeader(def: KindDefinition, opts: TableOptions): string[] {
  const header: string[] = [];
  if (opts.withNamespace) header.push('NAMESPACE');
  const nameLast = def.nameColumn === 'wide-last';
  if (!nameLast) header.push('NAME');
  for (const c of def.columns) if (!c.priority || opts.wide) header.push(c.name.toUpperCase());
  if (nameLast && opts.wide) header.push('NAME');
  for (const key of opts.labelColumns) header.push(key.split('/').pop()!.toUpperCase());
  if (opts.showLabels) header.push('LABELS');
  return header;
}

export function tableRow(def: KindDefinition, obj: KObject, opts: TableOptions): string[] {
  const row: string[] = [];
  if (opts.withNamespace) row.push(obj.metadata.namespace ?? '');
  const shown = def.nameCell ? def.nameCell(obj) : (obj.metadata.name ?? '');
  const name = opts.withKind ? `${kindPrefix(def)}/${shown}` : shown;
  const nameLast = def.nameColumn === 'wide-last';
  if (!nameLast) row.push(name);
  const ctx = { nowUnixMs: opts.nowUnixMs };
  for (const c of def.columns) if (!c.priority || opts.wide) row.push(sanitizeTableCell(c.cell(obj, ctx)));
  if (nameLast && opts.wide) row.push(name);
  for (const key of opts.labelColumns) row.push(obj.metadata.labels?.[key] ?? '');
  if (opts.showLabels) row.push(formatLabels(obj.metadata.labels));
  return row;
}
