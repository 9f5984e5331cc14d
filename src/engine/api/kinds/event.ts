// Event (core/v1): what components report about objects; `kubectl get events` / describe read them.

import type { KEvent, KObject } from '../../../k8s/types';
import { defaultEvent } from '../defaulting/event';
import { validateEvent } from '../validation/event';
import { since } from './columns';
import type { KindDefinition } from './kind-definition';

/** LAST SEEN: lastTimestamp, falling back to firstTimestamp, eventTime, series.lastObservedTime. */
function lastSeen(o: KObject): string | undefined {
  return (o.lastTimestamp as string) || (o.firstTimestamp as string) || (o.eventTime as string) || (o.series as { lastObservedTime?: string })?.lastObservedTime;
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
  fieldSelectors: {
    'involvedObject.kind': (o) => (o.involvedObject as { kind?: string })?.kind,
    'involvedObject.name': (o) => (o.involvedObject as { name?: string })?.name,
    'involvedObject.namespace': (o) => (o.involvedObject as { namespace?: string })?.namespace,
    'involvedObject.uid': (o) => (o.involvedObject as { uid?: string })?.uid,
    'involvedObject.fieldPath': (o) => (o.involvedObject as { fieldPath?: string })?.fieldPath,
    reason: (o) => o.reason as string,
    type: (o) => o.type as string,
    source: (o) => (o.source as { component?: string })?.component,
    reportingComponent: (o) => o.reportingComponent as string,
  },
  columns: [
    { name: 'Last Seen', cell: (o, ctx) => since(lastSeen(o), ctx) },
    { name: 'Type', cell: (o) => (o.type as string) ?? '' },
    { name: 'Reason', cell: (o) => (o.reason as string) ?? '' },
    {
      name: 'Object',
      cell: (o) => {
        const ref = o.involvedObject as { kind?: string; name?: string };
        return `${(ref.kind ?? '').toLowerCase()}/${ref.name ?? ''}`;
      },
    },
    { name: 'Message', cell: (o) => ((o.message as string) ?? '').trim() },
  ],
};
