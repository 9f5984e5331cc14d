// A LIST whose field selector requires one value of the kind's indexed field (Events by
// involvedObject.name) reads the store's index instead of every object: the same items, in the
// same order, as the full scan, whatever the writes before it.

import { describe, expect, it } from 'vitest';
import type { KObject } from '../../k8s/types';
import { SeededRandom } from '../clock/random';
import { eventKind } from './kinds';
import { newCluster } from './apiserver-test-fixtures';

const NAMESPACES = ['default', 'kube-system', 'team-a'];
const OBJECTS = ['web-0', 'web-1', 'n1', 'db'];

function event(name: string, namespace: string, about: string): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace },
    involvedObject: { kind: 'Pod', name: about, namespace },
    reason: 'Started',
    message: `about ${about}`,
    type: 'Normal',
  };
}

describe('LIST by an indexed field', () => {
  it('returns what a full scan filtered by the same selector returns, after random writes', () => {
    const cluster = newCluster();
    const api = cluster.api;
    for (const ns of NAMESPACES.slice(2)) api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
    const random = new SeededRandom(12);
    const live = new Map<string, { name: string; namespace: string }>();
    for (let step = 0; step < 600; step++) {
      const roll = random.int(10);
      const namespace = NAMESPACES[random.int(NAMESPACES.length)];
      const about = OBJECTS[random.int(OBJECTS.length)];
      const existing = [...live.values()];
      if (roll < 5 || existing.length === 0) {
        const name = `e${step}`;
        api.create(event(name, namespace, about));
        live.set(`${namespace}/${name}`, { name, namespace });
      } else if (roll < 8) {
        // An update that moves the event to another involved object.
        const target = existing[random.int(existing.length)];
        const current = api.get(eventKind, target.namespace, target.name);
        api.update({ ...current, involvedObject: { ...(current.involvedObject as object), name: about } });
      } else {
        const target = existing[random.int(existing.length)];
        api.delete(eventKind, target.namespace, target.name);
        live.delete(`${target.namespace}/${target.name}`);
      }
      if (step % 50 !== 49) continue;
      for (const ns of [undefined, ...NAMESPACES]) {
        for (const about2 of OBJECTS) {
          for (const extra of [
            '',
            ',involvedObject.kind=Pod',
            ',involvedObject.kind!=Pod',
            `,metadata.namespace=${ns ?? 'default'}`,
          ]) {
            const fieldSelector = `involvedObject.name=${about2}${extra}`;
            const indexed = api.list(eventKind, { namespace: ns, fieldSelector }).items;
            const matches = api.parseFieldSelectorFor(eventKind, fieldSelector);
            const scanned = api.list(eventKind, { namespace: ns }).items.filter(matches);
            expect(indexed.map((e) => `${e.metadata.namespace}/${e.metadata.name}`)).toEqual(
              scanned.map((e) => `${e.metadata.namespace}/${e.metadata.name}`),
            );
            expect(indexed.every((e, i) => e === scanned[i])).toBe(true);
          }
        }
      }
    }
    expect(live.size).toBeGreaterThan(50);
  });
});
