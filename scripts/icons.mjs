#!/usr/bin/env node
// `npm run icons`: renders assets/icon.svg (the one source) to the PNG sizes Chrome and the Web Store
// use (16, 32, 48, 128) in assets/icons/, with Debian's Chromium through playwright-core (already a
// dependency: no rasterizer to install, no binary downloaded). The PNGs are committed; rerun this
// after editing the SVG.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = [16, 32, 48, 128];
const svg = readFileSync(path.join(ROOT, 'assets/icon.svg'), 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.WB_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const file = path.join(ROOT, `assets/icons/icon-${size}.png`);
    await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`icons: wrote ${path.relative(ROOT, file)}`);
  }
} finally {
  await browser.close();
}
