// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { frameHitTestHandler } from './frame-hit-test';

// jsdom has no layout: boxes and hit testing are stubbed with what Chromium would report for an
// iframe at (100, 40), 300×150 CSS px, with a 2px border. Real layout is proven in frames-cdp.e2e.ts.
function layOut(iframe: HTMLIFrameElement): void {
  const box = { left: 100, top: 40, width: 304, height: 154, right: 404, bottom: 194, x: 100, y: 40 };
  iframe.getBoundingClientRect = () => ({ ...box, toJSON: () => box });
  for (const [k, v] of Object.entries({
    clientLeft: 2,
    clientTop: 2,
    clientWidth: 300,
    clientHeight: 150,
    offsetWidth: 304,
    offsetHeight: 154,
  }))
    Object.defineProperty(iframe, k, { configurable: true, value: v });
}

function setUp(): { iframe: HTMLIFrameElement; cover: HTMLElement } {
  document.body.innerHTML = '<iframe id="pay"></iframe><div id="cover" class="backdrop">Please wait</div>';
  const iframe = document.querySelector('iframe');
  const cover = document.getElementById('cover');
  if (!iframe || !cover) throw new Error('fixture');
  layOut(iframe);
  // jsdom counts child frames in window.length but has no indexed access (window[0]) to them.
  Object.defineProperty(window, '0', { configurable: true, value: iframe.contentWindow });
  return { iframe, cover };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('frame_hit_test (parent side)', () => {
  it('moves the point into this frame and confirms that it lands on the iframe', async () => {
    const { iframe } = setUp();
    const seen: number[][] = [];
    document.elementFromPoint = (x, y) => (seen.push([x, y]), iframe);
    const r = await frameHitTestHandler.run({ frameIndex: 0, x: 10, y: 20 }, document);
    expect(r).toEqual({ ok: true, data: { hit: true, x: 112, y: 62, frame: '<iframe#pay>' } });
    expect(seen).toEqual([[112, 62]]);
  });

  it('names what covers the iframe at the point', async () => {
    const { cover } = setUp();
    document.elementFromPoint = () => cover;
    const r = await frameHitTestHandler.run({ frameIndex: 0, x: 10, y: 20 }, document);
    expect(r).toMatchObject({
      ok: true,
      data: { hit: false, reason: '<div#cover.backdrop> "Please wait" covers <iframe#pay> there' },
    });
  });

  it('refuses points outside the frame’s visible box and frames it does not embed', async () => {
    const { iframe } = setUp();
    document.elementFromPoint = () => iframe;
    const outside = await frameHitTestHandler.run({ frameIndex: 0, x: 310, y: 20 }, document);
    expect(outside).toMatchObject({ ok: true, data: { hit: false } });
    if (outside.ok) expect(JSON.stringify(outside.data)).toContain('outside the visible area');
    expect(await frameHitTestHandler.run({ frameIndex: 4, x: 1, y: 1 }, document)).toMatchObject({
      ok: false,
      error: { code: 'frame_not_found' },
    });
    expect(await frameHitTestHandler.run({ frameIndex: -1, x: 1 }, document)).toMatchObject({
      ok: false,
      error: { code: 'bad_arguments' },
    });
  });

  it('refuses a scaled iframe, whose inner coordinates cannot be mapped by offsets', async () => {
    const { iframe } = setUp();
    Object.defineProperty(iframe, 'offsetWidth', { configurable: true, value: 152 });
    document.elementFromPoint = () => iframe;
    const r = await frameHitTestHandler.run({ frameIndex: 0, x: 10, y: 20 }, document);
    expect(r).toMatchObject({ ok: true, data: { hit: false } });
    if (r.ok) expect(JSON.stringify(r.data)).toContain('transformed');
  });
});
