// EventQueue: a binary min-heap of scheduled callbacks ordered by (time, priority, sequence).
// The sequence number makes ties FIFO, which is what keeps every run deterministic (SimPy's rule).
// (time, priority, sequence) is a total order, so the pop order does not depend on the heap's
// shape: rebuilding the heap (to shed cancelled events) changes nothing observable.

/**
 * Names an event for debugging: a string, or a function asked only when the name is needed (the
 * livelock guard's message), for names built from state such as a work queue's busiest key.
 */
export type EventLabel = string | (() => string);

/** A queued callback; it is also the handle that cancels it (see Clock's TimerHandle). */
export class ScheduledEvent {
  /** Set by cancel(); cancelled events are dropped lazily when they reach the top. */
  cancelled = false;
  /** Set when the event left the queue (popped to run); cancelling it then is a no-op. */
  done = false;

  constructor(
    private readonly queue: EventQueue,
    /** When it runs; with `seq`, changed only by the queue (EventQueue.requeue). */
    public time: number,
    readonly priority: number,
    public seq: number,
    readonly run: () => void,
    readonly label: EventLabel,
  ) {}

  /** The label as text. */
  describe(): string {
    return typeof this.label === 'string' ? this.label : this.label();
  }

  /** Cancels the event (see EventQueue.cancel). */
  cancel(): void {
    this.queue.cancel(this);
  }
}

function before(a: ScheduledEvent, b: ScheduledEvent): boolean {
  if (a.time !== b.time) return a.time < b.time;
  if (a.priority !== b.priority) return a.priority < b.priority;
  return a.seq < b.seq;
}

/** Below this many queued events cancelled ones are only ever dropped from the top. */
const MIN_REBUILD_SIZE = 1024;

export class EventQueue {
  private heap: ScheduledEvent[] = [];
  private nextSeq = 0;

  /** The sequence number the next pushed event gets (events pushed later have higher ones). */
  get nextSequence(): number {
    return this.nextSeq;
  }
  private live = 0;

  /** Events still waiting to run (cancelled ones not counted). */
  get size(): number {
    return this.live;
  }

  push(time: number, priority: number, run: () => void, label: EventLabel = ''): ScheduledEvent {
    if (Number.isNaN(time) || Number.isNaN(priority))
      throw new Error(`event queue: invalid time ${time} or priority ${priority}`);
    const event = new ScheduledEvent(this, time, priority, this.nextSeq++, run, label);
    this.insert(event);
    return event;
  }

  /**
   * Queues an event that ran (was popped) again, at `time` with the next sequence number: what
   * push() with its callback, priority and label would do, without a new object. For a periodic
   * timer's next tick: its events would otherwise each live one period, long enough to be moved
   * out of the young generation before they die.
   */
  requeue(event: ScheduledEvent, time: number): void {
    if (!event.done || event.cancelled) throw new Error('event queue: only an event that ran can be queued again');
    if (Number.isNaN(time)) throw new Error(`event queue: invalid time ${time} or priority ${event.priority}`);
    event.time = time;
    event.seq = this.nextSeq++;
    event.done = false;
    this.insert(event);
  }

  private insert(event: ScheduledEvent): void {
    const heap = this.heap;
    // Sift up: move parents down into the gap until the new event's place is found.
    let i = heap.length;
    heap.push(event);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent];
      if (!before(event, p)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = event;
    this.live++;
  }

  /** Cancels a pending event; cancelling one that already ran (or was cancelled) does nothing. */
  cancel(event: ScheduledEvent): void {
    if (event.cancelled || event.done) return;
    event.cancelled = true;
    this.live--;
    // Cancelled events wait in the heap until they reach the top; when they outnumber the live
    // ones, drop them all at once so the heap (and every sift) stays proportional to real work.
    const heap = this.heap;
    if (heap.length >= MIN_REBUILD_SIZE && heap.length - this.live > this.live) this.rebuild();
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
    const heap = this.heap;
    while (heap.length > 0 && heap[0].cancelled) {
      heap[0].done = true;
      this.removeTop();
    }
  }

  private removeTop(): void {
    const heap = this.heap;
    const last = heap.pop()!;
    if (heap.length > 0) siftDown(heap, 0, last);
  }

  /** Drops every cancelled event and re-heapifies the live ones (Floyd, O(n)). */
  private rebuild(): void {
    const old = this.heap;
    const heap: ScheduledEvent[] = [];
    for (let i = 0; i < old.length; i++) {
      const e = old[i];
      if (e.cancelled) e.done = true;
      else heap.push(e);
    }
    for (let start = (heap.length >> 1) - 1; start >= 0; start--) siftDown(heap, start, heap[start]);
    this.heap = heap;
  }
}

/** Sift down: moves the smaller child up into the gap at `start` until `item` fits there. */
function siftDown(heap: ScheduledEvent[], start: number, item: ScheduledEvent): void {
  const n = heap.length;
  let i = start;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    let c = l;
    let child = heap[l];
    const r = l + 1;
    if (r < n) {
      const right = heap[r];
      if (before(right, child)) {
        c = r;
        child = right;
      }
    }
    if (!before(child, item)) break;
    heap[i] = child;
    i = c;
  }
  heap[i] = item;
}
