// ReplacementArcs: when a controller's pod leaves a node (deleted, or evicted and terminating) and
// its replacement lands on a node moments later, a faint arc from the old chip to the new one for
// about a second (motion.ts pairs them). Drawn in flow coordinates through React Flow's viewport
// portal, so it pans and zooms with the graph; the CSS draws it in and fades it out.

import { memo, useEffect, useMemo, useState } from 'react';
import { ViewportPortal } from '@xyflow/react';
import type { ObjectKey } from '../../protocol/messages';
import type { LayoutItem } from './layout';
import type { PodView } from './model';
import type { SharedMap } from '../../protocol/shared-map';
import {
  absoluteBoxes,
  arcPath,
  anchor,
  emptyReplacements,
  expireArcs,
  podChanges,
  trackReplacements,
  type Arc,
  type Box,
  type Point,
  type ReplacementState,
} from './motion';
import { minOf } from '../../k8s/arrays';

/** Lazily built boxes of one layout (only when a pod moved, or arcs are showing). */
function lazyBoxes(items: readonly LayoutItem[]) {
  let boxes: Map<string, Box> | null = null;
  return (key: ObjectKey): Point | null => {
    boxes ??= absoluteBoxes(items);
    const box = boxes.get(key);
    return box ? anchor(box) : null;
  };
}

/** Tracks departures and arrivals as the pods change; the arcs showing now. */
export function useReplacementArcs(pods: SharedMap<PodView>, items: readonly LayoutItem[]): readonly Arc[] {
  const [seen, setSeen] = useState({ pods, items });
  const [state, setState] = useState<ReplacementState>(emptyReplacements);
  if (seen.pods !== pods) {
    // derived from the previous render (as the ghosts are): pure, so a repeated render is harmless
    setSeen({ pods, items });
    const changes = podChanges(seen.pods, pods);
    if (changes.departed.length || changes.arrived.length || state.arcs.length) {
      const before = lazyBoxes(seen.items);
      const now = lazyBoxes(items);
      const next = trackReplacements(state, changes, Date.now(), {
        // a pod still drawn (terminating, or as a ghost) is where it is now; else where it was
        before: (key) => now(key) ?? before(key),
        now,
      });
      if (next !== state) setState(next);
    }
  } else if (seen.items !== items) setSeen({ pods, items });

  useEffect(() => {
    if (state.arcs.length === 0) return;
    const wait = Math.max(0, minOf(state.arcs.map((a) => a.until)) - Date.now());
    const timer = window.setTimeout(() => setState((s) => expireArcs(s, Date.now())), wait + 10);
    return () => window.clearTimeout(timer);
  }, [state.arcs]);
  return state.arcs;
}

/** The arcs, with their ends following the chips if the layout shifts while they show. */
export const ReplacementArcs = memo(function ReplacementArcs({
  arcs,
  items,
}: {
  arcs: readonly Arc[];
  items: readonly LayoutItem[];
}) {
  const boxes = useMemo(() => (arcs.length ? absoluteBoxes(items) : null), [arcs.length, items]);
  if (!boxes || arcs.length === 0) return null;
  const at = (key: ObjectKey, fallback: Point) => {
    const box = boxes.get(key);
    return box ? anchor(box) : fallback;
  };
  return (
    <ViewportPortal>
      <svg className="graph-arcs" aria-hidden="true" width="1" height="1">
        {arcs.map((a) => {
          const from = at(a.fromKey, a.from);
          const to = at(a.toKey, a.to);
          return (
            <g key={a.id} className="graph-arc" data-testid="replacement-arc" data-from={a.fromNode} data-to={a.toNode}>
              <path className="graph-arc-path" d={arcPath(from, to)} pathLength={1} />
              <circle className="graph-arc-from" cx={from.x} cy={from.y} r={3} />
              <circle className="graph-arc-to" cx={to.x} cy={to.y} r={4} />
            </g>
          );
        })}
      </svg>
    </ViewportPortal>
  );
});
