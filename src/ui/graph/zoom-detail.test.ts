import { describe, expect, it } from 'vitest';
import { COMPACT_BELOW, MIN_TEXT_PX, zoomDetail } from './zoom-detail';

describe('zoomDetail', () => {
  it('scales text below zoom 1 and turns compact below the threshold, text at least MIN_TEXT_PX on screen', () => {
    expect(zoomDetail(1)).toEqual({ detail: 'full', invZoom: 1 });
    expect(zoomDetail(1.25)).toMatchObject({ detail: 'full' });
    expect(zoomDetail(COMPACT_BELOW)).toMatchObject({ detail: 'scaled' });
    const small = zoomDetail(0.54);
    expect(small.detail).toBe('compact');
    expect(MIN_TEXT_PX * small.invZoom * 0.54).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    expect(zoomDetail(0.2).detail).toBe('overview');
    expect(zoomDetail(0)).toEqual({ detail: 'full', invZoom: 1 });
    expect(zoomDetail(Number.NaN)).toEqual({ detail: 'full', invZoom: 1 });
  });
});
