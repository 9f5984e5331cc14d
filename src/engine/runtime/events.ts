// EventRecorder: record.EventRecorder plus the EventCorrelator that stands between it and the API
// server (client-go tools/record/event.go and events_cache.go). Components call
// `recorder(component, host).event(obj, type, reason, message)`; the recorder writes core/v1
// Events into the involved object's namespace (`default` for cluster-scoped objects).
//
// The correlator's three steps, in client-go's order:
//  1. aggregate — once 10 events that differ only in message arrive within 10 minutes for the same
//     (source, object, type, reason), they are combined into one event whose message is
//     "(combined from similar events): <latest message>";
//  2. count — a repeat of an identical event updates the existing Event (count + 1, lastTimestamp,
//     message) instead of creating another one;
//  3. spam filter — each (source, object) may write a burst of 25 events, then one per 5 minutes;
//     a filtered occurrence is still counted, so the next accepted update jumps the count.
//
// Differences from client-go: writes are synchronous (no broadcaster goroutine) and a failed write
// is dropped at once instead of retried up to 12 times 10 s apart. Event names are
// `<object name>.<hex unix nanos>` like the real ones, with the nanoseconds below the virtual
// millisecond taken from a counter so two events in the same instant get different names. Where
// Go's aggregator evicts an arbitrary message from its full set (PopAny), we evict the oldest.

import type { KEvent, KObject, ObjectReference } from '../../k8s/types';
import type { ApiServer } from '../api/apiserver';
import { hasKeysInOrder } from '../api/deep';
import { Lru } from './lru';
import { TokenBucket } from './rate-limiters';
import { flatString, StringInterner } from './string-interner';

type EventSource = NonNullable<KEvent['source']>;

export type EventType = 'Normal' | 'Warning';

/** What an event is about: an object, or a reference (with `fieldPath` for a container). */
export type EventSubject = KObject | ObjectReference;

/** The per-component face of the recorder (record.EventRecorder). */
export interface Recorder {
  event(subject: EventSubject, type: EventType, reason: string, message: string): void;
  /** Like event() with a Go-style format (`%s`, `%d`, `%v`, `%q`, `%%`). */
  eventf(subject: EventSubject, type: EventType, reason: string, format: string, ...args: unknown[]): void;
}

export interface EventRecorderOptions {
  /** Similar events (differing only in message) before they are combined. Default 10. */
  aggregateMaxEvents?: number;
  /** How long a group of similar events stays open after its last one. Default 600 000 ms. */
  aggregateIntervalMs?: number;
  /** Per (source, object) token bucket; `false` disables the filter. Default burst 25, 1 per 300 s. */
  spamFilter?: { burst: number; qps: number } | false;
  /** Entries per correlator cache (client-go's LRU size). Default 4096. */
  cacheSize?: number;
  /** Told about every event write the API server refused (the event is dropped). */
  onDropped?: (event: KEvent, error: unknown) => void;
}

export const COMBINED_MESSAGE_PREFIX = '(combined from similar events): ';

const DEFAULTS = {
  aggregateMaxEvents: 10,
  aggregateIntervalMs: 600_000,
  spamFilter: { burst: 25, qps: 1 / 300 },
  cacheSize: 4096,
};

/** A reference to `obj` as reference.GetReference builds it (empty fields omitted). */
export function referenceTo(obj: KObject, fieldPath?: string): ObjectReference {
  const m = obj.metadata;
  // The usual reference, every field set, as one literal: built key by key, 3 of its 7 fields
  // would live in a separate property array (stored Events keep their references).
  if (m.namespace && m.uid && m.resourceVersion) {
    const { kind, apiVersion } = obj;
    const { namespace, name, uid, resourceVersion } = m;
    return fieldPath
      ? { kind, namespace, name, uid, apiVersion, resourceVersion, fieldPath }
      : { kind, namespace, name, uid, apiVersion, resourceVersion };
  }
  const ref: ObjectReference = { kind: obj.kind };
  if (obj.metadata.namespace) ref.namespace = obj.metadata.namespace;
  ref.name = obj.metadata.name;
  if (obj.metadata.uid) ref.uid = obj.metadata.uid;
  ref.apiVersion = obj.apiVersion;
  if (obj.metadata.resourceVersion) ref.resourceVersion = obj.metadata.resourceVersion;
  if (fieldPath) ref.fieldPath = fieldPath;
  return ref;
}

const FULL_REFERENCE_KEYS = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'];

/** A copy of a reference: one literal when it has referenceTo's keys (all in the object), else key by key. */
function copyReference(r: ObjectReference): ObjectReference {
  if (hasKeysInOrder(r, FULL_REFERENCE_KEYS)) {
    const { kind, namespace, name, uid, apiVersion, resourceVersion, fieldPath } = r;
    return { kind, namespace, name, uid, apiVersion, resourceVersion, fieldPath };
  }
  // Object.assign, not a spread: a spread copy of a reference (7 keys, some out of the object)
  // gets a hidden class of its own once frozen, ~200 B more for every stored Event.
  return Object.assign({}, r);
}

