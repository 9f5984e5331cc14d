// kubectl events [--for TYPE/NAME] [--types=Normal,Warning] [-w] [-A] [-o …] (kubectl
// pkg/cmd/events): the namespace's events sorted by when they last happened, in its own table
// (LAST SEEN, TYPE, REASON, OBJECT as Kind/name, MESSAGE; `(xN over D)` for repeats). --for
// filters on involvedObject.kind and .name through the server's field selector; -w prints each
// new or updated event (never deletions) after the listing's header.

import { humanDuration } from '../../../k8s/duration';
import type { KObject } from '../../../k8s/types';
import { KubectlError, type KubectlEnv, type KubectlIO } from '../context';
import type { FlagSpec, ParsedArgs } from '../flags';
import { parseOutputFormat, printStructured } from '../printers/output';
import { escapeTerminal, formatTable } from '../printers/tabwriter';
import { toKubectlJson, toKubectlYaml } from '../printers/yaml-json';
import { requestNamespace } from './common-flags';

export const eventsFlags: FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'all-namespaces', short: 'A', type: 'bool' },
  { name: 'watch', short: 'w', type: 'bool' },
  { name: 'for', type: 'string', default: '' },
  { name: 'types', type: 'stringArray', default: [] },
  { name: 'no-headers', type: 'bool' },
  { name: 'output', short: 'o', type: 'string' },
  { name: 'chunk-size', type: 'int', default: 500 },
  { name: 'allow-missing-template-keys', type: 'bool', default: true },
  { name: 'show-managed-fields', type: 'bool' },
  { name: 'template', type: 'string' },
];

interface EventFields {
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  firstTimestamp?: string;
  lastTimestamp?: string;
  eventTime?: string;
  series?: { count?: number; lastObservedTime?: string };
  involvedObject?: { kind?: string; name?: string };
}

const fieldsOf = (o: KObject) => o as KObject & EventFields;

/** SortableEvents' key: the series' last observation, else lastTimestamp, else eventTime. */
function eventTime(e: EventFields): number {
  const t = e.series?.lastObservedTime ?? e.lastTimestamp ?? e.eventTime;
  return t ? Date.parse(t) : 0;
}

function since(timestamp: string | undefined, nowMs: number): string {
  return timestamp ? humanDuration(nowMs - Date.parse(timestamp)) : '<unknown>';
}

/** getInterval: `5s`, or `5s (x3 over 2m)` for a repeated event. */
function interval(e: EventFields, nowMs: number): string {
  const first = e.eventTime ? since(e.eventTime, nowMs) : since(e.firstTimestamp, nowMs);
  if (e.series) return `${since(e.series.lastObservedTime, nowMs)} (x${e.series.count ?? 0} over ${first})`;
  if ((e.count ?? 0) > 1) return `${since(e.lastTimestamp, nowMs)} (x${e.count} over ${first})`;
  return first;
}

/** escapeCell: cut at the first line break (with `...`), then terminal escapes neutralised. */
function cell(text: string | undefined): string {
  let s = text ?? '';
  const brk = s.search(/[\f\n\r]/);
  if (brk >= 0) s = `${s.slice(0, brk)}...`;
  return escapeTerminal(s);
}

function row(e: EventFields & KObject, nowMs: number, allNamespaces: boolean): string[] {
  const ref = e.involvedObject ?? {};
  const cells = [
    interval(e, nowMs),
    cell(e.type),
    cell(e.reason),
    `${cell(ref.kind)}/${cell(ref.name)}`,
    cell((e.message ?? '').trim()),
  ];
  return allNamespaces ? [e.metadata.namespace ?? '', ...cells] : cells;
}

function header(allNamespaces: boolean): string[] {
  const h = ['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'];
  return allNamespaces ? ['NAMESPACE', ...h] : h;
}

