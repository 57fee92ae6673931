/**
 * The screenshot tool in the Firefox build, in real Firefox: the capture is `tabs.captureTab` on the
 * task's own tab (background/browser/tab-capture.ts), everything else is the Chrome build's code. Images
 * are fetched the way the panel fetches them (`get_image`) and decoded by Firefox itself with the same
 * helper the Chrome suite uses; crops must match the element's CSS box within 1 px.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TreeResultSchema } from '../../shared/tree-contract';
import { okData, refOnLine } from '../e2e/support/frames';
import { decodeInPage, isJpeg, isPng, near, ShotSchema, type Decoded, type Shot } from '../e2e/support/images';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite();

const BLUE: [number, number, number] = [0x1c, 0x6d, 0xd0];
const RED: [number, number, number] = [0xd0, 0x2c, 0x1c];

async function shot(tabId: number, args: Record<string, unknown>): Promise<Shot> {
  return ShotSchema.parse(okData(await env().ff.tool('screenshot', args, { tabId, mode: 'ask', tier: 'mid' })));
}

const ImageReply = z.object({ ok: z.literal(true), data: z.object({ data: z.string() }) });

/** The image's bytes, asked of the background over the panel's channel, as the panel's tool card does. */
async function imageBytes(id: string): Promise<Buffer> {
  const reply: unknown = await env().ff.panel.evaluate(
    (i: string) => chrome.runtime.sendMessage({ type: 'get_image', id: i }),
    id,
  );
  return Buffer.from(ImageReply.parse(reply).data.data, 'base64');
}

async function decode(page: Page, bytes: Buffer, points: [number, number][] = []): Promise<Decoded> {
  return page.evaluate(decodeInPage, [bytes.toString('base64'), points] as const);
}

async function box(page: Page, selector: string): Promise<{ width: number; height: number }> {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height };
  });
}

async function tree(tabId: number): Promise<string> {
  const r = await env().ff.tool('get_accessibility_tree', { filter: 'all' }, { tabId, mode: 'ask' });
  return TreeResultSchema.parse(okData(r)).tree;
}

