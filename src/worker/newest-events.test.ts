import { describe, expect, it } from 'vitest';
import type { KObject } from '../k8s/types';
import { NewestEvents } from './newest-events';

const event = (name: string, rv = 0): KObject => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace: 'default', resourceVersion: String(rv) },
});
const keyOf = (e: KObject) => `Event/default/${e.metadata.name}`;

describe('NewestEvents', () => {
  it('holds the last `max` written, as a list kept in write order would', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const max = 50;
    const newest = new NewestEvents(max);
    let model: string[] = []; // keys, oldest first
    for (let step = 0; step < 20_000; step++) {
      const key = `Event/default/e${random(200)}`;
      if (random(10) < 2) {
        const held = model.includes(key);
        expect(newest.delete(key)).toBe(held);
        model = model.filter((k) => k !== key);
        continue;
      }
      const forgotten = newest.write(key, event(key.slice('Event/default/'.length)));
      model = [...model.filter((k) => k !== key), key];
      const dropped = model.length > max ? model.slice(0, model.length - max) : [];
      model = model.slice(dropped.length);
      expect(forgotten.map(keyOf)).toEqual(dropped);
      expect(newest.size).toBe(model.length);
    }
    for (let i = 0; i < 200; i++) expect(newest.has(`Event/default/e${i}`)).toBe(model.includes(`Event/default/e${i}`));
  });

  it('starts over from a snapshot with the newest by resourceVersion', () => {
    const newest = new NewestEvents(3);
    newest.write('Event/default/old', event('old'));
    const kept = newest.reset([event('a', 5), event('b', 12), event('c', 9), event('d', 1)], keyOf);
    expect(kept.map((e) => e.metadata.name)).toEqual(['a', 'c', 'b']);
    expect(newest.has('Event/default/old')).toBe(false);
    expect(newest.write('Event/default/e', event('e')).map((e) => e.metadata.name)).toEqual(['a']);
  });
});