export function runEvents(parsed: ParsedArgs, io: KubectlIO, env: KubectlEnv): number {
  const { flags } = parsed;
  const allNamespaces = !!flags['all-namespaces'];
  const namespace = requestNamespace(parsed);
  // --types is a StringSlice: comma-separated values, sorted and deduplicated.
  const types = [...new Set((flags.types as string[]).flatMap((t) => t.split(',')))].sort();
  let fieldSelector: string | undefined;
  const forObject = flags.for as string;
  if (forObject) {
    if (!forObject.includes('/')) throw new KubectlError('--for must be in resource/name form');
    const parts = forObject.split('/');
    if (parts.length !== 2) throw new KubectlError('arguments in resource/name form may not have more than one slash');
    const def = env.registry.resolveResource(parts[0]);
    if (!def) throw new KubectlError(`the server doesn't have a resource type "${parts[0]}"`);
    fieldSelector = `involvedObject.kind=${def.kind},involvedObject.name=${parts[1]}`;
  }
  for (const t of types) {
    if (t.toLowerCase() !== 'normal' && t.toLowerCase() !== 'warning')
      throw new KubectlError('valid --types are Normal or Warning');
  }
  const format = flags.output ? parseOutputFormat(flags.output as string) : undefined;
  const eventDef = env.registry.resolveResource('events')!;
  const wanted = (e: KObject) =>
    types.length === 0 || types.some((t) => t.toLowerCase() === (fieldsOf(e).type ?? '').toLowerCase());
  const scope = allNamespaces ? undefined : namespace;
  let headerPending = !flags['no-headers'];

  const printWatched = (e: KObject) => {
    if (format) {
      io.out(printStructured(format, [e], true));
      return;
    }
    const rows = [row(fieldsOf(e), env.clock.nowUnixMs(), allNamespaces)];
    if (headerPending) rows.unshift(header(allNamespaces));
    headerPending = false;
    io.out(formatTable(rows));
  };
  if (flags.watch) {
    // A watch from no resourceVersion starts with every existing event as ADDED, in the
    // server's order (unsorted), then follows the changes.
    for (const e of env.api.list(eventDef, { namespace: scope, fieldSelector }).items) if (wanted(e)) printWatched(e);
    const stop = env.api.watch(
      eventDef,
      (event) => {
        if (event.type === 'DELETED' || !wanted(event.object)) return;
        if (fieldSelector && !matchesFor(event.object, fieldSelector)) return;
        printWatched(event.object);
      },
      { namespace: scope },
    );
    io.stream(stop);
    return 0;
  }

  const items = env.api
    .list(eventDef, { namespace: scope, fieldSelector })
    .items.filter(wanted)
    .map((e, i) => ({ e, i }))
    // sort.Sort is not stable, but equal times keep the server's order here.
    .sort((a, b) => eventTime(fieldsOf(a.e)) - eventTime(fieldsOf(b.e)) || a.i - b.i)
    .map(({ e }) => e);
  if (items.length === 0) {
    io.err(allNamespaces ? 'No events found.\n' : `No events found in ${namespace} namespace.\n`);
    return 0;
  }
  if (format) {
    // The client's own EventList (no list metadata), not the server's List wrapper.
    const list = { apiVersion: 'v1', items, kind: 'EventList', metadata: {} };
    if (format.kind === 'yaml') io.out(toKubectlYaml(list));
    else if (format.kind === 'json') io.out(toKubectlJson(list));
    else io.out(printStructured(format, items, false));
    return 0;
  }
  const nowMs = env.clock.nowUnixMs();
  const rows = items.map((e) => row(fieldsOf(e), nowMs, allNamespaces));
  if (headerPending) rows.unshift(header(allNamespaces));
  io.out(formatTable(rows));
  return 0;
}

/** The --for field selector applied to a watched event. */
function matchesFor(e: KObject, fieldSelector: string): boolean {
  const ref = fieldsOf(e).involvedObject ?? {};
  const [kind, name] = fieldSelector.split(',').map((t) => t.slice(t.indexOf('=') + 1));
  return ref.kind === kind && ref.name === name;
}
