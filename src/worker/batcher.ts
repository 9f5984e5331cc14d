// DeltaBatcher: collects the simulation's watch events between two frames and turns them into
// one DeltaMessage — coalesced per object (DeltaCoalescer), plus the clock when it moved and the
// machines snapshot when its version changed. The host decides when a frame happens; the batcher
// only knows whether there is anything to say.

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

export class DeltaBatcher {
  private readonly coalescer = new DeltaCoalescer();
  private seq = 0;
  private resetPending = false;
  private lastClock: ClockState | null = null;
  /** Version of the machines last sent; null: send them with the next delta. */
  private lastMachines: string | null = null;

  /** Records one committed write. */
  add(change: ObjectChange): void {
    if (this.resetPending) return; // the snapshot taken at the next frame already includes it
    this.coalescer.add(change);
  }

  /** The next delta replaces the receiver's whole state with a fresh snapshot. */
  reset(): void {
    this.resetPending = true;
    this.lastMachines = null;
    this.coalescer.clear();
  }

  /** Whether take() would return a delta, given the current clock (and machines). */
  hasPending(clock: ClockState, machines?: MachineSource): boolean {
    return (
      this.resetPending ||
      this.coalescer.size > 0 ||
      !sameClock(this.lastClock, clock) ||
      (machines !== undefined && machines.version !== this.lastMachines)
    );
  }

  /**
   * Returns the delta since the previous take() — or null when no object changed and the clock
   * did not move. `snapshot` is called only when a reset is pending; `machines.snapshot` only
   * when their version differs from the one last sent (always after a reset).
   */
  take(clock: ClockState, snapshot: () => KObject[], machines?: MachineSource): DeltaMessage | null {
    if (!this.hasPending(clock, machines)) return null;
    const reset = this.resetPending;
    this.resetPending = false;
    const { upserts, deletes } = reset ? { upserts: snapshot(), deletes: [] } : this.coalescer.take();
    this.lastClock = clock;
    const delta: DeltaMessage = { type: 'delta', seq: ++this.seq, reset, upserts, deletes, clock };
    if (machines && machines.version !== this.lastMachines) {
      this.lastMachines = machines.version;
      delta.machines = machines.snapshot();
    }
    return delta;
  }
}
