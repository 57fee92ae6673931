// `node scripts/bench/ab-cpu.mjs --base <checkout> [--elements 10000] [--runs 11] [--per 3] [--fresh]`:
// an A/B of two tree builders (issue 26) that a loaded machine cannot blur. Both builders (this
// checkout's `content-scripts/ax/` and the one of `--base`, e.g. `git worktree add /tmp/base main`)
// are bundled into the same synthetic page and run interleaved; each is charged the renderer main
// thread's CPU time (CDP `Performance.getMetrics` ThreadTime), which other jobs' preemption does not
// inflate, unlike wall time. `--fresh` changes a custom property on the root before every build, so
// styles resolve afresh (a page's first read, a read after a change) instead of from Chromium's caches.
// Prints the median CPU ms per build of each and whether both printed the same tree (refs aside).
import { parseArgs } from 'node:util';
import { openAbPage } from './ab-page.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    elements: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '11' },
    per: { type: 'string', default: '3' },
    fresh: { type: 'boolean', default: false },
  },
});
if (!values.base) throw new Error('ab-cpu: --base <checkout> is required (a checkout with node_modules reachable)');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const OPTIONS = {
  filter: 'all',
  maxDepth: 100,
  maxChars: 1_000_000,
  page: 1,
  testIdAttributes: ['data-testid'],
  maxTextChars: 300,
  omit: [],
};

const { page, close } = await openAbPage({ base: values.base, elements: values.elements });
try {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const cpu = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value * 1000;
  const per = Number(values.per);
  const run = (name) =>
    page.evaluate(
      ([n, o, count, fresh]) => {
        let tree = '';
        for (let i = 0; i < count; i++) {
          if (fresh) document.documentElement.style.setProperty('--ab-fresh', String(Math.random()));
          const r = globalThis[n].generate(o);
          tree = r.ok ? r.data.tree.replace(/ref_\d+/g, 'ref') : `error: ${r.error.message}`;
        }
        return tree;
      },
      [name, OPTIONS, per, values.fresh],
    );
  const same = (await run('__abBase')) === (await run('__abNew'));
  const ms = { __abBase: [], __abNew: [] };
  for (let i = 0; i < Number(values.runs); i++) {
    for (const name of i % 2 ? ['__abBase', '__abNew'] : ['__abNew', '__abBase']) {
      const before = await cpu();
      await run(name);
      ms[name].push(((await cpu()) - before) / per);
    }
  }
  const base = median(ms.__abBase);
  const now = median(ms.__abNew);
  console.log(
    `ab-cpu: ${values.elements} elements${values.fresh ? ', fresh styles' : ''}: base ${base.toFixed(1)} ms, this checkout ${now.toFixed(1)} ms CPU per build (${(now / base).toFixed(3)}×), same tree: ${same}`,
  );
} finally {
  await close();
}