/** The handful of Go fmt verbs components use in event messages. */
export function sprintf(format: string, ...args: unknown[]): string {
  let i = 0;
  return format.replace(/%([%sdvq])/g, (match, verb: string) => {
    if (verb === '%') return '%';
    if (i >= args.length) return `%!${verb}(MISSING)`;
    const arg = args[i++];
    if (verb === 'q') return JSON.stringify(String(arg));
    if (verb === 'd') return typeof arg === 'number' ? String(Math.trunc(arg)) : String(arg);
    return String(arg);
  });
}

/** Two references with the same keys in the same order and the same values. */
function sameReference(a: ObjectReference, b: ObjectReference): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i] as keyof ObjectReference;
    if (k !== kb[i] || a[k] !== b[k]) return false;
  }
  return true;
}

interface AggregateRecord {
  /** Distinct messages seen in the group, oldest first. */
  messages: Set<string>;
  lastMs: number;
}

/** What the correlator remembers of an event it wrote (eventLog). */
interface EventLog {
  count: number;
  firstTimestamp: string;
  name: string;
}

// Cache keys, as client-go builds them (fields joined without separator).
function eventKey(e: KEvent): string {
  const o = e.involvedObject;
  return [
    e.source?.component,
    e.source?.host,
    o.kind,
    o.namespace,
    o.name,
    o.fieldPath,
    o.uid,
    o.apiVersion,
    e.type,
    e.reason,
    e.message,
  ].join('');
}

function aggregateKey(e: KEvent): string {
  const o = e.involvedObject;
  return [
    e.source?.component,
    e.source?.host,
    o.kind,
    o.namespace,
    o.name,
    o.uid,
    o.apiVersion,
    e.type,
    e.reason,
    e.reportingComponent,
    e.reportingInstance,
  ].join('');
}

function spamKey(e: KEvent): string {
  const o = e.involvedObject;
  return [e.source?.component, e.source?.host, o.kind, o.namespace, o.name, o.uid, o.apiVersion].join('');
}

export class EventRecorder {
  private readonly options: Required<Omit<EventRecorderOptions, 'onDropped'>> & Pick<EventRecorderOptions, 'onDropped'>;
  private readonly aggregates: Lru<AggregateRecord>;
  private readonly logs: Lru<EventLog>;
  private readonly spam: Lru<TokenBucket>;
  /** Sub-millisecond "nanoseconds" for names: events written in the same virtual ms count up. */
  private nameMs = -1;
  private nameSeq = 0;
  /** nameMs in Unix nanoseconds (the BigInt product once per millisecond, not per event). */
  private nameBase = 0n;
  /** Messages repeat across pods ("Started container nginx"): stored events share one string. */
  private readonly messages = new StringInterner();
  private readonly sources = new Map<string, Map<string, EventSource>>();
  /**
   * The involvedObject of the last event: the next one about the same object (a container's
   * Pulled, Created, Started) stores the same frozen reference instead of a copy of its own.
   */
  private lastReference: ObjectReference | undefined;

  constructor(
    private readonly api: ApiServer,
    options: EventRecorderOptions = {},
  ) {
    this.options = {
      aggregateMaxEvents: options.aggregateMaxEvents ?? DEFAULTS.aggregateMaxEvents,
      aggregateIntervalMs: options.aggregateIntervalMs ?? DEFAULTS.aggregateIntervalMs,
      spamFilter: options.spamFilter ?? DEFAULTS.spamFilter,
      cacheSize: options.cacheSize ?? DEFAULTS.cacheSize,
      onDropped: options.onDropped,
    };
    this.aggregates = new Lru(this.options.cacheSize);
    this.logs = new Lru(this.options.cacheSize);
    this.spam = new Lru(this.options.cacheSize);
  }

  /** A recorder for one component (`replicaset-controller`; the kubelet passes its node as host). */
  recorder(component: string, host?: string): Recorder {
    const record = (subject: EventSubject, type: EventType, reason: string, message: string) => {
      this.record(this.makeEvent(this.reference(subject), type, reason, message, component, host));
    };
    return {
      event: record,
      eventf: (subject, type, reason, format, ...args) => record(subject, type, reason, sprintf(format, ...args)),
    };
  }

  private reference(subject: EventSubject): ObjectReference {
    const ref = 'metadata' in subject ? referenceTo(subject as KObject) : copyReference(subject);
    const last = this.lastReference;
    if (last && sameReference(ref, last)) return last;
    return (this.lastReference = Object.freeze(ref));
  }

