// DeltaBatcher: collects the simulation's watch events between two frames and turns them into
// one DeltaMessage — coalesced per object (DeltaCoalescer), plus the clock when it moved and the
// machines snapshot when its version changed. The host decides when a frame happens; the batcher
// only knows whether there is anything to say. Past LARGE_MIRROR objects (Events aside: they pile
// up in any cluster left running, and pacing a small cluster would merge the steps its graph
// animates — a pod's Terminating, its replacement's binding) it sends object changes
// at most every LARGE_MIRROR_EVERY_MS (the clock still every frame): the page folds each object
// delta into its mirror and re-runs what reads it, work that grows with the mirror, so a big
// cluster costs the page a fixed share of each second instead of one such pass per frame.

import { DeltaCoalescer, type ObjectChange } from '../protocol/delta';
import type { ClockState, DeltaMessage, MachineInfo } from '../protocol/messages';
import type { KObject } from '../k8s/types';

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
/** Real time between two deltas carrying objects, for a large mirror (ms). */
export const LARGE_MIRROR_EVERY_MS = 50;

export class DeltaBatcher {
  private readonly coalescer = new DeltaCoalescer();
  /** Objects but Events the receiver mirrors (after the last reset, plus additions, minus deletions). */
  private mirrorSize = 0;
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
    if (change.object.kind !== 'Event') {
      if (change.type === 'ADDED') this.mirrorSize++;
      else if (change.type === 'DELETED') this.mirrorSize = Math.max(0, this.mirrorSize - 1);
    }
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
    return nowMs === undefined || this.mirrorSize <= LARGE_MIRROR || nowMs - this.lastObjectsAt >= LARGE_MIRROR_EVERY_MS;
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
      ? { upserts: snapshot(), deletes: [] }
      : due
        ? this.coalescer.take()
        : { upserts: [], deletes: [] };
    if (reset) this.mirrorSize = upserts.filter((o) => o.kind !== 'Event').length;
    if (upserts.length || deletes.length) this.lastObjectsAt = nowMs ?? this.lastObjectsAt;
    this.lastClock = clock;
    const delta: DeltaMessage = { type: 'delta', seq: ++this.seq, reset, upserts, deletes, clock };
    if (machines && machines.version !== this.lastMachines) {
      this.lastMachines = machines.version;
      delta.machines = machines.snapshot();
    }
    return delta;
  }
}
