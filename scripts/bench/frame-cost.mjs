// What every frame pays before the agent is used (issue 16 item 12): the JS heap of a page with 40
// same-origin frames, with the extension and without it, in the same run. Same-origin frames share
// one renderer isolate, and CDP Runtime.getHeapUsage reports that isolate's whole heap (the page's
// worlds and the extension's isolated worlds), so the difference divided by the frame count is
// what one frame costs. Measured after HeapProfiler.collectGarbage, on a fresh page each time.
import { chromium } from 'playwright-core';

export const FRAME_COUNT = 40;
const CHILD = '/bench/frame-child.html';
export const FRAMES_PAGE = '/bench/frames-40.html';

/** Registers the 40-frame page and its child on the fixture server. */
export function routeFramePages(server) {
  const childHtml =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>child</title></head><body>' +
    '<h2>Frame</h2><p>A small embedded form, like a comment box or a widget.</p>' +
    '<form><label>Name <input name="n"></label><label>Note <textarea name="t"></textarea></label>' +
    '<button type="button">Send</button></form><a href="#more">More</a></body></html>';
  const frames = Array.from(
    { length: FRAME_COUNT },
    (_, i) => `<iframe title="frame ${i}" src="${CHILD}?i=${i}"></iframe>`,
  );
  const pageHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>40 frames</title></head><body><h1>Forty frames</h1>${frames.join('')}</body></html>`;
  for (const [p, html] of [
    [CHILD, childHtml],
    [FRAMES_PAGE, pageHtml],
  ]) {
    server.route(p, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(html);
    });
  }
}

async function heapAfterGc(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

async function settle(page) {
  await page.waitForLoadState('load');
  // document_idle comes after load at the latest; leave the page (and the always-on script) to settle.
  await page.waitForTimeout(1_000);
}

/** Waits until the always-on core ran in every frame of the tab (so the heap includes it). */
async function waitForCoreEverywhere(ext, tabId) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await ext.worker.evaluate(async (id) => {
      const results = await globalThis.chrome.scripting.executeScript({
        target: { tabId: id, allFrames: true },
        world: 'MAIN',
        // The core answers its query event synchronously (content-scripts/frames/edit-log-events.ts).
        func: () => {
          let answered = false;
          const on = () => {
            answered = true;
          };
          window.addEventListener('weaverbird-edit-log-done', on, true);
          document.dispatchEvent(new globalThis.CustomEvent('weaverbird-edit-log-query'));
          window.removeEventListener('weaverbird-edit-log-done', on, true);
          return answered;
        },
      });
      return results.filter((r) => r.result === true).length;
    }, tabId);
    if (ready >= FRAME_COUNT + 1) return;
    if (Date.now() > deadline) throw new Error(`bench: the always-on core ran in ${ready}/${FRAME_COUNT + 1} frames`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Heap of the 40-frame page in a plain Chromium and in one with the extension, `runs` fresh pages
 * each (medians), plus the extension's heap once a full tree read touched every frame (informational:
 * the cost of use, not of presence).
 */
export async function measureFrameCost({ server, ext, chromiumPath, args, runs, median }) {
  const url = server.url(FRAMES_PAGE);
  const plain = await chromium.launch({ executablePath: chromiumPath, headless: true, args });
  const plainContext = await plain.newContext();
  const without = [];
  const withExt = [];
  const touched = [];
  try {
    for (let i = 0; i < runs; i++) {
      const p = await plainContext.newPage();
      await p.goto(url);
      await settle(p);
      without.push(await heapAfterGc(plainContext, p));
      await p.close();

      const { page, tabId } = await ext.open(url);
      await settle(page);
      // The probe runs in the page's MAIN world, like the core: it creates no isolated world.
      await waitForCoreEverywhere(ext, tabId);
      withExt.push(await heapAfterGc(ext.context, page));
      const read = await ext.tool('get_accessibility_tree', { filter: 'all' }, { tabId });
      if (!read.ok) throw new Error(`bench: tree read on the 40-frame page failed: ${read.error.message}`);
      touched.push(await heapAfterGc(ext.context, page));
      await page.close();
    }
  } finally {
    await plain.close();
  }
  const frames = FRAME_COUNT + 1;
  const mb = (b) => Math.round((b / 1024 / 1024) * 1000) / 1000;
  const w = median(withExt);
  const wo = median(without);
  const t = median(touched);
  return {
    frames,
    runs,
    heapWithoutMB: mb(wo),
    heapWithMB: mb(w),
    heapPerFrameMB: mb((w - wo) / frames),
    heapAfterTreeReadMB: mb(t),
    heapPerFrameAfterTreeReadMB: mb((t - wo) / frames),
    samples: { without, with: withExt, afterTreeRead: touched },
  };
}
