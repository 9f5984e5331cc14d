import { describe, expect, it } from 'vitest';
import { COMPACT_BELOW, MIN_TEXT_PX, zoomDetail } from './zoom-detail';

describe('zoomDetail', () => {
  it('turns compact below the threshold, with text scaled back to at least MIN_TEXT_PX on screen', () => {
    expect(zoomDetail(1)).toEqual({ compact: false, invZoom: 1 });
    expect(zoomDetail(COMPACT_BELOW)).toMatchObject({ compact: false });
    const small = zoomDetail(0.54);
    expect(small.compact).toBe(true);
    expect(MIN_TEXT_PX * small.invZoom * 0.54).toBeGreaterThanOrEqual(MIN_TEXT_PX);
    expect(zoomDetail(0)).toEqual({ compact: false, invZoom: 1 });
    expect(zoomDetail(Number.NaN)).toEqual({ compact: false, invZoom: 1 });
  });
});
