import { afterEach, describe, expect, it } from 'vitest';
import { clampShare, clampSideWidth, DEFAULT_LAYOUT, paneLayoutOf, readLayout, usePaneLayout } from './pane-layout';

afterEach(() => usePaneLayout.getState().replace(DEFAULT_LAYOUT));

describe('pane sizes', () => {
  it('keeps the side column between its minimum and 60 % of the workspace', () => {
    expect(clampSideWidth(100, 1200)).toBe(220);
    expect(clampSideWidth(400.4, 1200)).toBe(400);
    expect(clampSideWidth(900, 1200)).toBe(720);
    // a workspace too narrow for both bounds keeps the minimum
    expect(clampSideWidth(300, 200)).toBe(220);
  });

  it('keeps shares between 12 % and 88 %, rounded to 0.01 %', () => {
    expect(clampShare(0)).toBe(0.12);
    expect(clampShare(0.33333)).toBe(0.3333);
    expect(clampShare(1.5)).toBe(0.88);
  });
});

describe('readLayout', () => {
  it('reads a stored layout back', () => {
    const stored = { ...DEFAULT_LAYOUT, sideWidth: 410, bottomShare: 0.3, sideCollapsed: true };
    expect(readLayout(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });

  it('falls back field by field on damaged data, never throwing', () => {
    expect(readLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(readLayout('wide')).toEqual(DEFAULT_LAYOUT);
    expect(
      readLayout({ sideWidth: 'big', bottomShare: 7, controlShare: Number.NaN, sideCollapsed: 'yes', bottomMaximized: true }),
    ).toEqual({ ...DEFAULT_LAYOUT, bottomShare: 0.88, bottomMaximized: true });
    expect(readLayout({ sideWidth: 5 }).sideWidth).toBe(220);
  });
});

describe('usePaneLayout', () => {
  it('collapsing and maximising the bottom panel exclude each other', () => {
    const s = () => usePaneLayout.getState();
    s().toggleMaximized();
    expect(paneLayoutOf(s())).toMatchObject({ bottomMaximized: true, bottomCollapsed: false });
    s().toggleBottom();
    expect(paneLayoutOf(s())).toMatchObject({ bottomMaximized: false, bottomCollapsed: true });
    s().toggleMaximized();
    expect(paneLayoutOf(s())).toMatchObject({ bottomMaximized: true, bottomCollapsed: false });
    s().toggleSide();
    expect(paneLayoutOf(s())).toMatchObject({ bottomMaximized: false, sideCollapsed: true });
  });
});
