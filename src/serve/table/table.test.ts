// The Table a client receives, rendered as kubectl renders one (priority filter, upper-case
// headers, NAMESPACE from the row's object, a tabwriter), prints exactly what our kubectl prints.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinKinds } from '../../engine/api/kinds';
import type { KindDefinition } from '../../engine/api/kinds/kind-definition';
import type { KObject } from '../../k8s/types';
import { formatTable, sanitizeTableCell } from '../../engine/kubectl/printers/tabwriter';
import { Simulation } from '../../engine/simulation';
import { convertToTable, type IncludeObject, type Table } from './index';

const EVERY_KIND = new URL('../oracle/manifests/every-kind.yaml', import.meta.url).pathname;

function cluster() {
  const sim = new Simulation({ readFile: (path) => readFileSync(path, 'utf8') });
  const kubectl = (line: string) => {
    let stdout = '';
    let stderr = '';
    sim.openConsole((t, s) => (s === 'stdout' ? (stdout += t) : (stderr += t))).run(line);
    return { stdout, stderr };
  };
  expect(kubectl(`kubectl apply -f ${EVERY_KIND}`).stderr).toBe('');
  sim.openConsole(() => {}).run('sleep 95s');
  return { sim, kubectl };
}

/** kubectl's printing of a Table it received (cli-runtime's table printer, without extras). */
function renderLikeKubectl(table: Table, opts: { wide: boolean; withNamespace: boolean }): string {
  const shown = table.columnDefinitions.map((c, i) => ({ c, i })).filter(({ c }) => opts.wide || c.priority === 0);
  const header = shown.map(({ c }) => c.name.toUpperCase());
  const rows = table.rows.map((row) => {
    const cells = shown.map(({ i }) => sanitizeTableCell(String(row.cells[i])));
    const meta = (row.object as { metadata?: { namespace?: string } } | undefined)?.metadata ?? {};
    return opts.withNamespace ? [meta.namespace ?? '', ...cells] : cells;
  });
  return formatTable([opts.withNamespace ? ['NAMESPACE', ...header] : header, ...rows]);
}

/** A Table as the server answers a list (or, with one object, a get). */
function toTable(
  def: KindDefinition,
  objects: readonly KObject[],
  opts: { nowUnixMs: number; includeObject?: IncludeObject; noHeaders?: boolean },
): Table {
  const listMeta = { resourceVersion: objects.length === 1 ? objects[0].metadata.resourceVersion : '1' };
  return convertToTable(def, objects, {
    includeObject: opts.includeObject ?? 'Metadata',
    noHeaders: opts.noHeaders ?? false,
    nowUnixMs: opts.nowUnixMs,
    listMeta,
  });
}

const resourceOf = (def: KindDefinition) => (def.group ? `${def.plural}.${def.group}` : def.plural);

describe('Table responses', () => {
  const { sim, kubectl } = cluster();
  const api = sim.cluster.api;

  it.each(builtinKinds.map((def) => [def.kind, def] as const))(
    '%s: the Table prints what kubectl get prints, plain and -o wide',
    (_kind, def) => {
      const items = api.list(def, {}).items;
      expect(items.length, `the fixture holds a ${def.kind}`).toBeGreaterThan(0);
      const now = sim.clock.nowUnixMs();
      const table = toTable(def, items, { nowUnixMs: now });
      for (const wide of [false, true]) {
        const ours = kubectl(`kubectl get ${resourceOf(def)} -A${wide ? ' -o wide' : ''}`).stdout;
        expect(renderLikeKubectl(table, { wide, withNamespace: def.namespaced })).toBe(ours);
      }
    },
  );

  it('types integer and boolean cells as upstream does, and names the Name column', () => {
    const def = builtinKinds.find((d) => d.kind === 'Deployment')!;
    const table = toTable(def, api.list(def, {}).items, { nowUnixMs: sim.clock.nowUnixMs() });
    expect(table.columnDefinitions.slice(0, 4)).toEqual([
      { name: 'Name', type: 'string', format: 'name', description: expect.stringMatching(/^Name must be unique/), priority: 0 },
      { name: 'Ready', type: 'string', format: '', description: '', priority: 0 },
      { name: 'Up-to-date', type: 'integer', format: '', description: '', priority: 0 },
      { name: 'Available', type: 'integer', format: '', description: '', priority: 0 },
    ]);
    expect(table.rows[0].cells.slice(0, 4)).toEqual(['web', '2/2', 2, 2]);
    const pc = builtinKinds.find((d) => d.kind === 'PriorityClass')!;
    const high = toTable(pc, [api.get(pc, '', 'high')], { nowUnixMs: sim.clock.nowUnixMs() });
    expect(high.rows[0].cells.slice(0, 3)).toEqual(['high', 1000, false]);
  });

  it('puts the object into each row as includeObject asks, and the single object its own resourceVersion', () => {
    const def = builtinKinds.find((d) => d.kind === 'ConfigMap')!;
    const cm = api.get(def, 'default', 'settings');
    const now = sim.clock.nowUnixMs();
    const meta = toTable(def, [cm], { nowUnixMs: now });
    expect(meta.metadata).toEqual({ resourceVersion: cm.metadata.resourceVersion });
    expect(meta.rows[0].object).toEqual({
      kind: 'PartialObjectMetadata',
      apiVersion: 'meta.k8s.io/v1',
      metadata: cm.metadata,
    });
    expect(toTable(def, [cm], { nowUnixMs: now, includeObject: 'Object' }).rows[0].object).toBe(cm);
    expect(toTable(def, [cm], { nowUnixMs: now, includeObject: 'None' }).rows[0]).not.toHaveProperty('object');
    expect(toTable(def, [cm], { nowUnixMs: now, noHeaders: true }).columnDefinitions).toEqual([]);
  });

  it('computes AGE at the engine clock', () => {
    const def = builtinKinds.find((d) => d.kind === 'ConfigMap')!;
    const cm = api.get(def, 'default', 'settings');
    const created = Date.parse(cm.metadata.creationTimestamp!);
    const ageCell = (ms: number) => toTable(def, [cm], { nowUnixMs: created + ms }).rows[0].cells[2];
    expect([ageCell(0), ageCell(95_000), ageCell(3 * 3600_000 + 60_000)]).toEqual(['0s', '95s', '3h1m']);
  });
});
