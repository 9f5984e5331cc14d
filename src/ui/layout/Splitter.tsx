// Splitter: the handle between two panes (an ARIA window splitter). It resizes the pane after
// it — the side column, the bottom panel, the control-plane panel — by dragging (pointer
// capture, so a fast drag never loses it) or from the keyboard (arrows by 16 px, Shift by 64,
// Home / End to the bounds); a double click gives the page's default size back.

import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** Keyboard steps, in CSS px. */
const STEP_PX = 16;
const BIG_STEP_PX = 64;

export interface SplitterProps {
  /** `vertical`: a line between columns (drags left / right); `horizontal`: between rows. */
  orientation: 'vertical' | 'horizontal';
  label: string;
  /** The id of the pane it resizes. */
  controls?: string;
  className?: string;
  /** The resized pane's current size and its bounds, in px, read from the page. */
  measure(): { size: number; min: number; max: number };
  /** Sets the pane's size (px; the caller clamps it and stores it in its own units). */
  resize(px: number): void;
  /** Back to the page's default size. */
  reset(): void;
}

export function Splitter({ orientation, label, controls, className, measure, resize, reset }: SplitterProps) {
  const drag = useRef<{ start: number; size: number } | null>(null);
  // what assistive technology reads as the separator's value, refreshed on every move
  const [value, setValue] = useState<{ size: number; min: number; max: number } | null>(null);
  const position = (e: PointerEvent) => (orientation === 'vertical' ? e.clientX : e.clientY);
  const to = (px: number) => {
    resize(px);
    setValue(measure());
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { start: position(e), size: measure().size };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    // the pane after the splitter grows as the splitter moves towards the start (left / up)
    if (d) to(d.size - (position(e) - d.start));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const { size, min, max } = measure();
    const step = e.shiftKey ? BIG_STEP_PX : STEP_PX;
    const grow = orientation === 'vertical' ? 'ArrowLeft' : 'ArrowUp';
    const shrink = orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown';
    const target =
      e.key === grow ? size + step : e.key === shrink ? size - step : e.key === 'Home' ? min : e.key === 'End' ? max : null;
    if (target === null) return;
    e.preventDefault();
    to(target);
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={orientation}
      aria-controls={controls}
      aria-valuenow={value ? Math.round(value.size) : undefined}
      aria-valuemin={value ? Math.round(value.min) : undefined}
      aria-valuemax={value ? Math.round(value.max) : undefined}
      className={`splitter splitter-${orientation}${className ? ` ${className}` : ''}`}
      title={`${label}: drag, or use the arrow keys; double-click for the default size`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onFocus={() => setValue(measure())}
      onKeyDown={onKeyDown}
      onDoubleClick={() => {
        reset();
        requestAnimationFrame(() => setValue(measure()));
      }}
    />
  );
}