describe.skipIf(!run)('screenshot in Firefox (tabs.captureTab)', () => {
  it('captures the viewport as a JPEG in CSS pixels', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/vision-article.html'));
    const s = await shot(tabId, {});
    expect(s).toMatchObject({ of: 'viewport', format: 'jpeg', scale: 'css' });
    const bytes = await imageBytes(s.image);
    expect(isJpeg(bytes)).toBe(true);
    expect(bytes.length).toBe(s.bytes);
    const view = await page.evaluate(() => ({
      w: document.documentElement.clientWidth,
      h: document.documentElement.clientHeight,
    }));
    const d = await decode(page, bytes, [[37 + 100, 61 + 38]]);
    expect({ w: d.width, h: d.height }).toEqual({ w: s.width, h: s.height });
    expect(Math.abs(d.width - view.w), JSON.stringify({ d, view })).toBeLessThanOrEqual(1);
    expect(Math.abs(d.height - view.h), JSON.stringify({ d, view })).toBeLessThanOrEqual(1);
    expect(near(d.pixels[0] ?? [0, 0, 0], BLUE), JSON.stringify(d.pixels)).toBe(true);
    await page.close();
  });

  it('crops to an element by ref and by selector, matching its CSS box within 1 px', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/vision-article.html'));
    const badgeRef = refOnLine(await tree(tabId), /button "Status: shipped"/);
    const want = await box(page, '#badge');
    for (const args of [{ ref_id: badgeRef }, { selector: '#badge' }]) {
      const s = await shot(tabId, args);
      const d = await decode(page, await imageBytes(s.image), [[Math.floor(want.width / 2), 10]]);
      expect(Math.abs(d.width - want.width), JSON.stringify({ args, d, want })).toBeLessThanOrEqual(1);
      expect(Math.abs(d.height - want.height), JSON.stringify({ args, d, want })).toBeLessThanOrEqual(1);
      expect(near(d.pixels[0] ?? [0, 0, 0], BLUE)).toBe(true);
    }
    // Below the fold: scrolled into view, then cut from the page at its scrolled place (captureTab's
    // rect is in page coordinates, so the scroll offset must be right for the colour to be).
    const low = await shot(tabId, { selector: '#low', format: 'png' });
    const lowBytes = await imageBytes(low.image);
    expect(isPng(lowBytes)).toBe(true);
    const lowBox = await box(page, '#low');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const dl = await decode(page, lowBytes, [
      [150, 60],
      [2, 2],
      [297, 117],
    ]);
    expect(Math.abs(dl.width - lowBox.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(dl.height - lowBox.height)).toBeLessThanOrEqual(1);
    for (const px of dl.pixels) expect(near(px, RED, 8), JSON.stringify(dl.pixels)).toBe(true);
    await page.close();
  });

  it('reads a canvas chart inside an iframe (frameId + selector): the bars are where the chart draws them', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/vision-article.html'));
    const frames = okData(await env().ff.tool('get_frames', {}, { tabId, mode: 'ask' }));
    const frameId = JSON.stringify(frames).match(/"frameId":"(f[1-9]\d*)"/)?.[1];
    expect(frameId).toBeDefined();
    const s = await shot(tabId, { frameId, selector: '#chart' });
    const d = await decode(page, await imageBytes(s.image), [
      [45, 190],
      [115, 190],
      [185, 190],
      [255, 190],
    ]);
    expect(Math.abs(d.width - 300)).toBeLessThanOrEqual(1);
    expect(Math.abs(d.height - 200)).toBeLessThanOrEqual(1);
    const [q1, q2, q3, q4] = d.pixels;
    expect(near(q1 ?? [0, 0, 0], [255, 0, 0]), JSON.stringify(d.pixels)).toBe(true);
    expect(near(q2 ?? [0, 0, 0], [0, 255, 0])).toBe(true);
    expect(near(q3 ?? [0, 0, 0], [0, 0, 255])).toBe(true);
    expect(near(q4 ?? [0, 0, 0], [255, 255, 0])).toBe(true);
    await page.close();
  });

  it("captures the task's tab while another tab is in front: its viewport and its whole page", async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/vision-article.html'));
    const other = await env().ff.open(env().server.url('/vision-chart.html'));
    await other.page.bringToFront();
    const active = await env().ff.panel.evaluate(async () =>
      (await chrome.tabs.query({ active: true })).map((t) => t.id),
    );
    expect(active).not.toContain(tabId);
    const view = await page.evaluate(() => ({
      w: document.documentElement.clientWidth,
      h: document.documentElement.clientHeight,
      full: document.documentElement.scrollHeight,
    }));
    const v = await shot(tabId, {});
    expect(v.of).toBe('viewport');
    const dv = await decode(page, await imageBytes(v.image), [[137, 99]]);
    expect(Math.abs(dv.width - view.w), JSON.stringify({ dv, view })).toBeLessThanOrEqual(1);
    expect(Math.abs(dv.height - view.h), JSON.stringify({ dv, view })).toBeLessThanOrEqual(1);
    // The badge of the task's tab, not the chart of the tab in front.
    expect(near(dv.pixels[0] ?? [0, 0, 0], BLUE), JSON.stringify(dv.pixels)).toBe(true);
    // Quality 40: a 1280×8000 image crosses BiDi twice (to the test, into the page to decode).
    const full = await shot(tabId, { fullPage: true, quality: 40 });
    expect(full.of).toBe('full page');
    expect(Math.abs(full.height - Math.min(view.full, 8000))).toBeLessThanOrEqual(1);
    const df = await decode(page, await imageBytes(full.image), [[137, 99]]);
    expect(df.height).toBe(full.height);
    expect(near(df.pixels[0] ?? [0, 0, 0], BLUE)).toBe(true);
    expect(
      await env().ff.panel.evaluate(async () => (await chrome.tabs.query({ active: true })).map((t) => t.id)),
    ).not.toContain(tabId);
    await other.page.close();
    await page.close();
  }, 120_000);
});
