// Clock part: the virtual clock's event queue alone, under a kubelet-like load. Each of 5,000
// "nodes" has a lease renewal and a status sync every 10 s (periodic, with jitter); every lease
// renewal enqueues a work item a few hundred ms later (one-shot timer) and re-arms a 40 s expiry
// timeout, cancelling the previous one (so cancelled events pile up in the heap as in real use).
// Time advances one virtual minute at a time until the target number of events has run.

import { Clock, Priority, type TimerHandle } from '../src/engine/clock/clock';
import { SeededRandom } from '../src/engine/clock/random';
import { cpuMs, nowMs } from './gc';
import { metric, type Section } from './report';

export interface ClockBenchOptions {
  nodes: number;
  events: number;
  /** Stop early (after a whole step) once this much wall time has gone, so a loaded machine still finishes. */
  maxWallMs: number;
  seed: number;
}

export const CLOCK_DEFAULTS: ClockBenchOptions = { nodes: 5_000, events: 5_000_000, maxWallMs: 30_000, seed: 1 };

const PERIOD_MS = 10_000;
const EXPIRY_MS = 40_000;
const STEP_MS = 60_000;

export function runClockBench(options: Partial<ClockBenchOptions> = {}): Section {
  const o = { ...CLOCK_DEFAULTS, ...options };
  const clock = new Clock();
  const random = new SeededRandom(o.seed);
  const jitter = () => Math.floor(random.next() * 0.04 * PERIOD_MS);
  let scheduled = 0;
  let cancelled = 0;
  let work = 0;
  let peakPending = 0;
  const workItem = () => {
    work++;
  };
  const expired = () => {
    throw new Error('a lease expired: its timeout should have been cancelled');
  };

  const t0 = nowMs();
  for (let n = 0; n < o.nodes; n++) {
    let expiry: TimerHandle | undefined;
    const renew = () => {
      clock.after(random.int(500), workItem, Priority.controller);
      if (expiry) {
        expiry.cancel();
        cancelled++;
      }
      expiry = clock.after(EXPIRY_MS, expired, Priority.api);
      scheduled += 3; // work item, expiry, next renewal
    };
    const sync = () => {
      scheduled++;
    };
    const initialDelayMs = random.int(PERIOD_MS);
    clock.every(PERIOD_MS, renew, { initialDelayMs, priority: Priority.controller, label: 'lease', jitter });
    clock.every(PERIOD_MS, sync, { initialDelayMs, priority: Priority.periodic, label: 'status', jitter });
    scheduled += 2;
  }
  const setupMs = nowMs() - t0;

  const startEvents = clock.eventsExecuted;
  const startVirtual = clock.now();
  const t1 = nowMs();
  const c1 = cpuMs();
  let budgetHit = false;
  while (clock.eventsExecuted - startEvents < o.events) {
    if (nowMs() - t1 > o.maxWallMs) {
      budgetHit = true;
      break;
    }
    clock.advance(STEP_MS);
    peakPending = Math.max(peakPending, clock.pendingEvents);
  }
  const wallMs = nowMs() - t1;
  const cpuUsedMs = cpuMs() - c1;
  const events = clock.eventsExecuted - startEvents;
  const virtualSec = (clock.now() - startVirtual) / 1000;
  if (work === 0) throw new Error('no work items ran');

  return {
    name: 'clock',
    setup:
      `${o.nodes.toLocaleString('en-US')} nodes × (lease + status every 10 s, work item + cancelled 40 s expiry per renewal), ` +
      `≥ ${o.events.toLocaleString('en-US')} events` +
      (budgetHit ? ` — STOPPED at the ${o.maxWallMs / 1000} s wall budget` : ''),
    metrics: [
      metric('events', 'events run', events, 'events'),
      metric('eventsPerSec', 'clock events per second', events / (wallMs / 1000), 'events/s'),
      metric('virtualPerWall', 'virtual seconds per wall second', virtualSec / (wallMs / 1000), 'x'),
      metric('virtualMinutes', 'virtual time advanced', virtualSec / 60, 'min', 1),
      metric('wallSec', 'wall time', wallMs / 1000, 's', 2),
      metric('cpuSec', '  CPU time (process, incl. GC threads)', cpuUsedMs / 1000, 's', 2),
      metric('timersScheduled', 'timers scheduled', scheduled, 'timers'),
      metric('timersCancelled', 'timers cancelled', cancelled, 'timers'),
      metric('peakPending', 'peak pending (live) events', peakPending, 'events'),
      metric('setupMs', 'setup (schedule 10,000 periodic tasks)', setupMs, 'ms', 1),
    ],
  };
}
