// NewestEvents: which Events the page mirrors — the MIRRORED_EVENTS written last. The API keeps
// every Event an hour (≈ 5 per pod: 750,000 at 150,000 pods), far more than the timeline shows
// or the page could fold; the inspector asks the worker for the selected object's Events instead
// (an `events` query). A write makes an Event the newest; past the bound the oldest is forgotten.
// O(1) per write: a queue of writes in order, whose entries a later write of the same key makes
// stale (skipped when they reach the head).

import type { KObject } from '../k8s/types';
import { writeOrder } from '../protocol/delta';
import type { ObjectKey } from '../protocol/messages';

/** Events the page mirrors at most: the timeline shows them, newest first. */
export const MIRRORED_EVENTS = 1000;

interface Held {
  object: KObject;
  /** The write that made it the newest: older queue entries of its key are stale. */
  write: number;
}

export class NewestEvents {
  private readonly held = new Map<ObjectKey, Held>();
  /** Writes, oldest first, from `head` on. */
  private queue: { key: ObjectKey; write: number }[] = [];
  private head = 0;
  private writes = 0;

  constructor(private readonly max = MIRRORED_EVENTS) {}

  get size(): number {
    return this.held.size;
  }

  has(key: ObjectKey): boolean {
    return this.held.has(key);
  }

  /** Records a write of `object`, now the newest; returns the Events forgotten to make room. */
  write(key: ObjectKey, object: KObject): KObject[] {
    const write = ++this.writes;
    this.held.set(key, { object, write });
    this.queue.push({ key, write });
    const forgotten: KObject[] = [];
    while (this.held.size > this.max) {
      const oldest = this.queue[this.head++];
      const entry = this.held.get(oldest.key);
      if (entry?.write !== oldest.write) continue; // written again since, or deleted
      this.held.delete(oldest.key);
      forgotten.push(entry.object);
    }
    this.compact();
    return forgotten;
  }

  /** Forgets a deleted Event; whether it was held (then the page must drop it too). */
  delete(key: ObjectKey): boolean {
    return this.held.delete(key);
  }

  /** Starts over from a snapshot's Events: keeps the newest by resourceVersion, returned oldest first. */
  reset(events: readonly KObject[], keyOf: (event: KObject) => ObjectKey): KObject[] {
    this.held.clear();
    this.queue = [];
    this.head = 0;
    const kept = [...events].sort((a, b) => writeOrder(a) - writeOrder(b)).slice(-this.max);
    for (const event of kept) this.write(keyOf(event), event);
    return kept;
  }

  /**
   * Keeps only the live entries once the consumed head or the stale entries outnumber the bound:
   * at most `max` are live, so this runs at most once per `max` writes (amortised O(1) each).
   */
  private compact(): void {
    const slack = this.max + 64;
    if (this.head <= slack && this.queue.length - this.head <= this.max + slack) return;
    this.queue = this.queue.slice(this.head).filter((e) => this.held.get(e.key)?.write === e.write);
    this.head = 0;
  }
}
