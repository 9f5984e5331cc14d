// useWorkerAnswer: a read-only question asked of the worker for an inspector tab (Describe, Why,
// Events) — at once, then again whenever `version` changes, at most every QUERY_REFRESH_MS (a
// busy object changes every frame at speed; asking each time would keep the worker answering).

import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Shortest real time between two askings of one view (ms). */
export const QUERY_REFRESH_MS = 400;

/** The latest answer of `ask` (null before the first), asked again when `version` changes. */
export function useWorkerAnswer<T>(ask: () => Promise<T>, version: string): T | null {
  const [answer, setAnswer] = useState<T | null>(null);
  const latestAsk = useRef(ask);
  const askedAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    latestAsk.current = ask;
  });

  useEffect(() => {
    let live = true;
    const last = askedAt.current;
    const delay = last === null ? 0 : Math.max(0, last + QUERY_REFRESH_MS - performance.now());
    const timer = setTimeout(() => {
      askedAt.current = performance.now();
      void latestAsk.current().then((result) => {
        if (live) setAnswer(() => result);
      });
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [version]);

  return answer;
}
