// A binary heap whose items remember their position, so an item can be removed or re-sorted in
// O(log n) (the scheduler's backend/heap keyed store). `less(a, b)` true means a comes first.

export interface HeapItem {
  /** Position in the heap array, -1 when not in a heap. Owned by the heap. */
  heapIndex: number;
}

export class Heap<T extends HeapItem> {
  private readonly items: T[] = [];

  constructor(private readonly less: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  has(item: T): boolean {
    const i = item.heapIndex;
    return i >= 0 && i < this.items.length && this.items[i] === item;
  }

  push(item: T): void {
    item.heapIndex = this.items.length;
    this.items.push(item);
    this.up(item.heapIndex);
  }

  pop(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      last.heapIndex = 0;
      this.down(0);
    }
    top.heapIndex = -1;
    return top;
  }

  remove(item: T): boolean {
    if (!this.has(item)) return false;
    const items = this.items;
    const i = item.heapIndex;
    const last = items.pop()!;
    if (i < items.length) {
      items[i] = last;
      last.heapIndex = i;
      this.fix(i);
    }
    item.heapIndex = -1;
    return true;
  }

  /** Restores the order after `item`'s sort key changed. */
  fix(i: number): void {
    if (!this.up(i)) this.down(i);
  }

  /** The items in heap (not sorted) order. */
  list(): readonly T[] {
    return this.items;
  }

  private up(start: number): boolean {
    const items = this.items;
    let i = start;
    const item = items[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent];
      if (!this.less(item, p)) break;
      items[i] = p;
      p.heapIndex = i;
      i = parent;
    }
    items[i] = item;
    item.heapIndex = i;
    return i !== start;
  }

  private down(start: number): void {
    const items = this.items;
    const n = items.length;
    let i = start;
    const item = items[i];
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && this.less(items[r], items[l]) ? r : l;
      if (!this.less(items[c], item)) break;
      items[i] = items[c];
      items[i].heapIndex = i;
      i = c;
    }
    items[i] = item;
    item.heapIndex = i;
  }
}
