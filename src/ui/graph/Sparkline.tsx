// A node's (or zone's) pod counts over the last minutes (history.ts): all pods as a muted line,
// Running-and-Ready in green, failing in red when any failed.

import { memo } from 'react';
import { sparkPoints, type CountSample } from './history';

const W = 120;
const H = 18;

export const Sparkline = memo(function Sparkline({ samples }: { samples: readonly CountSample[] }) {
  const max = samples.reduce((m, s) => Math.max(m, s.total), 0);
  const line = (pick: (s: CountSample) => number) => sparkPoints(samples.map(pick), max, W, H);
  const last = samples[samples.length - 1];
  const anyBad = samples.some((s) => s.bad > 0);
  return (
    <span className="gn-spark" title="pods over the last minutes: all (grey), Running and Ready (green), failing (red)">
      <svg viewBox={`-1 -1 ${W + 2} ${H + 2}`} preserveAspectRatio="none" aria-hidden="true">
        <polyline className="spark-total" points={line((s) => s.total)} />
        <polyline className="spark-ok" points={line((s) => s.ok)} />
        {anyBad && <polyline className="spark-bad" points={line((s) => s.bad)} />}
      </svg>
      {last && (
        <span className="gn-spark-now">
          {last.ok}/{last.total} ready
        </span>
      )}
    </span>
  );
});
