/**
 * Screenshot sizes on a high-density screen (device scale factor 2): the default JPEG q70 at CSS scale
 * must be at least 5× smaller than a lossless PNG at device scale on a long, dense article, and CSS
 * scale must give one image pixel per CSS pixel for crops too. Figures are printed for the docs.
 */
import { describe, expect, it } from 'vitest';
import { okData } from './support/frames';
import { decode, imageFetcher, isJpeg, isPng, ShotSchema } from './support/images';
import { useExtension } from './support/setup';

// A HiDPI screen: the browser's own scale factor, and the pages' (Playwright emulates the viewport's).
// No debugger infobar: attaching shows one, which shrinks the real window under Playwright's fixed
// emulated viewport, and a capture of the visible tab is then cut where the window now ends.
const env = useExtension({
  args: ['--force-device-scale-factor=2', '--silent-debugger-extension-api'],
  deviceScaleFactor: 2,
});

describe('screenshot size at device scale factor 2', () => {
  it('JPEG/70/CSS is at least 5× smaller than PNG at device scale on a long illustrated article', async () => {
    const fetchImage = await imageFetcher(env.browser);
    const lines: string[] = [];
    const ratios: Record<string, number> = {};
    // One tab for both pages: each new tab gets its own headless window, of its own size.
    const { page, tabId } = await env.browser.open(env.server.url('/vision-article.html?photos=1'));
    for (const [label, path] of [
      ['illustrated article', '/vision-article.html?photos=1'],
      ['text-only article', '/vision-article.html'],
    ] as const) {
      if (!page.url().endsWith(path)) await page.goto(env.server.url(path));
      expect(await page.evaluate(() => window.devicePixelRatio)).toBe(2);
      const shot = async (args: Record<string, unknown>) =>
        ShotSchema.parse(okData(await env.browser.tool('screenshot', args, { tabId, mode: 'ask' })));
      const view = await page.evaluate(() => ({
        w: document.documentElement.clientWidth,
        h: document.documentElement.clientHeight,
      }));
      const jpeg = await shot({});
      const png = await shot({ format: 'png', scale: 'device' });
      const jpegBytes = await fetchImage(jpeg.image);
      const pngBytes = await fetchImage(png.image);
      expect(isJpeg(jpegBytes)).toBe(true);
      expect(isPng(pngBytes)).toBe(true);
      const dj = await decode(page, jpegBytes);
      const dp = await decode(page, pngBytes);
      const dims = JSON.stringify({ label, view, dj, dp, scrollY: await page.evaluate(() => window.scrollY) });
      expect(Math.abs(dj.width - view.w), dims).toBeLessThanOrEqual(1);
      expect(Math.abs(dj.height - view.h), dims).toBeLessThanOrEqual(1);
      expect(Math.abs(dp.width - 2 * view.w), dims).toBeLessThanOrEqual(2);
      expect(Math.abs(dp.height - 2 * view.h), dims).toBeLessThanOrEqual(2);
      const ratio = pngBytes.length / jpegBytes.length;
      ratios[label] = ratio;
      const full = await shot({ fullPage: true });
      lines.push(
        `${label}, viewport ${view.w}×${view.h} CSS px at DPR 2:`,
        `  JPEG q70 CSS scale  ${dj.width}×${dj.height}  ${jpegBytes.length} bytes`,
        `  PNG device scale    ${dp.width}×${dp.height}  ${pngBytes.length} bytes`,
        `  PNG/JPEG ${ratio.toFixed(1)}×; full page JPEG q70 CSS ${full.width}×${full.height} ${full.bytes} bytes`,
      );
    }
    await page.close();
    console.log(lines.join('\n'));
    expect(ratios['illustrated article']).toBeGreaterThanOrEqual(5);
    // Plain text on white is PNG's best case; JPEG still wins, by less.
    expect(ratios['text-only article']).toBeGreaterThan(1.5);
  }, 180_000);

  it('crops in CSS pixels by default and in device pixels on request', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/vision-article.html'));
    const box = await page.locator('#badge').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { width: r.width, height: r.height };
    });
    const css = ShotSchema.parse(okData(await env.browser.tool('screenshot', { selector: '#badge' }, { tabId })));
    const device = ShotSchema.parse(
      okData(await env.browser.tool('screenshot', { selector: '#badge', scale: 'device' }, { tabId })),
    );
    expect(Math.abs(css.width - box.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(css.height - box.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(device.width - 2 * box.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(device.height - 2 * box.height)).toBeLessThanOrEqual(2);
    await page.close();
  });
});
