import { describe, expect, it } from 'vitest';
import { MAX_SIDE_PX, planClip, type PageGeometry } from './capture-plan';

const page: PageGeometry = {
  pageX: 0,
  pageY: 1200,
  clientWidth: 1280,
  clientHeight: 900,
  contentWidth: 1280,
  contentHeight: 20_000,
};

describe('planClip', () => {
  it('puts the viewport and a viewport rect at the page offset', () => {
    expect(planClip({ kind: 'viewport' }, page, 1)).toEqual({
      clip: { x: 0, y: 1200, width: 1280, height: 900 },
      notes: [],
      beyond: false,
    });
    const r = planClip({ kind: 'rect', rect: { x: 10.5, y: 20, width: 100, height: 40 } }, page, 1);
    expect(r.clip).toEqual({ x: 10.5, y: 1220, width: 100, height: 40 });
    expect(r.beyond).toBe(false);
  });

  it('cuts the full page to the image-side bound in CSS px of the wanted scale, and says so', () => {
    const css = planClip({ kind: 'fullPage' }, page, 1);
    expect(css.clip).toEqual({ x: 0, y: 0, width: 1280, height: MAX_SIDE_PX });
    expect(css.beyond).toBe(true);
    expect(css.notes).toEqual([
      'cut to the first 8000 of 20000 CSS px of height (an image side may not exceed 8000 px)',
    ]);
    const device = planClip({ kind: 'fullPage' }, page, 2);
    expect(device.clip.height).toBe(4000);
  });
});
