// Event (core/v1): what components report about objects; `kubectl get events` / describe read them.

import type { KEvent, KObject } from '../../../k8s/types';
import { defaultEvent } from '../defaulting/event';
import { validateEvent, validateEventUpdate } from '../validation/event';
import { since } from './columns';
import type { KindDefinition } from './kind-definition';

interface EventFields {
  firstTimestamp?: string;
  lastTimestamp?: string;
  eventTime?: string;
  count?: number;
  series?: { count?: number; lastObservedTime?: string };
  involvedObject?: {
    kind?: string;
    name?: string;
    namespace?: string;
    uid?: string;
    apiVersion?: string;
    resourceVersion?: string;
    fieldPath?: string;
  };
  source?: { component?: string; host?: string };
  reportingController?: string;
  reportingInstance?: string;
  reportingComponent?: string;
  type?: string;
  reason?: string;
  message?: string;
}

const fields = (o: KObject) => o as KObject & EventFields;

/** FIRST SEEN: firstTimestamp, else eventTime (printers.go printEvent). */
function firstSeen(o: KObject): string | undefined {
  const e = fields(o);
  return e.firstTimestamp || e.eventTime || undefined;
}

/** LAST SEEN: series.lastObservedTime for a series, else lastTimestamp, else the first-seen time. */
function lastSeen(o: KObject): string | undefined {
  const e = fields(o);
  if (e.series) return e.series.lastObservedTime || undefined;
  return e.lastTimestamp || firstSeen(o);
}

/** COUNT: series.count for a series, else count (1 for a singleton event without one). */
function count(o: KObject): string {
  const e = fields(o);
  if (e.series) return String(e.series.count ?? 0);
  return String(e.count || 1);
}

/** OBJECT: `kind/name` lowercased kind, or just the kind when the reference has no name. */
function target(o: KObject): string {
  const ref = fields(o).involvedObject ?? {};
  const kind = (ref.kind ?? '').toLowerCase();
  return ref.name ? `${kind}/${ref.name}` : kind;
}

/** SOURCE: `component, host` (falling back to reportingController / reportingInstance). */
function source(o: KObject): string {
  const e = fields(o);
  const component = e.source?.component || e.reportingController || '';
  const instance = e.source?.host || e.reportingInstance || '';
  return instance ? `${component}, ${instance}` : component;
}

export const eventKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'Event',
  plural: 'events',
  singular: 'event',
  shortNames: ['ev'],
  namespaced: true,
  categories: [],
  hasStatus: false,
  tracksGeneration: false,
  defaultPropagationPolicy: 'Background',
  garbageCollected: false,
  applyDefaults: (o) => defaultEvent(o as KEvent),
  validate: (o) => validateEvent(o as KEvent),
  validateUpdate: validateEventUpdate,
  // pkg/apis/core/v1/conversion.go AddFieldLabelConversionsForEvent.
  fieldLabels: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
    'metadata.namespace',
    'metadata.name',
  ],
  indexedField: 'involvedObject.name',
  // kube-apiserver's --event-ttl default (options.go: EventTTL 1h).
  storageTTLSeconds: 3600,
  fieldSelectors: {
    'involvedObject.kind': (o) => fields(o).involvedObject?.kind,
    'involvedObject.name': (o) => fields(o).involvedObject?.name,
    'involvedObject.namespace': (o) => fields(o).involvedObject?.namespace,
    'involvedObject.uid': (o) => fields(o).involvedObject?.uid,
    'involvedObject.apiVersion': (o) => fields(o).involvedObject?.apiVersion,
    'involvedObject.resourceVersion': (o) => fields(o).involvedObject?.resourceVersion,
    'involvedObject.fieldPath': (o) => fields(o).involvedObject?.fieldPath,
    reason: (o) => fields(o).reason,
    type: (o) => fields(o).type,
    source: (o) => fields(o).source?.component,
    reportingComponent: (o) => fields(o).reportingComponent,
  },
  // printers.go eventColumnDefinitions. Its last, wide-only "Name" column is left out: the table
  // printer already puts NAME first for every kind.
  nameColumn: 'wide-last',
  columns: [
    { name: 'Last Seen', cell: (o, ctx) => since(lastSeen(o), ctx) },
    { name: 'Type', cell: (o) => fields(o).type ?? '' },
    { name: 'Reason', cell: (o) => fields(o).reason ?? '' },
    { name: 'Object', cell: target },
    { name: 'Subobject', priority: 1, cell: (o) => fields(o).involvedObject?.fieldPath ?? '' },
    { name: 'Source', priority: 1, cell: source },
    { name: 'Message', cell: (o) => (fields(o).message ?? '').trim() },
    { name: 'First Seen', priority: 1, cell: (o, ctx) => since(firstSeen(o), ctx) },
    { name: 'Count', priority: 1, cell: count },
  ],
};
