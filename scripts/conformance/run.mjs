#!/usr/bin/env node
// npm run conformance [-- --json [file]] [--check] [--update] [--filter substr] [--no-chrome] [--quiet]
//
// Loads every WPT accessibility page of $WB_CORPORA/wpt (default ../shared/corpora/wpt beside the
// checkout; see docs/testing.md) in headless Chromium, computes each expected name/role with our
// code (window.__wb_ax_describe) and with Chrome's own accessibility tree (CDP
// Accessibility.getPartialAXTree), and prints pass rates (automated, manual and tentative apart)
// and our failures. --check compares the run with the list of known failures
// (tests/known-failures/conformance.json, see known-failures.mjs); --update rewrites that list.
// Without the corpus it prints "skipped: …" and exits 77 (required under CI=true).
import { createServer } from 'node:http';
import { readFile, writeFile, mkdir, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { requireCorpus } from '../lib/corpora.mjs';
import { compare, outcome, readList, writeList } from './known-failures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../..');
const corpus = requireCorpus('wpt');
const listPath = path.join(projectRoot, 'tests/known-failures/conformance.json');

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[i + 1] : undefined;
};
const withChrome = !flag('--no-chrome');
const quiet = flag('--quiet');
const fileFilter = option('--filter');

/** Cases whose expectation is prose, not a value ("SPEC_AMBIGUOUS_LOG_VALUE", "UNDEFINED in …"). */
const unscorable = (expected) => expected.some((e) => e === null || /SPEC_AMBIGUOUS|UNDEFINED|not defined/i.test(e));

async function listPages(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listPages(full)));
    else if (entry.name.endsWith('.html')) out.push(path.relative(corpus, full));
  }
  return out.sort();
}

const STAND_IN = /^\/(resources\/(testharness|testharnessreport|testdriver[\w-]*)\.js|wai-aria\/scripts\/[\w-]+\.js)$/i;

