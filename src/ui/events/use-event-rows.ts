// useEventRows: the mirrored Events as timeline rows, newest first, recomputed only when an Event
// changed (other objects changing every frame do not re-sort the list).

import { useMemo, useRef } from 'react';
import type { KObject } from '../../k8s/types';
import type { ObjectKey } from '../../protocol/messages';
import { useKubeplay } from '../state/store';
import { eventRows, type EventRow } from './events';

/** The Event objects of the mirror, kept identical while no Event changed. */
function useEventObjects(): Record<ObjectKey, KObject> {
  const last = useRef<Record<ObjectKey, KObject>>({});
  return useKubeplay((s) => {
    const next: Record<ObjectKey, KObject> = {};
    let count = 0;
    let same = true;
    for (const [key, obj] of Object.entries(s.objects)) {
      if (obj.kind !== 'Event') continue;
      next[key] = obj;
      count++;
      if (last.current[key] !== obj) same = false;
    }
    if (same && count === Object.keys(last.current).length) return last.current;
    last.current = next;
    return next;
  });
}

export function useEventRows(): EventRow[] {
  const events = useEventObjects();
  return useMemo(() => eventRows(events), [events]);
}

/** Simulated now, at one-second resolution (LAST SEEN columns need no more). */
export function useNowSeconds(): number {
  return useKubeplay((s) => Math.floor(s.clock.unixMs / 1000) * 1000);
}
