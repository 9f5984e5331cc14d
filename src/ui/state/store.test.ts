import { describe, expect, it } from 'vitest';
import { createKubeplayStore, frameBatched } from './store';

describe('frameBatched', () => {
  it('keeps getState current and tells listeners once per flush, with the state before the batch', () => {
    const flushes: (() => void)[] = [];
    const store = frameBatched(createKubeplayStore(), (flush) => flushes.push(flush));
    const seen: [number, number][] = [];
    const stop = store.subscribe((s, prev) => seen.push([s.deltaSeq, prev.deltaSeq]));
    store.setState({ deltaSeq: 1 });
    store.setState({ deltaSeq: 2 });
    expect(store.getState().deltaSeq).toBe(2);
    expect(seen).toEqual([]);
    expect(flushes).toHaveLength(1);
    flushes[0]();
    expect(seen).toEqual([[2, 0]]);
    store.setState({ deltaSeq: 3 });
    stop();
    flushes[1]();
    expect(seen).toEqual([[2, 0]]);
  });
});
