// DeltaBatcher: collects the simulation's watch events between two frames and turns them into
// one DeltaMessage — coalesced per object (DeltaCoalescer), plus the clock when it moved. The
// host decides when a frame happens; the batcher only knows whether there is anything to say.

import { DeltaCoalescer, type ObjectChange } from '../protocol/delta';
import type { ClockState, DeltaMessage } from '../protocol/messages';
import type { KObject } from '../k8s/types';

function sameClock(a: ClockState | null, b: ClockState): boolean {
  return a !== null && a.now === b.now && a.speed === b.speed && a.playing === b.playing && a.nextEventTime === b.nextEventTime;
}

export class DeltaBatcher {
  private readonly coalescer = new DeltaCoalescer();
  private seq = 0;
  private resetPending = false;
  private lastClock: ClockState | null = null;

  /** Records one committed write. */
  add(change: ObjectChange): void {
    if (this.resetPending) return; // the snapshot taken at the next frame already includes it
    this.coalescer.add(change);
  }

  /** The next delta replaces the receiver's whole state with a fresh snapshot. */
  reset(): void {
    this.resetPending = true;
    this.coalescer.clear();
  }

  /** Whether take() would return a delta, given the current clock. */
  hasPending(clock: ClockState): boolean {
    return this.resetPending || this.coalescer.size > 0 || !sameClock(this.lastClock, clock);
  }

  /**
   * Returns the delta since the previous take() — or null when no object changed and the clock
   * did not move. `snapshot` is called only when a reset is pending.
   */
  take(clock: ClockState, snapshot: () => KObject[]): DeltaMessage | null {
    if (!this.hasPending(clock)) return null;
    const reset = this.resetPending;
    this.resetPending = false;
    const { upserts, deletes } = reset ? { upserts: snapshot(), deletes: [] } : this.coalescer.take();
    this.lastClock = clock;
    return { type: 'delta', seq: ++this.seq, reset, upserts, deletes, clock };
  }
}
