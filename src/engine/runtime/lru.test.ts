import { describe, expect, it } from 'vitest';
import { Lru } from './lru';
import { SeededRandom } from '../clock/random';

/** The reference: a Map's insertion order as the recency order (what the recorder used before). */
class MapLru<V> {
  readonly map = new Map<string, V>();
  readonly evicted: V[] = [];
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next().value!;
      this.evicted.push(this.map.get(oldest)!);
      this.map.delete(oldest);
    }
  }
}

describe('Lru', () => {
  it('forgets the least recently used entry, a get counting as a use', () => {
    const evicted: number[] = [];
    const lru = new Lru<number>(2, (v) => evicted.push(v));
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(evicted).toEqual([2]);
    lru.set('a', 10); // an update is a use and keeps the size
    lru.set('d', 4);
    expect([lru.get('a'), lru.get('c'), lru.get('d'), lru.size]).toEqual([10, undefined, 4, 2]);
    expect(lru.getOrCreate('a', () => 99)).toBe(10);
    expect(lru.getOrCreate('e', () => 5)).toBe(5);
    expect(evicted).toEqual([2, 3, 4]);
  });

  it('keeps the same entries and evicts in the same order as a Map-ordered LRU over random operations', () => {
    const random = new SeededRandom(7);
    const max = 16;
    const evicted: number[] = [];
    const lru = new Lru<number>(max, (v) => evicted.push(v));
    const reference = new MapLru<number>(max);
    for (let i = 0; i < 20_000; i++) {
      const key = `k${Math.floor(random.next() * 40)}`;
      if (random.next() < 0.5) expect(lru.get(key)).toBe(reference.get(key));
      else {
        lru.set(key, i);
        reference.set(key, i);
      }
    }
    expect(evicted).toEqual(reference.evicted);
    expect(lru.size).toBe(reference.map.size);
    for (const [key, value] of reference.map) expect(lru.get(key)).toBe(value);
  });
});
