// events: the rows of the Events timeline and the inspector's Events tab, derived from the Event
// objects the store mirrors. Columns and times follow `kubectl get events` (printers.go
// printEvent): LAST SEEN is series.lastObservedTime, else lastTimestamp, else firstTimestamp /
// eventTime; OBJECT is `kind/name` with the kind lowercased. Newest first.

import { humanDuration } from '../../k8s/duration';
import type { KObject } from '../../k8s/types';
import { objectKey, writeOrder } from '../../protocol/delta';
import type { ObjectKey } from '../../protocol/messages';

interface EventFields {
  firstTimestamp?: string;
  lastTimestamp?: string;
  eventTime?: string;
  count?: number;
  series?: { count?: number; lastObservedTime?: string };
  involvedObject?: { kind?: string; name?: string; namespace?: string; uid?: string; fieldPath?: string };
  type?: string;
  reason?: string;
  message?: string;
}

const fields = (o: KObject) => o as KObject & EventFields;

export interface EventRow {
  /** The Event's own object key. */
  key: ObjectKey;
  /** Unix ms of LAST SEEN, or NaN when the event has no time at all. */
  lastSeenMs: number;
  type: string;
  reason: string;
  /** `kind/name`, as kubectl prints OBJECT. */
  object: string;
  message: string;
  count: number;
  /** Key of the object the event is about (it may no longer exist). */
  involvedKey: ObjectKey | null;
  involvedUid: string;
}

function parseTime(ts: string | undefined): number {
  return ts ? Date.parse(ts) : Number.NaN;
}

/** LAST SEEN as printEvent picks it. */
export function eventLastSeenMs(event: KObject): number {
  const e = fields(event);
  const first = e.firstTimestamp || e.eventTime || event.metadata.creationTimestamp || undefined;
  if (e.series) return parseTime(e.series.lastObservedTime || first);
  return parseTime(e.lastTimestamp || first);
}

/** `kind/namespace/name` of the involved object (Nodes and other cluster-scoped kinds have no namespace). */
export function involvedKeyOf(event: KObject): ObjectKey | null {
  const ref = fields(event).involvedObject;
  if (!ref?.kind || !ref.name) return null;
  return `${ref.kind}/${ref.namespace ?? ''}/${ref.name}`;
}

export function toEventRow(key: ObjectKey, event: KObject): EventRow {
  const e = fields(event);
  const ref = e.involvedObject ?? {};
  const kind = (ref.kind ?? '').toLowerCase();
  return {
    key,
    lastSeenMs: eventLastSeenMs(event),
    type: e.type ?? '',
    reason: e.reason ?? '',
    object: ref.name ? `${kind}/${ref.name}` : kind,
    message: (e.message ?? '').trim(),
    count: e.series ? (e.series.count ?? 0) : e.count || 1,
    involvedKey: involvedKeyOf(event),
    involvedUid: ref.uid ?? '',
  };
}

/** Newest first; ties (same second) by the Event's resourceVersion, later writes first. */
export function compareNewestFirst(a: { row: EventRow; rv: number }, b: { row: EventRow; rv: number }): number {
  const ta = Number.isNaN(a.row.lastSeenMs) ? -Infinity : a.row.lastSeenMs;
  const tb = Number.isNaN(b.row.lastSeenMs) ? -Infinity : b.row.lastSeenMs;
  if (ta !== tb) return tb - ta;
  return b.rv - a.rv;
}

/** Every mirrored Event as a row, newest first. */
export function eventRows(objects: Iterable<KObject>): EventRow[] {
  const items: { row: EventRow; rv: number }[] = [];
  for (const obj of objects) {
    if (obj.kind !== 'Event') continue;
    items.push({ row: toEventRow(objectKey(obj), obj), rv: writeOrder(obj) });
  }
  return items.sort(compareNewestFirst).map((i) => i.row);
}

/** Whether an Event is about `obj` (whose key is `key`): same uid, or same kind, namespace and name. */
function isAbout(event: KObject, obj: KObject, key: ObjectKey): boolean {
  const uid = obj.metadata.uid;
  return (!!uid && fields(event).involvedObject?.uid === uid) || involvedKeyOf(event) === key;
}

/**
 * The resourceVersion of the last written Event about `obj` among `events` ('' when none): it
 * changes whenever an Event about the object is written, and every write makes an Event one of
 * the mirrored newest.
 */
export function latestEventAbout(events: Iterable<KObject>, obj: KObject, key: ObjectKey): string {
  let latest = -1;
  for (const event of events) {
    if (!isAbout(event, obj, key)) continue;
    latest = Math.max(latest, Number(event.metadata.resourceVersion) || 0);
  }
  return latest < 0 ? '' : String(latest);
}

/** The filter box and the Warning-only toggle: every word must appear in TYPE, REASON, OBJECT or MESSAGE. */
export function filterEvents(rows: readonly EventRow[], text: string, warningsOnly: boolean): EventRow[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((r) => {
    if (warningsOnly && r.type !== 'Warning') return false;
    if (words.length === 0) return true;
    const hay = `${r.type} ${r.reason} ${r.object} ${r.message}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** LAST SEEN as kubectl prints it (translateTimestampSince): `<unknown>` without a time. */
export function lastSeenText(row: EventRow, nowMs: number): string {
  if (Number.isNaN(row.lastSeenMs)) return '<unknown>';
  return humanDuration(nowMs - row.lastSeenMs);
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The timeline's count: `42 events`, `5 of 42 events`; when the cluster holds more Events than
 * the page mirrors, `newest 1,000 of 743,210 events` (`5 of the newest …` filtered).
 */
export function eventCountText(shown: number, mirrored: number, total: number): string {
  const all = total > mirrored ? `newest ${count(mirrored)} of ${count(total)} events` : `${count(mirrored)} events`;
  return shown === mirrored ? all : `${count(shown)} of ${total > mirrored ? 'the ' : ''}${all}`;
}
