// `npm run bench [-- --runs N] [-- --only NAME] [-- --check]`: our accessibility tree against Playwright's
// AI aria snapshot on the same pages in the same run, interleaved, medians of N runs; token counts (o200k)
// of our full tree, Playwright's snapshot and Chrome's raw CDP tree; page-script sizes and the JS heap
// every frame pays before the agent is used (frame-cost.mjs). `--check` exits 1 when a target is missed.
// Writes tests/.out/bench.json (every sample) and, for a full run, docs/bench-results.json (no
// samples), from which `npm run docs` renders the table in docs/benchmarks.md. Figures are printed, not asserted (DEVELOPERS.md: speed is proven
// by the bench, never by timed assertions in tests).
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { ensureDist, loadSupport, ROOT } from '../lib/support.mjs';
import { checkTargets, KNOWN_TOKEN_PAGES_FILE, summarize, TARGETS } from './check.mjs';
import { measureClick } from './click.mjs';
import { BENCH_PAGES } from './pages.mjs';
import { measureOverheads, printOverheads } from './overheads.mjs';
import { measureAgentPath, printAgentPath } from './agent-path.mjs';
import { measureFind } from './find-measure.mjs';
import { measureFrameCost, routeFramePages } from './frame-cost.mjs';
import { measurePrompt, printPrompt, worstPrompt } from './prompt.mjs';
import { benchPdf } from './pdf.mjs';
import { syntheticPage } from './synthetic.mjs';
import { measureWorkerStart } from './worker-start.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    only: { type: 'string' },
    build: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
// find's three queries three times each: a few-ms call needs more samples than a tree build for a steady median.
const FIND_RUNS = 9;
if (!Number.isInteger(RUNS) || RUNS < 5) {
  console.error('bench: --runs must be an integer ≥ 5 (medians of at least 5)');
  process.exit(2);
}

const PAGES = BENCH_PAGES.filter((p) => !values.only || p.name.includes(values.only));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

// The fixed prompt (prompt.mjs) needs no browser: `--only prompt` measures it alone and stops here.
const fixedPrompt = !values.only || 'prompt'.includes(values.only) ? await measurePrompt(ROOT) : null;
const promptTotals = fixedPrompt && {
  fixedPromptFull: worstPrompt(fixedPrompt, 'full'),
  fixedPromptCompact: worstPrompt(fixedPrompt, 'compact'),
};
if (fixedPrompt && values.only) {
  printPrompt(fixedPrompt);
  const checks = checkTargets(promptTotals, []);
  for (const c of checks)
    console.log(`  ${c.ok ? 'met    ' : 'MISSED '} ${c.name.padEnd(20)} ${c.value} ≤ ${c.limit}  (${c.what})`);
  const outFile = path.join(ROOT, 'tests/.out/bench-prompt.json');
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), fixedPrompt }, null, 2));
  // No timing in it: the figures depend on the sources only, so they refresh the committed results too.
  const docsFile = path.join(ROOT, 'docs/bench-results.json');
  const committed = JSON.parse(readFileSync(docsFile, 'utf8'));
  writeFileSync(docsFile, `${JSON.stringify({ ...committed, fixedPrompt }, null, 2)}\n`);
  console.log(`wrote ${path.relative(ROOT, docsFile)} (fixedPrompt): run npm run docs to refresh docs/benchmarks.md`);
  if (values.check) process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
  process.exit();
}

if (await ensureDist({ force: values.build })) console.error('bench: built dist/');
// Sizes are read before the runs, from the very dist/ that is benchmarked.
const csDir = path.join(ROOT, 'dist/content-scripts');
const contentScripts = readdirSync(csDir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => {
    const buf = readFileSync(path.join(csDir, f));
    return {
      file: `dist/content-scripts/${f}`,
      bytes: statSync(path.join(csDir, f)).size,
      gzipBytes: gzipSync(buf).length,
    };
  });
