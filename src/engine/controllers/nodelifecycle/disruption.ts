// Zone disruption (handleDisruption, setLimiterInZone, addPodEvictorForNewZone): each zone's state
// and the rate its NoExecute tainter queue runs at.
//
// Normal zones taint at node-eviction-rate; a PartialDisruption zone at secondary-node-eviction-rate
// when it has more than large-cluster-size-threshold nodes and not at all otherwise; a
// FullDisruption zone at the normal rate again — unless every zone is fully disrupted, which looks
// like the control plane's own network failing ("master disruption mode"): then the controller
// removes every not-ready / unreachable NoExecute taint and stops all tainting, and when it leaves
// that mode it gives every node a fresh grace period before it judges them again.

import { RateLimitedTimedQueue } from './rate-limited-queue';
import { qpsForState, reducedQps, zoneStateOf, type EvictionRates, type ZoneState } from '../../../k8s/zone-disruption';

export { qpsForState, reducedQps, type EvictionRates };

/** Ready / not-ready node counts of one zone in one monitor pass. */
export interface ZoneCount {
  ready: number;
  notReady: number;
}

export interface DisruptionHooks {
  /** Entering master disruption mode: remove the NoExecute taints of every node. */
  markAllNodesReachable(): void;
  /** Leaving it: every node's probe and ready-transition timestamps become now. */
  resetAllProbeTimestamps(): void;
}

export type DisruptionChange = 'enteredMasterDisruption' | 'exitedMasterDisruption' | undefined;

export class ZoneDisruption {
  private readonly states = new Map<string, ZoneState>();
  private readonly tainters = new Map<string, RateLimitedTimedQueue>();

  /** addPodEvictorForNewZone: a zone seen for the first time starts Initial with a fresh queue. */
  ensureZone(zone: string, rates: EvictionRates): boolean {
    if (this.states.has(zone)) return false;
    this.states.set(zone, 'Initial');
    this.tainters.set(zone, new RateLimitedTimedQueue(rates.evictionRate));
    return true;
  }

  hasZone(zone: string): boolean {
    return this.states.has(zone);
  }

  state(zone: string): ZoneState | undefined {
    return this.states.get(zone);
  }

  tainter(zone: string): RateLimitedTimedQueue | undefined {
    return this.tainters.get(zone);
  }

  /** Every zone's tainter queue (zones stay once seen, like upstream's map). */
  allTainters(): IterableIterator<[string, RateLimitedTimedQueue]> {
    return this.tainters.entries();
  }

  zones(): string[] {
    return [...this.states.keys()];
  }

  /** Whether every known zone is fully disrupted (master disruption mode). */
  get allFullyDisrupted(): boolean {
    if (this.states.size === 0) return false;
    for (const s of this.states.values()) if (s !== 'FullDisruption') return false;
    return true;
  }

  /**
   * handleDisruption for one pass: `counts` has an entry for each zone with at least one
   * non-excluded node.
   */
  handle(counts: ReadonlyMap<string, ZoneCount>, rates: EvictionRates, nowMs: number, hooks: DisruptionHooks): DisruptionChange {
    const newStates = new Map<string, ZoneState>();
    let allAreFullyDisrupted = true;
    for (const [zone, c] of counts) {
      const state = zoneStateOf(c.ready, c.notReady, rates.unhealthyZoneThreshold);
      if (state !== 'FullDisruption') allAreFullyDisrupted = false;
      newStates.set(zone, state);
      if (!this.states.has(zone)) this.states.set(zone, 'Initial');
    }
    // Zones without counted nodes are forgotten (their queues stay, as upstream's do).
    let allWereFullyDisrupted = true;
    for (const [zone, state] of [...this.states]) {
      if (!counts.has(zone)) {
        this.states.delete(zone);
        continue;
      }
      if (state !== 'FullDisruption') allWereFullyDisrupted = false;
    }
    if (allAreFullyDisrupted && allWereFullyDisrupted) return undefined;

    const size = (zone: string) => {
      const c = counts.get(zone);
      return c ? c.ready + c.notReady : 0;
    };
    if (allAreFullyDisrupted) {
      hooks.markAllNodesReachable();
      for (const zone of this.states.keys()) {
        this.tainterFor(zone, rates).swapLimiter(0, nowMs);
        this.states.set(zone, 'FullDisruption');
      }
      return 'enteredMasterDisruption';
    }
    if (allWereFullyDisrupted) {
      hooks.resetAllProbeTimestamps();
      for (const zone of this.states.keys()) {
        const state = newStates.get(zone)!;
        this.setLimiter(zone, size(zone), state, rates, nowMs);
        this.states.set(zone, state);
      }
      return 'exitedMasterDisruption';
    }
    for (const [zone, state] of this.states) {
      const next = newStates.get(zone)!;
      if (state === next) continue;
      this.setLimiter(zone, size(zone), next, rates, nowMs);
      this.states.set(zone, next);
    }
    return undefined;
  }

  /**
   * After `kubeplay config set` changed a rate: every zone's limiter as its current state asks
   * (all stopped while in master disruption mode).
   */
  reapplyRates(counts: ReadonlyMap<string, ZoneCount>, rates: EvictionRates, nowMs: number): void {
    const master = this.allFullyDisrupted;
    for (const [zone, state] of this.states) {
      const c = counts.get(zone);
      const qps = master ? 0 : qpsForState(state, c ? c.ready + c.notReady : 0, rates);
      if (qps !== undefined) this.tainterFor(zone, rates).swapLimiter(qps, nowMs);
    }
  }

  private setLimiter(zone: string, zoneSize: number, state: ZoneState, rates: EvictionRates, nowMs: number): void {
    const qps = qpsForState(state, zoneSize, rates);
    if (qps !== undefined) this.tainterFor(zone, rates).swapLimiter(qps, nowMs);
  }

  private tainterFor(zone: string, rates: EvictionRates): RateLimitedTimedQueue {
    let q = this.tainters.get(zone);
    if (!q) {
      q = new RateLimitedTimedQueue(rates.evictionRate);
      this.tainters.set(zone, q);
    }
    return q;
  }
}
