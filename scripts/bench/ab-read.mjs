// `node scripts/bench/ab-read.mjs --a <dist> --b <dist> [--elements 10000] [--runs 7] [--rounds 2]`: an A/B
// of whole deep reads through the extension (issue 26), where ab-cpu.mjs compares the bare builders. Each
// round launches Chromium with each build in turn (order alternating), reads the bench's synthetic page
// through the tool as the bench does (filter all, maxChars 1e6) and charges each read the page renderer's
// main-thread CPU time (CDP ThreadTime: the build, the closed-shadow door's extension API calls and the
// reply's serialization, which a loaded machine's preemption does not inflate) and the caller's wall time.
// Build each side first, e.g. `npx vite build --outDir /tmp/dist-a` in each checkout.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadSupport } from '../lib/support.mjs';
import { syntheticPage } from './synthetic.mjs';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    elements: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '7' },
    rounds: { type: 'string', default: '2' },
  },
});
if (!values.a || !values.b) throw new Error('ab-read: --a <dist> and --b <dist> are required');
const ARGS = { filter: 'all', maxChars: 1_000_000 };

const { launchWithExtension, startFixtureServer } = await loadSupport();
const server = await startFixtureServer();
server.route('/ab-read.html', (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(syntheticPage(Number(values.elements)).html);
});

async function measure(dist, into) {
  const browser = await launchWithExtension([], dist);
  try {
    browser.context.setDefaultNavigationTimeout(180_000);
    const { page, tabId } = await browser.open(server.url('/ab-read.html'));
    await page.locator('footer').first().waitFor({ state: 'attached' });
    await browser.tool('get_accessibility_tree', ARGS, { tabId });
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const cpu = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value * 1000;
    for (let i = 0; i < Number(values.runs); i++) {
      const c0 = await cpu();
      const t0 = performance.now();
      const r = await browser.tool('get_accessibility_tree', ARGS, { tabId });
      const wall = performance.now() - t0;
      const c1 = await cpu();
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      into.cpu.push(c1 - c0);
      into.wall.push(wall);
    }
  } finally {
    await browser.close();
  }
}

const sides = { a: { cpu: [], wall: [] }, b: { cpu: [], wall: [] } };
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const side of round % 2 ? ['b', 'a'] : ['a', 'b']) await measure(values[side], sides[side]);
  }
} finally {
  await server.close();
}
const q = (xs, f) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * f)];
for (const side of ['a', 'b']) {
  const s = sides[side];
  console.log(
    `ab-read ${side} (${values[side]}): page CPU per read median ${q(s.cpu, 0.5).toFixed(1)} ms (25th percentile ${q(s.cpu, 0.25).toFixed(1)}), caller ${q(s.wall, 0.5).toFixed(1)} ms, ${s.cpu.length} reads of ${values.elements} elements`,
  );
}
console.log(`ab-read: b/a page CPU ${(q(sides.b.cpu, 0.5) / q(sides.a.cpu, 0.5)).toFixed(3)}×`);
