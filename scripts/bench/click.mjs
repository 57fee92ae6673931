// The click section of `npm run bench` (docs/action-evidence.md#cost): what a click_ax costs from the
// caller. A click that changes nothing on a settled page is timed inside the service worker (what the
// agent pays) and from Node (what the console pays); its floor is `scroll {ref_id}` on the same button
// (the same message path, ref resolution and scrollIntoView, no observation), so click − floor is what
// the observation window and the evidence cost. A click whose POST is refused (a 422 and a toast) shows
// what a click with evidence to report costs. Fixture: tests/fixtures/pages/actions-evidence.html.
import { performance } from 'node:perf_hooks';

const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function refOf(browser, tabId, pattern) {
  const reply = await browser.tool('get_accessibility_tree', { filter: 'interactive' }, { tabId });
  if (!reply.ok) throw new Error(`click bench: tree read failed: ${reply.error.message}`);
  const line = String(reply.data.tree ?? '')
    .split('\n')
    .find((l) => pattern.test(l));
  const ref = /\[(ref_\d+)\]/.exec(line ?? '')?.[1];
  if (!ref) throw new Error(`click bench: no line matches ${pattern}`);
  return ref;
}

async function inWorker(browser, tabId, tool, args) {
  const { ms, ok, message } = await browser.worker.evaluate(
    async ([id, name, a]) => {
      const t0 = performance.now();
      const r = await globalThis.wb.tool(name, a, { tabId: id, mode: 'act' });
      return { ms: performance.now() - t0, ok: r.ok, message: r.ok ? '' : r.error.message };
    },
    [tabId, tool, args],
  );
  if (!ok) throw new Error(`click bench: ${tool} failed: ${message}`);
  return ms;
}

export async function measureClick({ browser, server, runs, median }) {
  server.route('/api/orders', (_req, res) => {
    res.writeHead(422, { 'content-type': 'application/json' });
    res.end('{"error":"card declined"}');
  });
  const { page, tabId } = await browser.open(server.url('/actions-evidence.html'));
  try {
    const noop = await refOf(browser, tabId, /button "Nothing here"/);
    const order = await refOf(browser, tabId, /button "Place order"/);
    const n = runs * 3;
    const clickMs = [];
    const nodeMs = [];
    const floorMs = [];
    const evidenceMs = [];
    for (let i = 0; i < n; i++) {
      floorMs.push(await inWorker(browser, tabId, 'scroll', { ref_id: noop }));
      clickMs.push(await inWorker(browser, tabId, 'click_ax', { ref_id: noop }));
      const t0 = performance.now();
      const r = await browser.tool('click_ax', { ref_id: noop }, { tabId, mode: 'act' });
      nodeMs.push(performance.now() - t0);
      if (!r.ok || r.data.verified !== false) throw new Error('click bench: the no-op click reported a change');
    }
    for (let i = 0; i < runs; i++) evidenceMs.push(await inWorker(browser, tabId, 'click_ax', { ref_id: order }));
    const noopMs = median(clickMs);
    const floor = median(floorMs);
    return {
      runs: n,
      noopClickMs: round(noopMs),
      noopClickNodeMs: round(median(nodeMs)),
      floorMs: round(floor),
      evidenceCostMs: round(noopMs - floor),
      evidenceClickMs: round(median(evidenceMs)),
    };
  } finally {
    await page.close();
  }
}
