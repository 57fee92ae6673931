/**
 * Screenshot helpers for e2e tests: fetch an image's bytes the way the panel does (`get_image` from an
 * extension page) and decode it in real Chromium (createImageBitmap), so sizes and colours are the
 * browser's own reading of the file, not a header parse alone.
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';
import type { ExtensionBrowser } from './browser';

export const ShotSchema = z.object({
  image: z.string(),
  of: z.string(),
  format: z.enum(['jpeg', 'png']),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  scale: z.enum(['css', 'device']),
  note: z.string().optional(),
});
export type Shot = z.infer<typeof ShotSchema>;

const ImageReply = z.object({
  ok: z.literal(true),
  data: z.object({ id: z.string(), mediaType: z.string(), data: z.string() }),
});

/** An extension page that asks the worker for image bytes over the panel's channel. */
export async function imageFetcher(browser: ExtensionBrowser): Promise<(id: string) => Promise<Buffer>> {
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${browser.extensionId}/sidepanel/index.html?tabId=999999`);
  return async (id) => {
    const reply: unknown = await page.evaluate((i) => chrome.runtime.sendMessage({ type: 'get_image', id: i }), id);
    return Buffer.from(ImageReply.parse(reply).data.data, 'base64');
  };
}

export interface Decoded {
  width: number;
  height: number;
  /** [r, g, b] at each requested point (image pixels). */
  pixels: [number, number, number][];
}

/**
 * Runs inside a page (Playwright's or Puppeteer's `evaluate`, so the Firefox suite decodes the same way):
 * decodes base64 PNG/JPEG with the browser's own decoder and samples pixels. Self-contained: it is
 * serialised into the page.
 */
export async function decodeInPage([b64, pts]: readonly [
  string,
  readonly (readonly [number, number])[],
]): Promise<Decoded> {
  const bin = atob(b64);
  const arr = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) arr[i] = bin.charCodeAt(i);
  const bmp = await createImageBitmap(new Blob([arr]));
  const canvas = new OffscreenCanvas(bmp.width, bmp.height);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d context');
  g.drawImage(bmp, 0, 0);
  const pixels = pts.map(([x, y]) => {
    const d = g.getImageData(x, y, 1, 1).data;
    const px: [number, number, number] = [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0];
    return px;
  });
  return { width: bmp.width, height: bmp.height, pixels };
}

/** Decodes PNG/JPEG bytes in a page and samples pixels. */
export async function decode(page: Page, bytes: Buffer, points: [number, number][] = []): Promise<Decoded> {
  return page.evaluate(decodeInPage, [bytes.toString('base64'), points] as const);
}

export function isJpeg(b: Buffer): boolean {
  return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b.at(-2) === 0xff && b.at(-1) === 0xd9;
}

export function isPng(b: Buffer): boolean {
  return b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}

/** Close to a colour, allowing for JPEG's error. */
export function near(px: [number, number, number], want: [number, number, number], tolerance = 48): boolean {
  return px.every((v, i) => Math.abs(v - (want[i] ?? 0)) <= tolerance);
}
