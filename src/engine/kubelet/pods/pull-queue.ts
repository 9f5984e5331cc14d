// Serialized image pulls (the kubelet's default `serializeImagePulls: true`): one pull at a time
// per node, in request order. A pull's duration is decided when it starts, so a second pod
// asking for an image the first one just pulled only re-checks the manifest.

import type { Clock } from '../../clock/clock';
import { Priority } from '../../clock/clock';

export interface PullJob {
  /** Called when the job reaches the head of the queue; returns how long the pull takes. */
  start(nowMs: number): number;
  /** Called when the pull is over (its outcome is the job's business). */
  finish(queuedAtMs: number, startedAtMs: number): void;
}

export class SerialPullQueue {
  private readonly queue: { job: PullJob; queuedAtMs: number }[] = [];
  private busy = false;

  constructor(private readonly clock: Clock) {}

  enqueue(job: PullJob): void {
    this.queue.push({ job, queuedAtMs: this.clock.now() });
    if (!this.busy) this.next();
  }

  /** Pulls waiting or running (for tests). */
  get length(): number {
    return this.queue.length + (this.busy ? 1 : 0);
  }

  private next(): void {
    const entry = this.queue.shift();
    if (!entry) {
      this.busy = false;
      return;
    }
    this.busy = true;
    const startedAt = this.clock.now();
    const duration = entry.job.start(startedAt);
    this.clock.after(
      duration,
      () => {
        entry.job.finish(entry.queuedAtMs, startedAt);
        this.next();
      },
      Priority.controller,
      'image pull',
    );
  }
}
