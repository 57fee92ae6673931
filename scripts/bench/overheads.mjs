// The per-call overheads section of `npm run bench` (issue 26, docs/benchmarks.md#per-call-overheads):
// what a cheap call costs from the caller. get_page_info and a later page of a paged read (served from
// the snapshot's revision: no re-walk) are timed inside the service worker (what the agent pays) and
// from Node (what the console pays, plus the Node → worker hop, measured alone as `hopMs`). The
// browser calls each of them makes are timed alone in the worker (`parts`) so the floor is visible.
// Fixture: the synthetic 10k page (synthetic.mjs), whose whole read takes several pages.
import { performance } from 'node:perf_hooks';
import { syntheticPage } from './synthetic.mjs';

const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** One tool call timed inside the worker, and its reply. */
async function inWorker(browser, tabId, tool, args) {
  const { ms, reply } = await browser.worker.evaluate(
    async ([id, name, a]) => {
      const t0 = performance.now();
      const r = await globalThis.wb.tool(name, a, { tabId: id, mode: 'act' });
      return { ms: performance.now() - t0, reply: r };
    },
    [tabId, tool, args],
  );
  if (!reply.ok) throw new Error(`overheads bench: ${tool} failed: ${reply.error.message}`);
  return { ms, reply };
}

async function fromNode(browser, tabId, tool, args) {
  const t0 = performance.now();
  const reply = await browser.tool(tool, args, { tabId, mode: 'act' });
  const ms = performance.now() - t0;
  if (!reply.ok) throw new Error(`overheads bench: ${tool} failed: ${reply.error.message}`);
  return ms;
}

/** The browser calls on the hot path, each alone in the worker: the floor a tool call cannot go under. */
async function parts(browser, tabId, n, median) {
  return browser.worker
    .evaluate(
      async ([id, runs]) => {
        const time = async (f) => {
          const xs = [];
          for (let i = 0; i < runs; i++) {
            const t0 = performance.now();
            await f();
            xs.push(performance.now() - t0);
          }
          return xs;
        };
        const c = globalThis.chrome;
        return {
          // The message to the page and back, nothing else: the floor of any call that reads the page.
          pageMessage: await time(() =>
            c.tabs.sendMessage(
              id,
              { type: 'tool', tool: 'page_info', args: {}, refFloor: 0, expiresAt: Date.now() + 10_000 },
              { frameId: 0 },
            ),
          ),
          tabsGet: await time(() => c.tabs.get(id)),
          getAllFrames: await time(() => c.webNavigation.getAllFrames({ tabId: id })),
          sessionGet: await time(() => c.storage.session.get('wb-bench-none')),
          localGet: await time(() => c.storage.local.get('wb-bench-none')),
        };
      },
      [tabId, n],
    )
    .then((r) => Object.fromEntries(Object.entries(r).map(([k, xs]) => [k, round(median(xs))])));
}

export async function measureOverheads({ browser, server, runs, median }) {
  // A route of its own: an `--only overheads` run routes none of the tree pages.
  const { html } = syntheticPage(10_000);
  server.route('/bench/overheads-10k.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  const { page, tabId } = await browser.open(server.url('/bench/overheads-10k.html'));
  try {
    await page.waitForSelector('footer');
    const n = runs * 3;
    const first = await inWorker(browser, tabId, 'get_accessibility_tree', {});
    const next = first.reply.data.continuationArgs;
    if (!next) throw new Error('overheads bench: the 10k page read in one page; nothing to page');
    const pageInfo = { worker: [], node: [] };
    const laterPage = { worker: [], node: [] };
    const hop = [];
    for (let i = 0; i < n; i++) {
      pageInfo.worker.push((await inWorker(browser, tabId, 'get_page_info', {})).ms);
      pageInfo.node.push(await fromNode(browser, tabId, 'get_page_info', {}));
      const later = await inWorker(browser, tabId, 'get_accessibility_tree', next);
      if (later.reply.data.stats.buildMs !== 0) throw new Error('overheads bench: a later page re-walked the page');
      laterPage.worker.push(later.ms);
      laterPage.node.push(await fromNode(browser, tabId, 'get_accessibility_tree', next));
      const t0 = performance.now();
      await browser.worker.evaluate(() => 0);
      hop.push(performance.now() - t0);
    }
    return {
      runs: n,
      pageInfoMs: round(median(pageInfo.worker)),
      pageInfoNodeMs: round(median(pageInfo.node)),
      laterPageMs: round(median(laterPage.worker)),
      laterPageNodeMs: round(median(laterPage.node)),
      hopMs: round(median(hop)),
      parts: await parts(browser, tabId, n, median),
    };
  } finally {
    await page.close();
  }
}

export function printOverheads(o) {
  const p = Object.entries(o.parts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(
    `per-call overheads (median of ${o.runs}, synthetic 10k page): get_page_info ${o.pageInfoMs} ms in the worker, ${o.pageInfoNodeMs} ms from Node; a later page of a paged read ${o.laterPageMs} ms in the worker, ${o.laterPageNodeMs} ms from Node; the Node → worker hop alone ${o.hopMs} ms; browser calls alone (ms): ${p}`,
  );
}
