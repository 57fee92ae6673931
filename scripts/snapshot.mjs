// `npm run snapshot -- <url-or-file> [--filter all|visible|interactive] [--max-chars N] [--page N] [--json] [--wait MS]`
// Opens the page in headless Chromium with the built extension and prints exactly what the agent
// reads from get_accessibility_tree. A local file is served from a temporary 127.0.0.1 server (its
// folder is the web root), so relative scripts and styles load as they would on a site.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDist, loadSupport } from './lib/support.mjs';

const USAGE = `usage: npm run snapshot -- <url-or-file> [--filter all|visible|interactive] [--max-chars N] [--page N] [--json] [--wait MS] [--build]
  --filter     which nodes to print (default all)
  --max-chars  page size in characters (default per filter: 6000 all, 3000 visible, 3500 interactive)
  --page       which page of a long tree to print (default 1); pages 2+ come from page 1's snapshot
  --json       print the whole tool result as JSON instead of the tree text
  --wait       milliseconds to wait after load before reading (for pages that render late)
  --build      rebuild dist/ first (it is built automatically only when missing)`;

function fail(message) {
  console.error(`snapshot: ${message}\n${USAGE}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      filter: { type: 'string' },
      'max-chars': { type: 'string' },
      page: { type: 'string' },
      json: { type: 'boolean', default: false },
      wait: { type: 'string' },
      build: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) fail('give exactly one URL or file');
const target = positionals[0];

function intOption(name, min) {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be an integer ≥ ${min}, got ${JSON.stringify(raw)}`);
  return n;
}
const pageNumber = intOption('page', 1) ?? 1;
const maxChars = intOption('max-chars', 1);
const waitMs = intOption('wait', 0) ?? 0;
if (values.filter !== undefined && !['all', 'visible', 'interactive'].includes(values.filter)) {
  fail(`--filter must be all, visible or interactive, got ${JSON.stringify(values.filter)}`);
}

const isFile = existsSync(target) && statSync(target).isFile();
if (!isFile && !/^(https?|file|data):/i.test(target)) fail(`${target} is neither a file nor an http(s) URL`);

if (await ensureDist({ force: values.build })) console.error('snapshot: built dist/');
const { launchWithExtension, startFixtureServer } = await loadSupport();

let server = null;
let url = target;
if (isFile) {
  const file = path.resolve(target);
  server = await startFixtureServer('127.0.0.1', [path.dirname(file)]);
  url = server.url(`/${encodeURIComponent(path.basename(file))}`);
}

const browser = await launchWithExtension();
let exitCode = 0;
try {
  const { tabId, page } = await browser.open(url);
  if (waitMs > 0) await page.waitForTimeout(waitMs);
  const args = {};
  if (values.filter !== undefined) args.filter = values.filter;
  if (maxChars !== undefined) args.maxChars = maxChars;
  let reply = await browser.tool('get_accessibility_tree', args, { tabId });
  // Pages 2+ must come from page 1's snapshot: read page 1, then follow its continuation arguments.
  if (reply.ok && pageNumber > 1) {
    const first = reply.data;
    if (pageNumber > first.totalPages) {
      reply = {
        ok: false,
        error: {
          code: 'no_such_page',
          message: `the tree has ${first.totalPages} page(s); asked for page ${pageNumber}`,
        },
      };
    } else {
      reply = await browser.tool('get_accessibility_tree', { ...first.continuationArgs, page: pageNumber }, { tabId });
    }
  }
  if (!reply.ok) {
    console.error(`snapshot: ${reply.error.code}: ${reply.error.message}`);
    exitCode = 1;
  } else if (values.json) {
    console.log(JSON.stringify(reply.data, null, 2));
  } else {
    const r = reply.data;
    const s = r.stats;
    console.error(
      `# ${r.title} — ${r.url}\n# page ${r.page}/${r.totalPages}, revision ${r.tree_revision}; ${s.refCount} refs, ` +
        `${s.nodeCount} lines, ${s.elementCount} elements, ${s.totalChars} chars, built in ${s.buildMs} ms` +
        (r.notice ? `\n# notice: ${r.notice}` : '') +
        (r.hasMore ? `\n# more: --page ${r.page + 1}` : ''),
    );
    console.log(r.tree);
  }
} finally {
  await browser.close();
  await server?.close();
}
process.exit(exitCode);
