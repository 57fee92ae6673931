// `npm run bench:find [-- --runs N]`: only the find / text_search part of `npm run bench`
// (find-measure.mjs) on the synthetic 1k/10k/50k pages, for a quick look while working on them.
// Figures are printed and written to tests/.out/bench-find.json; the committed figures come from
// `npm run bench` (docs/bench-results.json, docs/benchmarks.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDist, loadSupport, ROOT } from '../lib/support.mjs';
import { FIND_AIM, measureFind } from './find-measure.mjs';
import { syntheticPage } from './synthetic.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 5) {
  console.error('bench:find: --runs must be an integer ≥ 5 (medians of at least 5)');
  process.exit(2);
}
const SIZES = (process.env.WB_FIND_SIZES ?? '1000,10000,50000').split(',').map(Number);

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
const rows = [];
try {
  for (const n of SIZES) {
    console.error(`bench:find: synthetic ${n}`);
    const { page, tabId } = await browser.open(server.url(`/bench/find-${n}.html`));
    await page.locator('footer').first().waitFor({ state: 'attached' });
    const row = { page: `synthetic-${n / 1000}k`, ...(await measureFind(browser, tabId, RUNS)) };
    rows.push(row);
    console.log(
      `${row.page}: tree ${row.treeBuildMs} ms · find ${row.findMs} ms (×${row.findRatio}) · text_search ${row.textSearchMs} ms (×${row.textSearchRatio}) · aim ≤ ${FIND_AIM} · model text ${row.findModelChars} / ${row.textSearchModelChars} chars`,
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
  `${JSON.stringify({ runs: RUNS, aim: FIND_AIM, rows, when: new Date().toISOString() }, null, 2)}\n`,
);
