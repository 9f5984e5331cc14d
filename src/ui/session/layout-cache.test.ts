import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../layout/pane-layout';
import { cachedLayout, cacheLayout } from './layout-cache';

function storage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('layout cache', () => {
  it('gives back the layout and tab last cached', () => {
    const s = storage();
    expect(cachedLayout(s)).toBeNull();
    const layout = { ...DEFAULT_LAYOUT, sideWidth: 300, bottomMaximized: true };
    cacheLayout(layout, 'events', s);
    expect(cachedLayout(s)).toEqual({ layout, tab: 'events' });
  });

  it('reads a damaged copy as defaults, or not at all, never throwing', () => {
    expect(cachedLayout(storage({ 'kubeplay.layout': '{not json' }))).toBeNull();
    expect(cachedLayout(storage({ 'kubeplay.layout': '{"layout":7,"tab":"graph"}' }))).toEqual({
      layout: DEFAULT_LAYOUT,
      tab: 'console',
    });
    const blocked = {
      ...storage(),
      getItem: () => {
        throw new Error('blocked');
      },
    } as Storage;
    expect(cachedLayout(blocked)).toBeNull();
  });
});
