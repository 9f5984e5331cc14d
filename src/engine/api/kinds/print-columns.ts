// The full column list of a kind's server-side Table, Name included where the printer puts it:
// the one definition both our kubectl (which decorates it as kubectl does) and `kubeplay serve`'s
// `as=Table` responses print from.

import type { KObject } from '../../../k8s/types';
import type { KindDefinition, PrintContext, TableColumn } from './kind-definition';

export interface PrintColumn extends TableColumn {
  priority: 0 | 1;
  type: 'string' | 'integer' | 'boolean';
  format: string;
}

const memo = new WeakMap<KindDefinition, readonly PrintColumn[]>();

function nameColumn(def: KindDefinition, priority: 0 | 1): PrintColumn {
  const cell = def.nameCell ?? ((obj: KObject) => obj.metadata.name ?? '');
  return { name: 'Name', type: 'string', format: 'name', priority, cell };
}

/** Every column of the kind in Table order; `priority: 1` ones are kubectl's `-o wide` extras. */
export function printColumns(def: KindDefinition): readonly PrintColumn[] {
  let columns = memo.get(def);
  if (columns) return columns;
  const declared = def.columns.map((c): PrintColumn => ({
    ...c,
    priority: c.priority ?? 0,
    type: c.type ?? 'string',
    format: c.format ?? '',
  }));
  // Events lead with LAST SEEN; their Name is a wide column at the end (printers.go).
  columns = def.nameColumn === 'wide-last' ? [...declared, nameColumn(def, 1)] : [nameColumn(def, 0), ...declared];
  memo.set(def, columns);
  return columns;
}

/** The cells of one object's row, in `printColumns` order. */
export function printCells(columns: readonly PrintColumn[], obj: KObject, ctx: PrintContext): string[] {
  return columns.map((c) => c.cell(obj, ctx));
}