function startServer(harness) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const pathname = decodeURIComponent(url.pathname);
    if (STAND_IN.test(pathname)) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(harness);
      return;
    }
    if (pathname.endsWith('.css') && !existsSync(path.join(corpus, pathname))) {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end('');
      return;
    }
    const file = path.join(corpus, pathname);
    if (!file.startsWith(corpus) || !existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    const type = file.endsWith('.html')
      ? 'text/html; charset=utf-8'
      : file.endsWith('.js')
        ? 'text/javascript'
        : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type });
    res.end(await readFile(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function bundleProbe() {
  const result = await build({
    entryPoints: [path.join(here, 'probe-entry.ts')],
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Chrome's own answer for window.__wbTarget, read from its accessibility tree over CDP. */
async function chromeProbe(cdp, kind) {
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__wbTarget' });
  if (!result.objectId) return null;
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
    objectId: result.objectId,
    fetchRelatives: false,
  });
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId });
  const node = nodes?.[0];
  if (!node) return null;
  if (kind === 'name') return node.name?.value ?? '';
  if (kind === 'description') return node.description?.value ?? '';
  if (kind === 'role') return chromeRole(node);
  const states = {};
  for (const p of node.properties ?? []) states[p.name] = p.value?.value;
  return states;
}

// CDP reports Chromium's internal role names where ARIA has none; map the ones WPT asks about.
const CHROME_ROLE_MAP = { layouttable: 'table', layouttablerow: 'row', layouttablecell: 'cell', img: 'image' };
function chromeRole(node) {
  const raw = String(node.role?.value ?? '').toLowerCase();
  if (node.ignored && (raw === 'none' || raw === 'generic' || raw === '')) return 'none';
  return CHROME_ROLE_MAP[raw] ?? raw;
}

function categoryOf(file) {
  if (file.includes('/manual/')) return 'manual';
  if (file.includes('.tentative.')) return 'tentative';
  return 'automated';
}

const pct = (pass, total) => (total ? Math.round((1000 * pass) / total) / 10 : 100);

function summarize(cases) {
  const groups = {};
  const add = (key, c) => {
    const g = (groups[key] ??= { total: 0, pass: 0, chromeTotal: 0, chromePass: 0 });
    g.total++;
    if (c.pass) g.pass++;
    if (c.chrome !== null && c.chrome !== undefined) {
      g.chromeTotal++;
      if (c.chromePass) g.chromePass++;
    }
  };
  for (const c of cases) {
    if (c.unscorable) continue;
    const kind =
      c.kind === 'name'
        ? 'names'
        : c.kind === 'role'
          ? 'roles'
          : c.kind === 'description'
            ? 'descriptions'
            : 'properties';
    add(`${kind}`, c);
    add(`${kind}.${c.category}`, c);
  }
  const rates = {};
  for (const [key, g] of Object.entries(groups)) {
    rates[key] = {
      ...g,
      rate: pct(g.pass, g.total),
      chromeRate: g.chromeTotal ? pct(g.chromePass, g.chromeTotal) : null,
    };
  }
  return rates;
}

async function main() {
  const started = Date.now();
  const [harness, probe, pages] = await Promise.all([
    readFile(path.join(here, 'page-harness.js'), 'utf8'),
    bundleProbe(),
    listPages(corpus),
  ]);
  const selected = fileFilter ? pages.filter((p) => p.includes(fileFilter)) : pages;
  const server = await startServer(harness);
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const cases = [];
  const errors = [];
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Accessibility.enable');
    await page.addInitScript({ content: probe });
    await page.exposeFunction('__wbChrome', (kind) => (withChrome ? chromeProbe(cdp, kind) : null));
    page.on('dialog', (d) => d.dismiss().catch(() => {}));
    for (const file of selected) {
      const category = categoryOf(file);
      try {
        await page.goto(`http://127.0.0.1:${port}/${file}`, { waitUntil: 'load', timeout: 15000 });
        const out = await page.evaluate(() => window.__wbRunAll());
        for (const c of out.cases) {
          const expected = c.expected;
          const isUnscorable = unscorable(expected);
          const match = (v) => v !== null && v !== undefined && expected.includes(v);
          cases.push({
            file,
            category,
            ...c,
            unscorable: isUnscorable,
            pass: !isUnscorable && match(c.ours),
            chromePass: !isUnscorable && match(c.chrome),
          });
        }
        for (const e of out.errors) errors.push({ file, category, ...e });
      } catch (e) {
        errors.push({ file, category, test: '(page)', error: String(e?.message ?? e).split('\n')[0] });
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  const rates = summarize(cases);
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  report(rates, cases, errors, selected.length, seconds);

  const jsonTarget =
    option('--json') ?? (flag('--json') ? path.join(projectRoot, 'tests/.out/conformance.json') : undefined);
  if (jsonTarget) {
    await mkdir(path.dirname(path.resolve(jsonTarget)), { recursive: true });
    await writeFile(jsonTarget, JSON.stringify({ rates, cases, errors }, null, 1));
    console.log(`results written to ${path.relative(process.cwd(), path.resolve(jsonTarget))}`);
  }
  if (flag('--check') || flag('--update')) {
    if (fileFilter) {
      console.error('--check and --update need the full corpus (drop --filter)');
      process.exit(2);
    }
    const list = await readList(listPath);
    const run = outcome(cases, errors);
    if (flag('--update')) {
      await writeList(listPath, list, run, describeFailure);
      console.log(`known failures rewritten: ${run.failing.size} of ${run.total} cases (fill in any empty reason)`);
    }
    const problems = compare(await readList(listPath), run);
    for (const p of problems) console.error(`conformance: ${p}`);
    if (problems.length) process.exit(1);
    console.log(`conformance: ${run.failing.size} known failures of ${run.total} cases, as listed`);
  }
}

/** A starting reason for a newly listed failure, to be edited by hand. */
function describeFailure(f) {
  if (!f.kind) return `threw: ${f.error}`;
  const chrome = f.chrome === null || f.chrome === undefined ? '' : `; Chrome gives ${JSON.stringify(f.chrome)}`;
  return `we give ${JSON.stringify(f.ours)}${chrome}`;
}

function report(rates, cases, errors, pageCount, seconds) {
  if (!quiet) {
    const failures = cases.filter((c) => !c.pass && !c.unscorable);
    if (failures.length) console.log(`\nFailures (${failures.length}):`);
    for (const f of failures) {
      const chrome = f.chrome === null || f.chrome === undefined ? '' : `  [chrome: ${JSON.stringify(f.chrome)}]`;
      console.log(
        `  ${f.file} :: ${f.test} (${f.kind}${f.property ? ` ${f.property}` : ''}) expected ${JSON.stringify(f.expected.length === 1 ? f.expected[0] : f.expected)} got ${JSON.stringify(f.ours)}${chrome}`,
      );
    }
    if (errors.length) console.log(`\nNot measured (${errors.length}):`);
    for (const e of errors) console.log(`  ${e.file} :: ${e.test}: ${e.error}`);
  }
  console.log(
    `\nWPT accessibility conformance: ${pageCount} pages, ${cases.length} cases (${cases.filter((c) => c.unscorable).length} unscorable), ${seconds}s`,
  );
  const order = ['names', 'roles', 'descriptions', 'properties'];
  for (const kind of order) {
    const r = rates[kind];
    if (!r) continue;
    const parts = ['automated', 'manual', 'tentative']
      .map((cat) => rates[`${kind}.${cat}`])
      .map((g, i) => (g ? `${['automated', 'manual', 'tentative'][i]} ${g.rate}% of ${g.total}` : null))
      .filter(Boolean);
    const chrome = r.chromeRate === null ? '' : `   chrome: ${r.chromeRate}% of ${r.chromeTotal}`;
    console.log(
      `  ${kind.padEnd(12)} ours: ${String(r.rate).padStart(5)}% of ${r.total}${chrome}   (${parts.join(', ')})`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
