// useEventRows: the mirrored Events as timeline rows, newest first, recomputed only when an Event
// changed (other objects changing every frame do not re-sort the list).

import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useClockTick } from '../state/clock-tick';
import { selectEvents } from '../state/selectors';
import { useKubeplay } from '../state/store';
import { eventRows, type EventRow } from './events';

export function useEventRows(): EventRow[] {
  const events = useKubeplay(useShallow(selectEvents));
  return useMemo(() => eventRows(events), [events]);
}

/**
 * Simulated now, at one-second resolution (LAST SEEN columns need no more), sampled a few times
 * per real second: at 100× a new simulated second starts every frame.
 */
export function useNowSeconds(): number {
  return Math.floor(useClockTick(true) / 1000) * 1000;
}
