/**
 * The screenshot tool in real Chromium: viewport, element crops (ref, selector, inside an iframe, in
 * open and closed shadow roots), the whole page, PNG and JPEG, a canvas chart read by its pixels, a
 * background tab, and no debugger left attached. Images are decoded by Chromium itself; crops must
 * match the element's CSS box within 1 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { okData, refOnLine } from './support/frames';
import { decode, imageFetcher, isJpeg, isPng, near, ShotSchema, type Shot } from './support/images';
import { useExtension } from './support/setup';
import { readTree } from './support/tree';

const env = useExtension();

async function shot(tabId: number, args: Record<string, unknown>): Promise<Shot> {
  return ShotSchema.parse(okData(await env.browser.tool('screenshot', args, { tabId, mode: 'ask', tier: 'mid' })));
}

async function box(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height };
  });
}

async function debuggerAttached(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(async (id) => {
    const targets = await chrome.debugger.getTargets();
    return targets.some((t) => t.tabId === id && t.attached && t.extensionId === chrome.runtime.id);
  }, tabId);
}

describe('screenshot', () => {
  it('captures the viewport as a JPEG in CSS pixels and leaves no debugger attached', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/vision-article.html'));
    const fetchImage = await imageFetcher(env.browser);
    const s = await shot(tabId, {});
    expect(s).toMatchObject({ of: 'viewport', format: 'jpeg', scale: 'css' });
    const bytes = await fetchImage(s.image);
    expect(isJpeg(bytes)).toBe(true);
    expect(bytes.length).toBe(s.bytes);
    const view = await page.evaluate(() => ({
      w: document.documentElement.clientWidth,
      h: document.documentElement.clientHeight,
    }));
    const d = await decode(page, bytes, [[37 + 100, 61 + 38]]);
    expect({ w: d.width, h: d.height }).toEqual({ w: s.width, h: s.height });
    expect(Math.abs(d.width - view.w)).toBeLessThanOrEqual(1);
    expect(Math.abs(d.height - view.h)).toBeLessThanOrEqual(1);
    // The blue badge sits where the page draws it.
    expect(near(d.pixels[0] ?? [0, 0, 0], [0x1c, 0x6d, 0xd0])).toBe(true);
    await expect.poll(() => debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('crops to an element by ref and by selector, matching its CSS box within 1 px', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/vision-article.html'));
    const fetchImage = await imageFetcher(env.browser);
    const tree = await readTree(env.browser, tabId);
    const badgeRef = refOnLine(tree.tree, /button "Status: shipped"/);
    const want = await box(page, '#badge');
    for (const args of [{ ref_id: badgeRef }, { selector: '#badge' }]) {
      const s = await shot(tabId, args);
      const d = await decode(page, await fetchImage(s.image), [[Math.floor(want.width / 2), 10]]);
      expect(Math.abs(d.width - want.width), JSON.stringify({ args, d, want })).toBeLessThanOrEqual(1);
      expect(Math.abs(d.height - want.height), JSON.stringify({ args, d, want })).toBeLessThanOrEqual(1);
      expect(near(d.pixels[0] ?? [0, 0, 0], [0x1c, 0x6d, 0xd0])).toBe(true);
    }
    // An element below the fold is scrolled into view and still cropped exactly.
    const low = await shot(tabId, { selector: '#low', format: 'png' });
    const lowBytes = await fetchImage(low.image);
    expect(isPng(lowBytes)).toBe(true);
    const lowBox = await box(page, '#low');
    const dl = await decode(page, lowBytes, [[150, 60]]);
    expect(Math.abs(dl.width - lowBox.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(dl.height - lowBox.height)).toBeLessThanOrEqual(1);
    expect(near(dl.pixels[0] ?? [0, 0, 0], [0xd0, 0x2c, 0x1c], 8)).toBe(true);
    await page.close();
  });

  it('crops to an element inside an open and a closed shadow root by selector, within 1 px of its box', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/vision-article.html'));
    const fetchImage = await imageFetcher(env.browser);
    // Two hosts whose inner chips no document-level querySelector reaches. The chips are kept on
    // window only so the test can measure them (the extension finds them through chrome.dom).
    await page.evaluate(() => {
      const chip = (mode: ShadowRootMode, css: string): Element => {
        const host = document.createElement('div');
        host.style.cssText = 'position:absolute;left:0;top:0';
        document.body.append(host);
        const root = host.attachShadow({ mode });
        const el = document.createElement('div');
        el.className = `${mode}-chip`;
        el.style.cssText = `position:absolute;${css}`;
        root.append(el);
        return el;
      };
      Object.assign(window, {
        __chips: {
          '.open-chip': chip('open', 'left:400.5px;top:30.25px;width:150.5px;height:40px;background:#1ca04c'),
          '.closed-chip': chip('closed', 'left:700.25px;top:40.5px;width:120px;height:50.5px;background:#8a1cd0'),
        },
      });
    });
    expect(await page.evaluate(() => document.querySelector('.open-chip, .closed-chip'))).toBeNull();
    const cases = [
      { selector: '.open-chip', color: [0x1c, 0xa0, 0x4c] as [number, number, number] },
      { selector: '.closed-chip', color: [0x8a, 0x1c, 0xd0] as [number, number, number] },
    ];
    for (const { selector, color } of cases) {
      const want = await page.evaluate((sel) => {
        const chips: unknown = Reflect.get(window, '__chips');
        const el: unknown = typeof chips === 'object' && chips !== null ? Reflect.get(chips, sel) : null;
        const r = el instanceof Element ? el.getBoundingClientRect() : null;
        return { width: r?.width ?? -1, height: r?.height ?? -1 };
      }, selector);
      expect(want.width).toBeGreaterThan(0);
      const s = await shot(tabId, { selector, format: 'png' });
      const d = await decode(page, await fetchImage(s.image), [
        [Math.floor(want.width / 2), Math.floor(want.height / 2)],
      ]);
      const why = JSON.stringify({ selector, d: { width: d.width, height: d.height }, want });
      expect(Math.abs(d.width - want.width), why).toBeLessThanOrEqual(1);
      expect(Math.abs(d.height - want.height), why).toBeLessThanOrEqual(1);
      expect(near(d.pixels[0] ?? [0, 0, 0], color, 8), why).toBe(true);
    }
    await page.close();
  });

  it('reads a canvas chart inside an iframe (frameId + selector): the bars are where the chart draws them', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/vision-article.html'));
    await page.frameLocator('#framed').locator('#chart').waitFor();
    const fetchImage = await imageFetcher(env.browser);
    const frames = okData(await env.browser.tool('get_frames', {}, { tabId }));
    const frameId = JSON.stringify(frames).match(/"frameId":"(f[1-9]\d*)"/)?.[1];
    expect(frameId).toBeDefined();
    const s = await shot(tabId, { frameId, selector: '#chart' });
    // Bars: x = 20 + i*70 .. +50, heights 60/120/180/90 from the bottom of a 300×200 canvas.
    const probes: [number, number][] = [
      [45, 190],
      [115, 190],
      [185, 190],
      [255, 190],
      [185, 30],
      [45, 100],
    ];
    const d = await decode(page, await fetchImage(s.image), probes);
    expect(Math.abs(d.width - 300)).toBeLessThanOrEqual(1);
    expect(Math.abs(d.height - 200)).toBeLessThanOrEqual(1);
    const [q1, q2, q3, q4, q3top, aboveQ1] = d.pixels;
    expect(near(q1 ?? [0, 0, 0], [255, 0, 0])).toBe(true);
    expect(near(q2 ?? [0, 0, 0], [0, 255, 0])).toBe(true);
    expect(near(q3 ?? [0, 0, 0], [0, 0, 255])).toBe(true);
    expect(near(q4 ?? [0, 0, 0], [255, 255, 0])).toBe(true);
    // Q3 is the tallest bar: blue near the top; above the short Q1 bar the canvas is white.
    expect(near(q3top ?? [0, 0, 0], [0, 0, 255])).toBe(true);
    expect(near(aboveQ1 ?? [0, 0, 0], [255, 255, 255])).toBe(true);
    // frameId alone: the frame's viewport (420×260 inside a 4 px border).
    const whole = await shot(tabId, { frameId });
    expect(Math.abs(whole.width - 420)).toBeLessThanOrEqual(1);
    expect(Math.abs(whole.height - 260)).toBeLessThanOrEqual(1);
    await page.close();
  });

  it('captures the whole page, and the task tab while another tab is in front', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/vision-article.html'));
    const fetchImage = await imageFetcher(env.browser);
    const other = await env.browser.open(env.server.url('/vision-chart.html'));
    await other.page.bringToFront();
    const active = await env.browser.worker.evaluate(async () => (await chrome.tabs.query({ active: true }))[0]?.id);
    expect(active).not.toBe(tabId);
    const full = await shot(tabId, { fullPage: true });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(full.of).toBe('full page');
    expect(Math.abs(full.height - Math.min(height, 8000))).toBeLessThanOrEqual(1);
    const d = await decode(page, await fetchImage(full.image), [[137, 99]]);
    expect(d.height).toBe(full.height);
    // The badge of the task's tab, not the chart of the tab in front.
    expect(near(d.pixels[0] ?? [0, 0, 0], [0x1c, 0x6d, 0xd0])).toBe(true);
    await expect.poll(() => debuggerAttached(tabId)).toBe(false);
    await other.page.close();
    await page.close();
  });

  it('refuses contradictory or missing targets with errors that say what to do', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/vision-article.html'));
    const call = (args: unknown) => env.browser.tool('screenshot', args, { tabId });
    const both = await call({ ref_id: 'ref_1', selector: '#badge' });
    expect(both).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });
    const full = await call({ fullPage: true, selector: '#badge' });
    expect(full.ok ? '' : full.error.message).toMatch(/fullPage captures the whole page/);
    const missing = await call({ selector: '#nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'element_not_found' } });
    const invalid = await call({ selector: 'div[' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'bad_selector' } });
    const pngQuality = await call({ format: 'png', quality: 50 });
    expect(pngQuality.ok ? '' : pngQuality.error.message).toMatch(/quality applies to jpeg only/);
    await page.close();
  });
});
