// The worker start section of `npm run bench` (docs/pdf.md, "Worker start"): what a stopped service
// worker costs to wake, for the extension as built (dist/) and, side by side in the same run, for the
// same sources built without pdf.js (its modules replaced by a stub, tests/.out/dist-nopdf/). MV3 stops
// an idle worker after ~30 s, so the agent pays a start on most first calls after a pause.
//
// Each round stops both builds' workers (chrome://serviceworker-internals' Stop: CDP's
// ServiceWorker.stopAllWorkers does not reach extension workers, see tests/e2e/support/worker-lifecycle.ts),
// then times, from an extension page of each build, a runtime message that wakes the worker and is
// answered by its top-level listener (`get_settings`: one storage read): wake = start + script
// evaluation + that read. The same message to the running worker (ping) is the floor; wake − ping is
// the start itself. Builds alternate which one goes first, so both see the same machine load.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const STUB = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'pdfjs-stub.mjs');

/** Builds the extension without pdf.js into `outDir` (the same vite config; pdfjs-dist resolves to a stub). */
export async function buildWithoutPdf(root, outDir) {
  const { build } = await import('vite');
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    resolve: { alias: [{ find: /^pdfjs-dist\/.*$/, replacement: STUB }] },
  });
}

/** Bytes of the worker's module graph: the loader the built manifest names and every chunk it imports. */
export function workerBytes(distDir) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
      visit(path.resolve(path.dirname(file), m[1]));
  };
  visit(path.join(distDir, 'service-worker-loader.js'));
  let bytes = 0;
  for (const f of seen) bytes += statSync(f).size;
  return bytes;
}

async function stopWorker(ext) {
  const page = await ext.context.newPage();
  try {
    await page.goto('chrome://serviceworker-internals/');
    const registration = page.locator('.serviceworker-registration', { hasText: ext.extensionId });
    await registration.locator('cr-button[data-command="stop"]').first().click();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const status = await registration.first().locator('.serviceworker-running-status .value').textContent();
      if (status?.includes('STOPPED')) return;
      if (Date.now() > deadline) throw new Error(`worker of ${ext.extensionId} did not stop (${status})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await page.close();
  }
}

/** A message round trip from the extension page to the worker, timed on the page. */
function roundTrip(page) {
  return page.evaluate(async () => {
    const t0 = performance.now();
    const reply = await globalThis.chrome.runtime.sendMessage({ type: 'get_settings' });
    const ms = performance.now() - t0;
    if (!reply || reply.ok !== true) throw new Error(`get_settings: ${JSON.stringify(reply).slice(0, 200)}`);
    return ms;
  });
}

/**
 * @param {{ builds: { name: string, ext: any, bytes: number }[], runs: number, median: (xs: number[]) => number }} o
 */
export async function benchWorkerStart({ builds, runs, median }) {
  // An extension page that sends messages but opens no Port (the side panel would reconnect its agent
  // Port when the worker stops and so wake it): the manifest's icon, shown as an image document of the
  // extension's origin, where chrome.runtime is available.
  const pages = [];
  for (const b of builds) {
    const page = await b.ext.context.newPage();
    await page.goto(`chrome-extension://${b.ext.extensionId}/assets/icons/icon-16.png`);
    pages.push(page);
  }
  const samples = builds.map(() => ({ wake: [], ping: [] }));
  for (let i = 0; i < runs + 1; i++) {
    const order = i % 2 === 0 ? builds.map((_, k) => k) : builds.map((_, k) => k).reverse();
    for (const k of order) await stopWorker(builds[k].ext);
    for (const k of order) {
      const wake = await roundTrip(pages[k]);
      const ping = await roundTrip(pages[k]);
      // The first round follows install and the first start (no code cache yet): a warm-up, not counted.
      if (i === 0) continue;
      samples[k].wake.push(wake);
      samples[k].ping.push(ping);
    }
  }
  for (const p of pages) await p.close();
  const round = (x) => Math.round(x * 10) / 10;
  const rows = builds.map((b, k) => {
    const wakeMs = median(samples[k].wake);
    const pingMs = median(samples[k].ping);
    return {
      build: b.name,
      workerBytes: b.bytes,
      wakeMs: round(wakeMs),
      pingMs: round(pingMs),
      startMs: round(wakeMs - pingMs),
      samples: { wake: samples[k].wake.map(round), ping: samples[k].ping.map(round) },
    };
  });
  const [withPdf, without] = rows;
  return {
    runs,
    builds: rows,
    pdfJsStartMs: withPdf && without ? round(withPdf.startMs - without.startMs) : null,
  };
}

/**
 * The whole section: builds the pdf.js-less variant (again only when dist/ is newer), launches both
 * builds side by side, measures, closes them.
 * @param {{ root: string, launchWithExtension: Function, runs: number, median: (xs: number[]) => number }} o
 */
export async function measureWorkerStart({ root, launchWithExtension, runs, median }) {
  const dist = path.join(root, 'dist');
  const noPdf = path.join(root, 'tests/.out/dist-nopdf');
  const built = (d) => {
    try {
      return statSync(path.join(d, 'manifest.json')).mtimeMs;
    } catch {
      return 0;
    }
  };
  if (built(noPdf) < built(dist)) await buildWithoutPdf(root, noPdf);
  const withPdf = await launchWithExtension([], dist);
  const without = await launchWithExtension([], noPdf);
  try {
    return await benchWorkerStart({
      builds: [
        { name: 'dist (with pdf.js)', ext: withPdf, bytes: workerBytes(dist) },
        { name: 'without pdf.js', ext: without, bytes: workerBytes(noPdf) },
      ],
      runs,
      median,
    });
  } finally {
    await withPdf.close();
    await without.close();
  }
}