  private makeEvent(
    ref: ObjectReference,
    type: EventType,
    reason: string,
    message: string,
    component: string,
    host?: string,
  ): KEvent {
    const now = this.api.timestamp();
    return {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: this.eventName(ref.name ?? ''), namespace: ref.namespace || 'default' },
      involvedObject: ref,
      reason,
      message: this.messages.intern(message),
      source: this.source(component, host),
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
      type,
      eventTime: null,
      reportingComponent: component,
      reportingInstance: host ?? '',
    };
  }

  /** The event source of a component (and host): one frozen object each, shared by its events. */
  private source(component: string, host: string | undefined): EventSource {
    let byHost = this.sources.get(component);
    if (!byHost) this.sources.set(component, (byHost = new Map()));
    const key = host ?? '';
    let source = byHost.get(key);
    if (!source) byHost.set(key, (source = Object.freeze(host ? { component, host } : { component })));
    return source;
  }

  /** `<name>.<hex of unix nanoseconds>`, unique within a virtual millisecond thanks to a counter. */
  private eventName(objectName: string): string {
    const ms = this.api.clock.now();
    if (ms !== this.nameMs) {
      this.nameMs = ms;
      this.nameSeq = 0;
      this.nameBase = BigInt(Math.floor(this.api.clock.nowUnixMs())) * 1_000_000n;
    }
    const nanos = this.nameBase + BigInt(this.nameSeq++);
    // Flat: every stored Event keeps its name.
    return flatString(objectName, '.', nanos.toString(16));
  }

  /** EventCorrelate followed by recordToSink. */
  private record(incoming: KEvent): void {
    const { event: aggregated, key } = this.aggregate(incoming);
    const observed = this.observe(aggregated, key);
    if (this.filtered(observed)) return;
    // The stored event's key is the counting key, unless the event was combined (then the
    // counting key is the group's).
    this.write(observed, aggregated === incoming ? key : undefined);
  }

  /** EventAggregator.EventAggregate: returns the event to record and its counting key. */
  private aggregate(event: KEvent): { event: KEvent; key: string } {
    const nowMs = this.api.clock.now();
    const groupKey = aggregateKey(event);
    let record = this.aggregates.get(groupKey);
    if (!record || nowMs - record.lastMs > this.options.aggregateIntervalMs) record = { messages: new Set(), lastMs: nowMs };
    record.messages.add(event.message ?? '');
    record.lastMs = nowMs;
    this.aggregates.set(groupKey, record);
    if (record.messages.size < this.options.aggregateMaxEvents) return { event, key: eventKey(event) };
    // Keep the set at its maximum: every further new message keeps the group combined.
    record.messages.delete(record.messages.values().next().value!);
    const now = this.api.timestamp();
    const combined: KEvent = {
      ...event,
      metadata: { name: this.eventName(event.involvedObject.name ?? ''), namespace: event.metadata.namespace },
      message: COMBINED_MESSAGE_PREFIX + (event.message ?? ''),
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
      // client-go builds the combined event without the reporting fields.
      reportingComponent: '',
      reportingInstance: '',
    };
    return { event: combined, key: groupKey };
  }

  /** eventLogger.eventObserve: a known key turns the event into the next count of the earlier one. */
  private observe(event: KEvent, key: string): KEvent {
    const last = this.logs.get(key);
    const observed: KEvent = last
      ? { ...event, metadata: { ...event.metadata, name: last.name }, firstTimestamp: last.firstTimestamp, count: last.count + 1 }
      : event;
    this.logs.set(key, {
      count: observed.count ?? 1,
      firstTimestamp: observed.firstTimestamp ?? '',
      name: observed.metadata.name!,
    });
    return observed;
  }

  /** EventSourceObjectSpamFilter: true when this (source, object) has used up its budget. */
  private filtered(event: KEvent): boolean {
    const limits = this.options.spamFilter;
    if (!limits) return false;
    const key = spamKey(event);
    let bucket = this.spam.get(key);
    if (!bucket) bucket = new TokenBucket(limits.qps, limits.burst);
    this.spam.set(key, bucket);
    return !bucket.tryAccept(this.api.clock.now());
  }

  /** recordEvent: update the existing Event for a repeat (re-create it if it is gone), else create. */
  private write(event: KEvent, key: string | undefined): void {
    try {
      const existing =
        (event.count ?? 1) > 1
          ? this.api.tryGet(this.api.kindOf(event), event.metadata.namespace, event.metadata.name!)
          : undefined;
      const written = existing
        ? this.api.update({ ...existing, count: event.count, lastTimestamp: event.lastTimestamp, message: event.message })
        : this.api.create(event);
      // UpdateState: remember what the server holds now.
      const stored = written as KEvent;
      // A created Event is stored as sent (no defaulting): its key is the one counted under.
      this.logs.set(existing ? eventKey(stored) : (key ?? eventKey(stored)), {
        count: stored.count ?? 1,
        firstTimestamp: stored.firstTimestamp ?? '',
        name: stored.metadata.name!,
      });
    } catch (e) {
      // Events are best effort: a refused write (namespace terminating, invalid, …) is dropped.
      this.options.onDropped?.(event, e);
    }
  }
}
