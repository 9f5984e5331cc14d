// ClockReadout: the simulated clock in the top bar. The clock changes every frame while playing,
// so this component renders once and paints the time from a store subscription straight into
// the DOM — nothing else re-renders 60 times a second. It paints at most PAINT_MS apart (the last
// state always lands) and writes only what changed: every repaint of the page makes the browser
// re-layer the whole graph, which with hundreds of pod chips costs more than the clock is worth.

import { useLayoutEffect, useRef } from 'react';
import { formatSpeed, type ClockState } from '../../protocol/messages';
import { formatClockDate, formatClockTime, formatElapsed } from '../format';
import { kubeplayStore } from '../state/store';

/** Real milliseconds between two paints of the clock (10 per second). */
const PAINT_MS = 100;

function setText(el: HTMLElement | null, text: string): void {
  if (el && el.textContent !== text) el.textContent = text;
}

function setData(el: HTMLElement | null, key: string, value: string): void {
  if (el && el.dataset[key] !== value) el.dataset[key] = value;
}

export function ClockReadout() {
  const root = useRef<HTMLDivElement>(null);
  const time = useRef<HTMLSpanElement>(null);
  const date = useRef<HTMLSpanElement>(null);
  const elapsed = useRef<HTMLSpanElement>(null);
  const speed = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    let painted: ClockState | null = null;
    let paintedAt = -Infinity;
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const paint = () => {
      trailing = null;
      const clock = kubeplayStore.getState().clock;
      if (clock === painted) return;
      painted = clock;
      paintedAt = performance.now();
      setData(root.current, 'now', String(clock.now));
      setData(root.current, 'playing', String(clock.playing));
      setText(time.current, formatClockTime(clock.unixMs));
      setText(date.current, formatClockDate(clock.unixMs));
      setText(elapsed.current, `+${formatElapsed(clock.now)}`);
      setText(speed.current, formatSpeed(clock.speed));
    };
    const schedule = (clock: ClockState) => {
      if (clock === painted || trailing) return;
      const wait = PAINT_MS - (performance.now() - paintedAt);
      // play/pause, speed and a stopped clock (its final time, a Step) show at once; the running
      // time at most every PAINT_MS
      const immediate = painted === null || !clock.playing || clock.playing !== painted.playing || clock.speed !== painted.speed;
      if (wait <= 0 || immediate) paint();
      else trailing = setTimeout(paint, wait);
    };
    paint();
    const unsubscribe = kubeplayStore.subscribe((state) => schedule(state.clock));
    return () => {
      unsubscribe();
      if (trailing) clearTimeout(trailing);
    };
  }, []);

  return (
    <div className="clock" role="timer" aria-label="Simulated clock" ref={root}>
      <span className="clock-pulse" aria-hidden="true" />
      <span className="clock-time" ref={time} />
      <span className="clock-meta">
        <span ref={date} />
        <span className="clock-sep" aria-hidden="true">
          ·
        </span>
        <span ref={elapsed} title="Simulated time since the cluster started" />
        <span className="clock-speed" ref={speed} title="Speed" />
      </span>
    </div>
  );
}