const csTotal = contentScripts.reduce((s, f) => s + f.bytes, 0);
// What every frame of every page loads (the built manifest's content scripts); the rest is injected on demand.
const builtManifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/manifest.json'), 'utf8'));
const everyFrame = new Set((builtManifest.content_scripts ?? []).flatMap((cs) => cs.js ?? []));
for (const f of contentScripts) f.everyFrame = everyFrame.has(f.file.replace(/^dist\//, ''));
const csEveryFrame = contentScripts.filter((f) => f.everyFrame).reduce((s, f) => s + f.bytes, 0);
const csLargest = Math.max(...contentScripts.map((f) => f.bytes));

const support = await loadSupport();
const { launchWithExtension, startFixtureServer, bundleFixtureApps, CHROMIUM, CHROMIUM_ARGS, makeReportPdf } = support;
await bundleFixtureApps();

const server = await startFixtureServer();
for (const p of PAGES.filter((q) => q.synthetic)) {
  const { html } = syntheticPage(p.synthetic);
  server.route(p.path, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
}

routeFramePages(server);

const browser = await launchWithExtension();
// The 50k page takes over Playwright's 30 s default to load on a loaded machine (seen at load average 25 on 2 cores).
browser.context.setDefaultNavigationTimeout(180_000);
const chromium = await browser.worker.evaluate(
  () => globalThis.navigator.userAgent.match(/Chrom(?:e|ium)\/([\d.]+)/)?.[1] ?? null,
);
// The machine's load when the run started and ended: a loaded machine slows both sides (runs are
// interleaved, so ratios hold up better than times); the docs table shows it.
const loadAtStart = os.loadavg()[0];
const results = [];
let frameCost = null;
let pdf = null;
let click = null;
let overheads = null;
let agentPath = null;
try {
  // First, before any other page of the fixture origin shares the renderer and its heap.
  if (!values.only || 'frame-cost'.includes(values.only)) {
    frameCost = await measureFrameCost({
      server,
      ext: browser,
      chromiumPath: CHROMIUM,
      args: CHROMIUM_ARGS,
      runs: 3,
      median,
    });
    console.error(`bench: frame cost done (${frameCost.heapPerFrameMB} MB per frame)`);
  }
  for (const spec of PAGES) {
    const { page, tabId } = await browser.open(server.url(spec.path));
    await page.locator(spec.ready).first().waitFor({ state: 'attached' });
    const elements = await page.evaluate(() => {
      let n = 0;
      const walk = (root) => {
        for (const el of root.querySelectorAll('*')) {
          n++;
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      return n;
    });

    const ours = async () => {
      const t0 = performance.now();
      const reply = await browser.tool('get_accessibility_tree', { filter: 'all', maxChars: 1_000_000 }, { tabId });
      const ms = performance.now() - t0;
      if (!reply.ok) throw new Error(`${spec.name}: ${reply.error.code}: ${reply.error.message}`);
      return { ms, result: reply.data };
    };
    // The same call timed inside the service worker: what the agent itself pays (it runs there), without
    // the extra Node → worker hop that only the benchmark makes.
    const inWorker = async () => {
      const { ms, ok } = await browser.worker.evaluate(async (id) => {
        const t0 = performance.now();
        const r = await globalThis.wb.tool(
          'get_accessibility_tree',
          { filter: 'all', maxChars: 1_000_000 },
          { tabId: id },
        );
        return { ms: performance.now() - t0, ok: r.ok };
      }, tabId);
      if (!ok) throw new Error(`${spec.name}: worker-side read failed`);
      return ms;
    };
    const theirs = async () => {
      const t0 = performance.now();
      const text = await page.ariaSnapshot({ mode: 'ai', timeout: 120_000 });
      return { ms: performance.now() - t0, text };
    };

    // One warm-up each (JIT, style recalc, Playwright's injected script), then interleaved runs so
    // both sides see the same machine load.
    await ours();
    await theirs();
    // The transport floor: a ping through the same path (Node → worker → tab → back) without a build.
    const ping = async () => {
      const t0 = performance.now();
      await browser.worker.evaluate(
        (id) => globalThis.chrome.tabs.sendMessage(id, { type: 'ping' }, { frameId: 0 }),
        tabId,
      );
      return performance.now() - t0;
    };
    const pingMs = [];
    // Small pages take a few milliseconds, where scheduler noise dominates: three times the runs.
    const runs = elements < 1000 ? RUNS * 3 : RUNS;
    const oursMs = [];
    const workerMs = [];
    const buildMs = [];
    const theirsMs = [];
    let last = null;
    let pwText = '';
    for (let i = 0; i < runs; i++) {
      pingMs.push(await ping());
      const flip = i % 2 === 1;
      if (flip) {
        const t = await theirs();
        theirsMs.push(t.ms);
        pwText = t.text;
      }
      const o = await ours();
      oursMs.push(o.ms);
      workerMs.push(await inWorker());
      buildMs.push(o.result.stats.buildMs);
      last = o.result;
      if (!flip) {
        const t = await theirs();
        theirsMs.push(t.ms);
        pwText = t.text;
      }
    }

    // The whole tree, no paging: follow continuationArgs if it is longer than the 1,000,000-char cap.
    // Tokens are counted twice: with default arguments (texts over 300 chars cut, what the agent
    // reads by default) and uncut (maxTextChars 0: the same text Playwright's snapshot carries).
    const wholeTree = async (extra) => {
      let reply = await browser.tool(
        'get_accessibility_tree',
        { filter: 'all', maxChars: 1_000_000, ...extra },
        { tabId },
      );
      if (!reply.ok) throw new Error(`${spec.name}: ${reply.error.message}`);
      let text = reply.data.tree;
      let pages = 1;
      while (reply.data.hasMore) {
        reply = await browser.tool('get_accessibility_tree', reply.data.continuationArgs, { tabId });
        if (!reply.ok) throw new Error(`${spec.name} page ${pages + 1}: ${reply.error.message}`);
        text += `\n${reply.data.tree}`;
        pages++;
      }
      return { text, pages, notice: reply.data.notice ?? null };
    };
    const fullTree = await wholeTree({});
    const uncutTree = await wholeTree({ maxTextChars: 0 });

    const cdp = await browser.context.newCDPSession(page);
    const c0 = performance.now();
    const axTree = await cdp.send('Accessibility.getFullAXTree', {});
    const cdpMs = performance.now() - c0;
    const cdpJson = JSON.stringify(axTree);
    await cdp.detach();

    const row = {
      page: spec.name,
      elements,
      refs: last.stats.refCount,
      lines: last.stats.nodeCount,
      runs,
      pingMs: round(median(pingMs)),
      oursMs: round(median(oursMs)),
      oursWorkerMs: round(median(workerMs)),
      oursBuildMs: round(median(buildMs)),
      playwrightMs: round(median(theirsMs)),
      timeRatio: round(median(oursMs) / median(theirsMs), 3),
      workerRatio: round(median(workerMs) / median(theirsMs), 3),
      buildRatio: round(median(buildMs) / median(theirsMs), 3),
      cdpFullTreeMs: round(cdpMs),
      oursTokens: countTokens(fullTree.text),
      oursUncutTokens: countTokens(uncutTree.text),
      playwrightTokens: countTokens(pwText),
      cdpTokens: countTokens(cdpJson),
      oursPages: uncutTree.pages,
      notice: fullTree.notice,
      autoDegraded: last.autoDegraded,
      samples: { oursMs: oursMs.map((x) => round(x)), buildMs, playwrightMs: theirsMs.map((x) => round(x)) },
    };
    row.tokenRatio = round(row.oursUncutTokens / row.playwrightTokens, 3);
    row.tokenRatioDefault = round(row.oursTokens / row.playwrightTokens, 3);
    row.tokenRatioCdp = round(row.oursUncutTokens / row.cdpTokens, 4);
    // find and text_search against a tree build on the synthetic pages (issue 12).
    if (spec.synthetic) row.find = await measureFind(browser, tabId, FIND_RUNS);
    results.push(row);
    console.error(`bench: ${spec.name} done (${elements} elements)`);
    await page.close();
  }
  // click_ax from the caller (click.mjs, docs/action-evidence.md#cost).
  if (!values.only || 'click-ax'.includes(values.only))
    click = await measureClick({ browser, server, runs: RUNS, median });
  // get_page_info and a later page of a paged read from the caller (overheads.mjs, issue 26).
  if (!values.only || 'overheads'.includes(values.only))
    overheads = await measureOverheads({ browser, server, runs: RUNS, median });
  // What the agent loop adds to a call over the registry call (agent-path.mjs, issue 26).
  if (!values.only || 'agent-path'.includes(values.only))
    agentPath = await measureAgentPath({
      browser,
      support,
      url: server.url('/tree-form.html'),
      runs: RUNS,
      median,
    });
  // PDF tabs (docs/pdf.md): time per PDF page of a whole read.
  if (!values.only || 'pdf'.includes(values.only))
    pdf = await benchPdf({ browser, server, runs: RUNS, median, makeReportPdf });
} finally {
  await browser.close();
  await server.close();
}
// Worker start with and without pdf.js, side by side (worker-start.mjs), in browsers of their own.
const workerStart =
  !values.only || 'worker-start'.includes(values.only)
    ? await measureWorkerStart({ root: ROOT, launchWithExtension, runs: RUNS, median })
    : null;

const header = [
  'page',
  'elements',
  'refs',
  'ping ms',
  'ours ms',
  'worker ms',
  'in-page ms',
  'pw ai ms',
  'ratio',
  'worker ratio',
  'in-page ratio',
  'ours tok',
  'pw tok',
  'tok ratio',
  'default tok',
  'ratio',
  'cdp tok',
  'vs cdp',
];
const rows = results.map((r) => [
  r.page,
  r.elements,
  r.refs,
  r.pingMs,
  r.oursMs,
  r.oursWorkerMs,
  r.oursBuildMs,
  r.playwrightMs,
  r.timeRatio,
  r.workerRatio,
  r.buildRatio,
  r.oursUncutTokens,
  r.playwrightTokens,
  r.tokenRatio,
  r.oursTokens,
  r.tokenRatioDefault,
  r.cdpTokens,
  r.tokenRatioCdp,
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
console.log(
  `\nmedian of ${RUNS} interleaved runs (${RUNS * 3} under 1,000 elements); ping = message round trip without a build; ours = wb.tool round trip from Node (filter all, maxChars 1e6), worker = the same call timed inside the service worker (what the agent pays), in-page = stats.buildMs;`,
);
console.log(
  "pw ai = page.ariaSnapshot({mode:'ai'}) from Node; ratio = ours ms / pw ai ms; in-page ratio = in-page ms / pw ai ms",
);
console.log(
  'tokens (o200k_base, gpt-tokenizer): ours = whole tree uncut (maxTextChars 0), default = with the default 300-char text cap;',
);
console.log('cdp = JSON of Accessibility.getFullAXTree; tok ratio = ours / pw, vs cdp = ours / cdp\n');
console.log(line(header));
for (const r of rows) console.log(line(r));
const worstTime = results.length ? Math.max(...results.map((r) => r.timeRatio)) : null;
const worstWorker = results.length ? Math.max(...results.map((r) => r.workerRatio)) : null;
console.log(
  `\npage scripts (minified): ${contentScripts.map((f) => `${path.basename(f.file)} ${(f.bytes / 1024).toFixed(1)} KB (gzip ${(f.gzipBytes / 1024).toFixed(1)} KB${f.everyFrame ? ', every frame' : ', on demand'})`).join(', ')}; every frame loads ${(csEveryFrame / 1024).toFixed(1)} KB, all together ${(csTotal / 1024).toFixed(1)} KB`,
);
if (frameCost) {
  console.log(
    `frame cost (${frameCost.frames} frames, 40 same-origin iframes, median of ${frameCost.runs}): JS heap ${frameCost.heapWithoutMB} MB without the extension, ${frameCost.heapWithMB} MB with it = ${frameCost.heapPerFrameMB} MB per frame before use; ${frameCost.heapAfterTreeReadMB} MB after one tree read (${frameCost.heapPerFrameAfterTreeReadMB} MB per frame)`,
  );
}
if (pdf) {
  console.log(
    `pdf (${pdf.pages} pages, ${(pdf.bytes / 1024).toFixed(0)} KB, ${pdf.refs} link refs, median of ${RUNS}, worker side): first read ${pdf.firstReadMs} ms = ${pdf.firstReadPerPageMs} ms per page (fetch + pdf.js parse + layout); re-read ${pdf.rereadMs} ms = ${pdf.rereadPerPageMs} ms per page`,
  );
}
if (click) {
  console.log(
    `click_ax (median of ${click.runs}, a button that changes nothing on a settled page): ${click.noopClickMs} ms in the worker, ${click.noopClickNodeMs} ms from Node; floor (scroll to the same ref) ${click.floorMs} ms, so the observation and evidence cost ${click.evidenceCostMs} ms; a click whose POST gets a 422 and a toast: ${click.evidenceClickMs} ms`,
  );
}
if (overheads) printOverheads(overheads);
if (agentPath) printAgentPath(agentPath);
if (workerStart) {
  const [a, b] = workerStart.builds;
  console.log(
    `worker start (median of ${workerStart.runs}, a stopped worker woken by a runtime message, minus the same message to the running worker): ${a.build} ${(a.workerBytes / 1024).toFixed(0)} KB, ${a.startMs} ms (wake ${a.wakeMs}, ping ${a.pingMs}); ${b.build} ${(b.workerBytes / 1024).toFixed(0)} KB, ${b.startMs} ms (wake ${b.wakeMs}, ping ${b.pingMs}); counted ${a.counted} and ${b.counted} fresh starts; pdf.js in the worker adds ${workerStart.pdfJsStartMs} ms per start`,
  );
}
const totals = { ...summarize(results, frameCost, csEveryFrame, click, overheads), ...promptTotals };
if (fixedPrompt) printPrompt(fixedPrompt);
// Pages known to stay above the per-page token target, each with its reason (check.mjs says how it ratchets).
const knownTokenPages = JSON.parse(readFileSync(path.join(ROOT, KNOWN_TOKEN_PAGES_FILE), 'utf8')).known;
const checks = checkTargets(totals, results, knownTokenPages);
console.log('\ntargets (issue 16 items 10–12; time = worker side, what the agent pays):');
for (const c of checks) {
  const status = c.known ? 'known  ' : c.ok ? 'met    ' : 'MISSED ';
  console.log(`  ${status} ${c.name.padEnd(34)} ${String(c.value).padStart(8)} ≤ ${c.limit}  (${c.what})`);
}
console.log('per page ratios (worker time, Node time, tokens):');
for (const r of results) {
  console.log(
    `  ${r.page.padEnd(20)} time ${r.workerRatio.toFixed(3)} (Node ${r.timeRatio.toFixed(3)})  tokens ${r.tokenRatio.toFixed(3)}`,
  );
}

const report = {
  date: new Date().toISOString(),
  runs: RUNS,
  chromium,
  cpus: os.cpus().length,
  loadAverage: { start: round(loadAtStart, 2), end: round(os.loadavg()[0], 2) },
  targets: TARGETS,
  summary: {
    ...totals,
    worstTimeRatio: worstTime,
    worstWorkerTimeRatio: worstWorker,
    knownTokenPages,
    contentScriptsBytes: csTotal,
    contentScriptsEveryFrameBytes: csEveryFrame,
    largestContentScriptBytes: csLargest,
    missed: checks.filter((c) => !c.ok).map((c) => c.name),
  },
  frameCost,
  pdf,
  click,
  overheads,
  agentPath,
  workerStart,
  fixedPrompt,
  pages: results,
  contentScripts,
};
const outFile = path.join(ROOT, 'tests/.out/bench.json');
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, JSON.stringify(report, null, 2));
console.log(`\nwrote ${path.relative(ROOT, outFile)}`);
if (!values.only) {
  // The committed figures: the same report without the raw samples.
  const docsFile = path.join(ROOT, 'docs/bench-results.json');
  const pages = results.map(({ samples: _samples, ...row }) => row);
  const { samples: _frameSamples, ...frameFigures } = frameCost ?? {};
  const workerFigures = workerStart && {
    ...workerStart,
    builds: workerStart.builds.map(({ samples: _s, ...b }) => b),
  };
  writeFileSync(
    docsFile,
    `${JSON.stringify({ ...report, frameCost: frameCost && frameFigures, workerStart: workerFigures, pages }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(ROOT, docsFile)}: run npm run docs to refresh docs/benchmarks.md`);
}
if (values.check) {
  const missed = checks.filter((c) => !c.ok);
  console.log(
    missed.length
      ? `\nbench --check: ${missed.length} target(s) missed: ${missed.map((c) => `${c.name} ${c.value} > ${c.limit}`).join('; ')}`
      : `\nbench --check: all ${checks.length} targets met`,
  );
  process.exitCode = missed.length ? 1 : 0;
}
