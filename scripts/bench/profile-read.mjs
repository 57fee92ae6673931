// `node scripts/bench/profile-read.mjs [--elements 10000] [--runs 5]`: where a whole deep read's time
// goes (issue 26). Reads the bench's synthetic page through the tool as the bench does (filter all,
// maxChars 1e6), under V8's sampling profiler in the page's renderer (content scripts run there, in
// their isolated world), and prints the caller's, the worker's and the page's share of each read and
// the functions with the most self time. Uses dist/ (built when stale), or the build `--dist` names.
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { ensureDist, loadSupport } from '../lib/support.mjs';
import { syntheticPage } from './synthetic.mjs';

const { values } = parseArgs({
  options: {
    elements: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
    // An unminified build reads better: npx vite build --minify false --outDir /tmp/dist-plain
    dist: { type: 'string' },
  },
});
const ELEMENTS = Number(values.elements);
const RUNS = Number(values.runs);
const ARGS = { filter: 'all', maxChars: 1_000_000 };

if (!values.dist) await ensureDist();
const { launchWithExtension, startFixtureServer } = await loadSupport();
const server = await startFixtureServer();
server.route('/profile.html', (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(syntheticPage(ELEMENTS).html);
});
const browser = await launchWithExtension([], values.dist);
try {
  browser.context.setDefaultNavigationTimeout(180_000);
  const { page, tabId } = await browser.open(server.url('/profile.html'));
  await page.locator('footer').first().waitFor({ state: 'attached' });
  await browser.tool('get_accessibility_tree', ARGS, { tabId });

  const rows = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = await browser.tool('get_accessibility_tree', ARGS, { tabId });
    const callerMs = performance.now() - t0;
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    const w = await browser.worker.evaluate(
      async ({ id, args }) => {
        const t = performance.now();
        const reply = await globalThis.wb.tool('get_accessibility_tree', args, { tabId: id });
        return { ms: performance.now() - t, build: reply.ok ? reply.data.stats.buildMs : -1 };
      },
      { id: tabId, args: ARGS },
    );
    rows.push({ callerMs, workerMs: w.ms, buildMs: w.build, chars: r.data.tree.length });
  }
  const med = (k) => rows.map((r) => r[k]).sort((a, b) => a - b)[rows.length >> 1];
  console.log(
    `${ELEMENTS} elements, ${med('chars')} chars: caller ${med('callerMs').toFixed(1)} ms, worker ${med('workerMs').toFixed(1)} ms, page build ${med('buildMs').toFixed(1)} ms (medians of ${RUNS})`,
  );

  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  for (let i = 0; i < RUNS; i++) await browser.tool('get_accessibility_tree', ARGS, { tabId });
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`page renderer, ${RUNS} reads, self time (ms, share):`);
  for (const [k, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${ms.toFixed(1).padStart(9)}  ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
} finally {
  await browser.close();
  await server.close();
}
