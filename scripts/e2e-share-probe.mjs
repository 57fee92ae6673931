// Measures what one file's pages can do to the next file's in one long-lived Chromium with the built
// extension, as the shared e2e browser runs them (docs/testing.md, "Sharing one browser"):
//   1. a page busy in a long script, then a page of another fixture server on the same site
//      (127.0.0.1, another port) and one on another site (127.0.0.2): does the new page load and
//      paint animation frames while the busy one runs (a shared renderer process would stop it)?
//   2. the same with the busy page closed just before;
//   3. pages left with an open confirm(), a beforeunload handler after typing, and a chrome.debugger
//      session of the extension: how long each close takes, what tabs and sessions remain;
//   4. tabs in one window, one of them opened by the extension: visibility and frame rate of each;
//   5. a page that took a Playwright click and one that took no input, once a newer tab is the
//      window's active one: the frame rate of each.
// Usage: npm run build && node scripts/e2e-share-probe.mjs   (prints one line per measurement)
/* global chrome, confirm -- evaluated in the extension worker and the page, not in Node */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const DIST = path.resolve('dist');
const HTML = `<!doctype html><title>probe</title><input id="i"><script>
  window.frames_ = 0; const tick = () => { window.frames_++; requestAnimationFrame(tick); }; requestAnimationFrame(tick);
</script>`;

async function serve(host) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(HTML);
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://${host}:${port}/`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const within = (promise, ms) => Promise.race([promise, sleep(ms).then(() => 'TIMED OUT')]);

/** Animation frames a page paints in one second. */
async function frameRate(page) {
  const f0 = await page.evaluate(() => window.frames_);
  await sleep(1000);
  return (await page.evaluate(() => window.frames_)) - f0;
}

async function openTimed(context, url) {
  const t0 = Date.now();
  const page = await context.newPage();
  const loaded = await within(page.goto(url), 20_000);
  return { page, loadMs: Date.now() - t0, loaded: loaded !== 'TIMED OUT' };
}

async function busyThenOpen(context, servers, closeBusy) {
  const busy = await context.newPage();
  await busy.goto(servers.a.origin);
  await busy.evaluate(() => {
    setTimeout(() => {
      const until = Date.now() + 8000;
      while (Date.now() < until) {
        /* busy */
      }
    }, 50);
  });
  await sleep(300);
  if (closeBusy) console.log(`  closed the busy page in ${await timed(() => busy.close())} ms`);
  for (const [label, server] of [
    ['same site (127.0.0.1, other port)', servers.b],
    ['other site (127.0.0.2)', servers.c],
  ]) {
    const { page, loadMs, loaded } = await openTimed(context, server.origin);
    const rate = loaded ? await within(frameRate(page), 10_000) : 'no load';
    console.log(`  ${label}: loaded ${loaded} in ${loadMs} ms, ${rate} frames/s`);
    await page.close();
  }
  if (!closeBusy) await busy.close();
}

async function timed(fn) {
  const t0 = Date.now();
  const r = await within(fn(), 15_000);
  return r === 'TIMED OUT' ? 'TIMED OUT (15 s)' : Date.now() - t0;
}

async function leftOpen(context, worker, origin) {
  const tabs = () =>
    worker.evaluate(async () => (await chrome.tabs.query({})).map((t) => `${t.id}${t.active ? '*' : ''} ${t.url}`));
  const a = await context.newPage();
  await a.goto(`${origin}?dialog`);
  a.on('dialog', () => undefined); // keeps it open, as dialogs.e2e.ts does
  await a.evaluate(() => setTimeout(() => confirm('left open'), 0));
  const b = await context.newPage();
  await b.goto(`${origin}?beforeunload`);
  await b.evaluate(() => (window.onbeforeunload = (e) => e.preventDefault()));
  await b.click('#i');
  await b.keyboard.type('unsaved');
  const bId = await worker.evaluate(async (u) => (await chrome.tabs.query({ url: u })).at(0)?.id, b.url());
  await worker.evaluate((id) => chrome.debugger.attach({ tabId: id }, '1.3'), bId);
  await worker.evaluate((u) => chrome.tabs.create({ url: u }), `${origin}?extension-tab`);
  await sleep(1500);
  console.log(`  tabs: ${(await tabs()).join(' | ')}`);
  for (const page of context.pages()) {
    const state = await within(
      page.evaluate(() => document.visibilityState),
      3000,
    ).catch((e) => `error ${String(e).slice(0, 60)}`);
    const rate = page.url().startsWith('http') ? await within(frameRate(page), 5000).catch(() => 'error') : '-';
    console.log(`  ${page.url()}: ${state}, ${rate} frames/s`);
  }
  for (const page of context.pages()) {
    console.log(`  close ${page.url()}: ${await timed(() => page.close({ runBeforeUnload: false }))} ms`);
  }
  console.log(`  tabs after: ${(await tabs()).length}`);
  const next = await openTimed(context, `${origin}?next-file`);
  console.log(`  next page: loaded ${next.loaded} in ${next.loadMs} ms, ${await frameRate(next.page)} frames/s`);
  await next.page.close();
}

async function inputThenNewTab(context, origin) {
  const idle = await context.newPage();
  await idle.goto(`${origin}?no-input`);
  const clicked = await context.newPage();
  await clicked.goto(`${origin}?clicked`);
  await clicked.click('#i');
  const rates = async () => `no input ${await frameRate(idle)}, clicked ${await frameRate(clicked)} frames/s`;
  console.log(`  before: ${await rates()}`);
  const newer = await context.newPage();
  await newer.goto(`${origin}?newer`);
  console.log(`  a newer tab is active: ${await rates()}`);
  await newer.close();
  console.log(`  the newer tab closed: ${await rates()}`);
  await idle.close();
  await clicked.close();
}

const profile = mkdtempSync(path.join(os.tmpdir(), 'wb-probe-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.WB_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    `--disable-extensions-except=${DIST}`,
    `--load-extension=${DIST}`,
  ],
  viewport: { width: 1280, height: 900 },
});
const servers = { a: await serve('127.0.0.1'), b: await serve('127.0.0.1'), c: await serve('127.0.0.2') };
try {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  console.log(`Chromium ${context.browser()?.version()}, load ${os.loadavg()[0].toFixed(1)}`);
  console.log('1. a busy page stays open:');
  await busyThenOpen(context, servers, false);
  console.log('2. the busy page was just closed:');
  await busyThenOpen(context, servers, true);
  console.log('3+4. pages left with a dialog, beforeunload, a debugger session, an extension tab:');
  await leftOpen(context, worker, servers.a.origin);
  console.log('5. input, then a newer tab:');
  await inputThenNewTab(context, servers.a.origin);
} finally {
  await context.close();
  for (const s of Object.values(servers)) s.close();
  rmSync(profile, { recursive: true, force: true });
}
