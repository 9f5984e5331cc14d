// DeltaBatcher: collects the simulation's watch events between two frames and turns them into
// one DeltaMessage — coalesced per object (DeltaCoalescer), plus the clock when it moved and the
// machines snapshot when its version changed. The host decides when a frame happens; the batcher
// only knows whether there is anything to say. Of the Events (the API keeps each an hour: most of
// a big cluster's objects) the receiver mirrors only the newest MIRRORED_EVENTS (NewestEvents),
// and is told how many there are. Past LARGE_MIRROR objects (Events aside: pacing a small cluster
// would merge the steps its graph animates — a pod's Terminating, its replacement's binding) it
// sends object changes less often (the clock still every frame), the period growing with the
// mirror (PERIOD_MS_PER_MIRRORED, from LARGE_MIRROR_EVERY_MS up to MAX_OBJECTS_PERIOD_MS): what
// the page derives from a kind (a list of its pods, the graph) is redone per delta that changes it.

import { DeltaCoalescer, objectKey, type ObjectChange } from '../protocol/delta';
import type { ClockState, DeltaMessage, MachineInfo } from '../protocol/messages';
import type { KObject } from '../k8s/types';
import { NewestEvents } from './newest-events';

function sameClock(a: ClockState | null, b: ClockState): boolean {
  return a !== null && a.now === b.now && a.speed === b.speed && a.playing === b.playing && a.nextEventTime === b.nextEventTime;
}

/** The machines' state: a version that changes with it, and the snapshot (built only when sent). */
export interface MachineSource {
  version: string;
  snapshot(): MachineInfo[];
}

/** Objects but Events the page mirrors, beyond which object changes are paced. */
export const LARGE_MIRROR = 1000;
/** Shortest real time between two deltas carrying objects, for a large mirror (ms). */
export const LARGE_MIRROR_EVERY_MS = 50;
/**
 * Real time added between two object deltas per mirrored object, Events aside (ms). The page
 * folds a delta in proportion to the delta (ObjectMirror) and paces its graph by itself
 * (graph-objects.ts), so a shorter period only means smaller deltas — smaller tasks on its main
 * thread. 2,000 nodes / 60,000 pods built in the page (Chromium, load 3.4–5): 10 µs per object,
 * 79.6 s to all Ready and timers 98.9 ms late at p95; 2 µs, 70.0 s and 85.3 ms. (Before the
 * mirror shared its structure, 10 µs per object, Events counted, was the best: 216.7 s, 246 ms.)
 */
export const PERIOD_MS_PER_MIRRORED = 0.002;
/** Longest real time between two deltas carrying objects (ms): the graph still moves every 2 s. */
export const MAX_OBJECTS_PERIOD_MS = 2000;

/** Real time between two deltas carrying objects, for a mirror of `objects` objects (Events aside). */
export function objectsPeriodMs(objects: number): number {
  if (objects <= LARGE_MIRROR) return 0;
  return Math.min(MAX_OBJECTS_PERIOD_MS, Math.max(LARGE_MIRROR_EVERY_MS, objects * PERIOD_MS_PER_MIRRORED));
}

export class DeltaBatcher {
  private readonly coalescer = new DeltaCoalescer();
  /** Objects but Events the receiver mirrors (after the last reset, plus additions, minus deletions). */
  private mirrorSize = 0;
  /** Events the cluster holds, counted the same way; the receiver mirrors the newest of them. */
  private eventsTotal = 0;
  /** The Events the receiver mirrors. */
  private readonly newestEvents = new NewestEvents();
  /** Real time of the last delta that carried objects. */
  private lastObjectsAt = Number.NEGATIVE_INFINITY;
  private seq = 0;
  private resetPending = false;
  private lastClock: ClockState | null = null;
  /** Version of the machines last sent; null: send them with the next delta. */
  private lastMachines: string | null = null;

  /** Records one committed write. */
  add(change: ObjectChange): void {
    if (this.resetPending) return; // the snapshot taken at the next frame already includes it
    if (change.object.kind === 'Event') {
      this.addEvent(change);
      return;
    }
    if (change.type === 'ADDED') this.mirrorSize++;
    else if (change.type === 'DELETED') this.mirrorSize = Math.max(0, this.mirrorSize - 1);
    this.coalescer.add(change);
  }

  /** An Event's write: it becomes one of the newest (forgetting the oldest); a deletion matters only if mirrored. */
  private addEvent(change: ObjectChange): void {
    const key = objectKey(change.object);
    if (change.type === 'DELETED') {
      this.eventsTotal = Math.max(0, this.eventsTotal - 1);
      if (this.newestEvents.delete(key)) this.coalescer.add(change);
      return;
    }
    if (change.type === 'ADDED') this.eventsTotal++;
    for (const object of this.newestEvents.write(key, change.object)) this.coalescer.add({ type: 'DELETED', object });
    this.coalescer.add(change);
  }

  /** The next delta replaces the receiver's whole state with a fresh snapshot. */
  reset(): void {
    this.resetPending = true;
    this.lastMachines = null;
    this.coalescer.clear();
  }

  /** Object changes wait for the next take() (held back by pacing, or not yet taken). */
  get holdsObjects(): boolean {
    return this.coalescer.size > 0;
  }

  /** Whether object changes are due at real time `nowMs` (always, without a time or for a small mirror). */
  private objectsDue(nowMs: number | undefined): boolean {
    return nowMs === undefined || nowMs - this.lastObjectsAt >= objectsPeriodMs(this.mirrorSize);
  }

  /** Whether take() would return a delta, given the current clock (and machines, and real time). */
  hasPending(clock: ClockState, machines?: MachineSource, nowMs?: number): boolean {
    return (
      this.resetPending ||
      (this.coalescer.size > 0 && this.objectsDue(nowMs)) ||
      !sameClock(this.lastClock, clock) ||
      (machines !== undefined && machines.version !== this.lastMachines)
    );
  }

  /**
   * Returns the delta since the previous take() — or null when no object changed and the clock
   * did not move. `snapshot` is called only when a reset is pending; `machines.snapshot` only
   * when their version differs from the one last sent (always after a reset). `nowMs`, the real
   * time, paces the object changes of a large mirror; without it they always go.
   */
  take(clock: ClockState, snapshot: () => KObject[], machines?: MachineSource, nowMs?: number): DeltaMessage | null {
    if (!this.hasPending(clock, machines, nowMs)) return null;
    const reset = this.resetPending;
    this.resetPending = false;
    const due = reset || this.objectsDue(nowMs);
    const { upserts, deletes } = reset
      ? { upserts: this.snapshotUpserts(snapshot()), deletes: [] }
      : due
        ? this.coalescer.take()
        : { upserts: [], deletes: [] };
    if (upserts.length || deletes.length) this.lastObjectsAt = nowMs ?? this.lastObjectsAt;
    this.lastClock = clock;
    const delta: DeltaMessage = { type: 'delta', seq: ++this.seq, reset, upserts, deletes, clock, eventsTotal: this.eventsTotal };
    if (machines && machines.version !== this.lastMachines) {
      this.lastMachines = machines.version;
      delta.machines = machines.snapshot();
    }
    return delta;
  }

  /** A snapshot as the receiver mirrors it: every object but Events, and the newest Events. */
  private snapshotUpserts(objects: KObject[]): KObject[] {
    const others: KObject[] = [];
    const events: KObject[] = [];
    for (const o of objects) (o.kind === 'Event' ? events : others).push(o);
    this.mirrorSize = others.length;
    this.eventsTotal = events.length;
    return others.concat(this.newestEvents.reset(events, objectKey));
  }
}
