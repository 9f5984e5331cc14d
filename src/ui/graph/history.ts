// history: a short per-node (and per-zone) record of pod counts over virtual time, for the
// sparkline an aggregated card draws. One sample per SAMPLE_MS bucket of simulated time (the last
// write in a bucket wins), at most SAMPLES kept, so a card's line changes a few times a second at
// 100× and its cost per update is O(nodes + zones), never O(pods).

/** One bucket's counts. */
export interface CountSample {
  /** Pods bound (zone: in the zone). */
  total: number;
  /** Running and Ready. */
  ok: number;
  /** Failing (the red family: CrashLoopBackOff, Error, ImagePullBackOff…). */
  bad: number;
}

/** Simulated ms per sample. */
export const SAMPLE_MS = 5_000;
/** Samples kept: 3 minutes of simulated time. */
export const SAMPLES = 36;

interface Series {
  bucket: number;
  samples: CountSample[];
}

export class CountHistory {
  private readonly series = new Map<string, Series>();
  private lastBucket = -Infinity;

  /**
   * Records `sample` for `key` at simulated `nowMs`. Returns the key's samples, oldest first: the
   * same array as the previous call unless something changed (so memoised cards skip rendering).
   */
  record(key: string, nowMs: number, sample: CountSample): readonly CountSample[] {
    const bucket = Math.floor(nowMs / SAMPLE_MS);
    // the clock went back: a new cluster (Reset)
    if (bucket < this.lastBucket) this.series.clear();
    this.lastBucket = bucket;
    const s = this.series.get(key);
    if (!s) {
      const fresh = { bucket, samples: [sample] };
      this.series.set(key, fresh);
      return fresh.samples;
    }
    const last = s.samples[s.samples.length - 1];
    if (s.bucket === bucket) {
      if (same(last, sample)) return s.samples;
      s.samples = [...s.samples.slice(0, -1), sample];
    } else {
      // a bucket with no record repeats the last known value: the count did not change meanwhile
      const gap = Math.min(SAMPLES, bucket - s.bucket - 1);
      const filler: CountSample[] = gap > 0 ? Array<CountSample>(gap).fill(last) : [];
      s.samples = [...s.samples, ...filler, sample].slice(-SAMPLES);
      s.bucket = bucket;
    }
    return s.samples;
  }

  /** Forgets keys not in `keep` (nodes removed, zones gone). */
  retain(keep: ReadonlySet<string>): void {
    for (const key of [...this.series.keys()]) if (!keep.has(key)) this.series.delete(key);
  }
}

function same(a: CountSample, b: CountSample): boolean {
  return a.total === b.total && a.ok === b.ok && a.bad === b.bad;
}

/** SVG polyline points for `values` in a width × height box, scaled to `max` (at least 1). */
export function sparkPoints(values: readonly number[], max: number, width: number, height: number): string {
  if (values.length === 0) return '';
  const top = Math.max(1, max);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = values.length > 1 ? i * step : width;
      const y = height - (Math.min(v, top) / top) * height;
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;
