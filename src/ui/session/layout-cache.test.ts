import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../layout/pane-layout';
import { memoryStorage } from './fixtures';
import { cachedLayout, cacheLayout } from './layout-cache';

describe('layout cache', () => {
  it('gives back the layout and tab last cached', () => {
    const s = memoryStorage();
    expect(cachedLayout(s)).toBeNull();
    const layout = { ...DEFAULT_LAYOUT, sideWidth: 300, bottomMaximized: true };
    cacheLayout(layout, 'events', s);
    expect(cachedLayout(s)).toEqual({ layout, tab: 'events' });
  });

  it('reads a damaged copy as defaults, or not at all, never throwing', () => {
    expect(cachedLayout(memoryStorage({ 'kubeplay.layout': '{not json' }))).toBeNull();
    expect(cachedLayout(memoryStorage({ 'kubeplay.layout': '{"layout":7,"tab":"graph"}' }))).toEqual({
      layout: DEFAULT_LAYOUT,
      tab: 'console',
    });
    const blocked = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('blocked');
      },
    } as Storage;
    expect(cachedLayout(blocked)).toBeNull();
  });
});
