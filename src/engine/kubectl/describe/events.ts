// Events of a described object (kubectl pkg/describe searchEvents / DescribeEvents): the Events
// whose involvedObject matches the object's reference by name, namespace and — when the reference
// has them — kind and uid, printed oldest first as the `Events:` table.

import { escapeFieldValue } from '../../../k8s/fields';
import type { KEvent, KObject } from '../../../k8s/types';
import type { KubectlEnv } from '../context';
import { timestampSince } from './format';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './writer';

/** The parts of an ObjectReference the event search filters on ('' / undefined: not filtered). */
export interface EventRef {
  name: string;
  /** '' for cluster-scoped objects: only events whose involvedObject has no namespace match. */
  namespace: string;
  kind?: string;
  uid?: string;
}

/** The reference kubectl builds for an object (reference.GetReference). */
export function refFor(obj: KObject): EventRef {
  return { name: obj.metadata.name ?? '', namespace: obj.metadata.namespace ?? '', kind: obj.kind, uid: obj.metadata.uid };
}

/** Lists the events about `ref`, like a field-selected events list (all namespaces when ref.namespace is ''). */
export function searchEvents(env: KubectlEnv, ref: EventRef): KEvent[] {
  const def = env.registry.forObject('v1', 'Event');
  if (!def) return [];
  // Server-side by name, as kubectl's field selector (the API answers it from its index), the
  // rest of the reference checked here.
  const fieldSelector = `involvedObject.name=${escapeFieldValue(ref.name)}`;
  const items = env.api.list(def, { namespace: ref.namespace || undefined, fieldSelector }).items as KEvent[];
  return items.filter((e) => {
    const io = e.involvedObject ?? {};
    if ((io.name ?? '') !== ref.name) return false;
    if ((io.namespace ?? '') !== ref.namespace) return false;
    if (ref.kind && (io.kind ?? '') !== ref.kind) return false;
    if (ref.uid && (io.uid ?? '') !== ref.uid) return false;
    return true;
  });
}

interface Series {
  count?: number;
  lastObservedTime?: string;
}

/** The time events are ordered by: series.lastObservedTime, else lastTimestamp, else eventTime. */
function eventTime(e: KEvent): number {
  const series = e.series as Series | undefined;
  const t = series ? series.lastObservedTime : e.lastTimestamp || (e.eventTime as string | undefined);
  const ms = t ? Date.parse(t) : NaN;
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** DescribeEvents: `Events:  <none>` or the table, after ending the alignment block above it. */
export function describeEvents(events: KEvent[], w: PrefixWriter, nowUnixMs: number): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  const sorted = events
    .map((e, i) => ({ e, i, t: eventTime(e) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.e);
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    const eventTimeText = e.eventTime as string | undefined;
    const first = eventTimeText ? timestampSince(eventTimeText, nowUnixMs) : timestampSince(e.firstTimestamp, nowUnixMs);
    const series = e.series as Series | undefined;
    let interval: string;
    if (series) {
      interval = `${timestampSince(series.lastObservedTime, nowUnixMs)} (x${series.count ?? 0} over ${first})`;
    } else if ((e.count ?? 0) > 1) {
      interval = `${timestampSince(e.lastTimestamp, nowUnixMs)} (x${e.count} over ${first})`;
    } else {
      interval = first;
    }
    const source = e.source?.component || e.reportingComponent || '';
    w.write(LEVEL_1, `${e.type ?? ''}\t${e.reason ?? ''}\t${interval}\t${source}\t${(e.message ?? '').trim()}\n`);
  }
}
