// ClockReadout: the simulated clock in the top bar. The clock changes every frame while playing,
// so this component renders once and paints the time from a store subscription straight into
// the DOM — nothing else re-renders 60 times a second.

import { useLayoutEffect, useRef } from 'react';
import { formatSpeed, type ClockState } from '../../protocol/messages';
import { formatClockDate, formatClockTime, formatElapsed } from '../format';
import { kubeplayStore } from '../state/store';

export function ClockReadout() {
  const root = useRef<HTMLDivElement>(null);
  const time = useRef<HTMLSpanElement>(null);
  const date = useRef<HTMLSpanElement>(null);
  const elapsed = useRef<HTMLSpanElement>(null);
  const speed = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    let painted: ClockState | null = null;
    const paint = (clock: ClockState) => {
      if (clock === painted) return;
      painted = clock;
      if (root.current) {
        root.current.dataset.now = String(clock.now);
        root.current.dataset.playing = String(clock.playing);
      }
      if (time.current) time.current.textContent = formatClockTime(clock.unixMs);
      if (date.current) date.current.textContent = formatClockDate(clock.unixMs);
      if (elapsed.current) elapsed.current.textContent = `+${formatElapsed(clock.now)}`;
      if (speed.current) speed.current.textContent = formatSpeed(clock.speed);
    };
    paint(kubeplayStore.getState().clock);
    return kubeplayStore.subscribe((state) => paint(state.clock));
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
