// `npm run bench:find [-- --runs N]`: in-page time of `find` and `text_search` on the synthetic
// 1k/10k/50k pages as a ratio to a full tree build on the same page in the same run (aim ≤ 0.5;
// issue 12), medians of N interleaved runs, each timed inside the page (the `ms` / `buildMs` the
// content script reports), so transport is left out. Figures are printed and written to
// tests/.out/bench-find.json, never asserted (DEVELOPERS.md: speed is proven by the bench).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDist, loadSupport, ROOT } from '../lib/support.mjs';
import { syntheticPage } from './synthetic.mjs';

const AIM = 0.5;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 5) {
  console.error('bench:find: --runs must be an integer ≥ 5 (medians of at least 5)');
  process.exit(2);
}
const SIZES = (process.env.WB_FIND_SIZES ?? '1000,10000,50000').split(',').map(Number);
// Queries a model would ask on these pages: a form control, a row's checkbox, a word in the prose.
const FIND_QUERIES = ['send button', 'select row 3-4', 'add to cart'];
const SEARCH_TEXTS = ['river', 'Add to cart'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

if (await ensureDist()) console.error('bench:find: built dist/');
const { launchWithExtension, startFixtureServer } = await loadSupport();
const server = await startFixtureServer();
for (const n of SIZES) {
  const { html } = syntheticPage(n);
  server.route(`/bench/find-${n}.html`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
}
const browser = await launchWithExtension();

/** One page tool run in the page itself (the worker's bridge message), returning the page's own timing. */
async function inPage(tabId, tool, args) {
  const reply = await browser.worker.evaluate(
    ([id, t, a]) => globalThis.chrome.tabs.sendMessage(id, { type: 'tool', tool: t, args: a }, { frameId: 0 }),
    [tabId, tool, args],
  );
  if (!reply?.ok) throw new Error(`${tool}: ${reply?.error?.message ?? 'no reply'}`);
  return tool === 'get_accessibility_tree' ? reply.data.stats.buildMs : reply.data.ms;
}

const rows = [];
try {
  for (const n of SIZES) {
    console.error(`bench:find: synthetic ${n}`);
    const { page, tabId } = await browser.open(server.url(`/bench/find-${n}.html`));
    await page.locator('footer').first().waitFor({ state: 'attached' });
    const tree = () => inPage(tabId, 'get_accessibility_tree', { filter: 'all', maxChars: 1_000_000 });
    const find = (q) => inPage(tabId, 'find', { query: q, maxCandidates: 20 });
    const search = (t) => inPage(tabId, 'text_search', { text: t, maxMatches: 200 });
    await tree();
    await find(FIND_QUERIES[0]);
    await search(SEARCH_TEXTS[0]);
    const treeMs = [];
    const findMs = [];
    const searchMs = [];
    for (let i = 0; i < RUNS; i++) {
      treeMs.push(await tree());
      findMs.push(await find(FIND_QUERIES[i % FIND_QUERIES.length]));
      searchMs.push(await search(SEARCH_TEXTS[i % SEARCH_TEXTS.length]));
    }
    const t = median(treeMs);
    const row = {
      page: `synthetic-${n / 1000}k`,
      treeBuildMs: round(t, 1),
      findMs: round(median(findMs), 1),
      textSearchMs: round(median(searchMs), 1),
      findRatio: round(median(findMs) / t),
      textSearchRatio: round(median(searchMs) / t),
    };
    rows.push(row);
    console.log(
      `${row.page}: tree ${row.treeBuildMs} ms · find ${row.findMs} ms (×${row.findRatio}) · text_search ${row.textSearchMs} ms (×${row.textSearchRatio}) · aim ≤ ${AIM}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
mkdirSync(path.join(ROOT, 'tests/.out'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'tests/.out/bench-find.json'),
  `${JSON.stringify({ runs: RUNS, aim: AIM, rows, when: new Date().toISOString() }, null, 2)}\n`,
);
