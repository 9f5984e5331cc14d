// EventQueue: a binary min-heap of scheduled callbacks ordered by (time, priority, sequence).
// The sequence number makes ties FIFO, which is what keeps every run deterministic (SimPy's rule).

export interface ScheduledEvent {
  readonly time: number;
  readonly priority: number;
  readonly seq: number;
  readonly run: () => void;
  /** Set by cancel(); cancelled events are dropped lazily when they reach the top. */
  cancelled: boolean;
  /** Set when the event left the queue (popped to run); cancelling it then is a no-op. */
  done: boolean;
  readonly label: string;
}

function before(a: ScheduledEvent, b: ScheduledEvent): boolean {
  if (a.time !== b.time) return a.time < b.time;
  if (a.priority !== b.priority) return a.priority < b.priority;
  return a.seq < b.seq;
}

export class EventQueue {
  private heap: ScheduledEvent[] = [];
  private nextSeq = 0;
  private live = 0;

  /** Events still waiting to run (cancelled ones not counted). */
  get size(): number {
    return this.live;
  }

  push(time: number, priority: number, run: () => void, label = ''): ScheduledEvent {
    if (Number.isNaN(time) || Number.isNaN(priority)) throw new Error(`event queue: invalid time ${time} or priority ${priority}`);
    const event: ScheduledEvent = { time, priority, seq: this.nextSeq++, run, cancelled: false, done: false, label };
    const heap = this.heap;
    heap.push(event);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i], heap[parent])) break;
      [heap[i], heap[parent]] = [heap[parent], heap[i]];
      i = parent;
    }
    this.live++;
    return event;
  }

  /** Cancels a pending event; cancelling one that already ran (or was cancelled) does nothing. */
  cancel(event: ScheduledEvent): void {
    if (event.cancelled || event.done) return;
    event.cancelled = true;
    this.live--;
  }

  /** The earliest live event, or undefined. */
  peek(): ScheduledEvent | undefined {
    this.dropCancelled();
    return this.heap[0];
  }

  pop(): ScheduledEvent | undefined {
    this.dropCancelled();
    const top = this.heap[0];
    if (top) {
      this.removeTop();
      top.done = true;
      this.live--;
    }
    return top;
  }

  private dropCancelled(): void {
    while (this.heap.length > 0 && this.heap[0].cancelled) {
      this.heap[0].done = true;
      this.removeTop();
    }
  }

  private removeTop(): void {
    const heap = this.heap;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    let i = 0;
    const n = heap.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < n && before(heap[l], heap[smallest])) smallest = l;
      if (r < n && before(heap[r], heap[smallest])) smallest = r;
      if (smallest === i) return;
      [heap[i], heap[smallest]] = [heap[smallest], heap[i]];
      i = smallest;
    }
  }
}
