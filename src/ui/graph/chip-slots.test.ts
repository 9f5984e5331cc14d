import { describe, expect, it } from 'vitest';
import { ChipSlots } from './chip-slots';

describe('ChipSlots', () => {
  it('fills slots in name order on a fresh card', () => {
    expect(new ChipSlots().assign('n1', ['c', 'a', 'b'], 3)).toEqual([2, 0, 1]);
  });

  it('keeps every other chip in place when a pod leaves, and a new pod takes the hole', () => {
    const slots = new ChipSlots();
    slots.assign('n1', ['a', 'b', 'c', 'd'], 3);
    expect(slots.assign('n1', ['a', 'c', 'd'], 3)).toEqual([0, 2, 3]);
    expect(slots.assign('n1', ['a', 'c', 'd', 'z'], 3)).toEqual([0, 2, 3, 1]);
  });

  it('packs a card again once a whole row is holes, keeping the order', () => {
    const slots = new ChipSlots();
    slots.assign('n1', ['a', 'b', 'c', 'd', 'e', 'f', 'g'], 3);
    expect(slots.assign('n1', ['a', 'e', 'g'], 3)).toEqual([0, 1, 2]);
  });

  it('keeps cards apart and forgets removed nodes', () => {
    const slots = new ChipSlots();
    slots.assign('n1', ['a', 'b'], 3);
    expect(slots.assign('n2', ['b'], 3)).toEqual([0]);
    slots.retainNodes(new Set(['n2']));
    expect(slots.assign('n1', ['b'], 3)).toEqual([0]);
  });
});
