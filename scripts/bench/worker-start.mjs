// The worker start section of `npm run bench` (docs/pdf.md#worker-start): what a stopped service worker
// costs to wake, for the extension as built (dist/, pdf.js in an offscreen document) and, side by side in
// the same run, for the same sources with pdf.js bundled into the worker as it was before
// docs/decisions/0006-pdf-offscreen.md (tests/.out/dist-pdf-in-worker/, pdf-in-worker.ts). MV3 stops an
// idle worker after ~30 s, so the agent pays a start on most first calls after a pause.
//
// Each round, for one build and then the other, stops the worker (chrome://serviceworker-internals' Stop:
// CDP's ServiceWorker.stopAllWorkers does not reach extension workers, see
// tests/e2e/support/worker-lifecycle.ts) and at once times, from an extension page of that build, a
// runtime message that wakes the worker and is answered by its top-level listener (`get_settings`: one
// storage read): wake = start + script evaluation + that read. The same message to the running worker
// (ping) is the floor; wake − ping is the start itself. Builds alternate which one goes first, so both
// see the same machine load. A sample counts only if the worker was still stopped just before the wake
// and the instance that answered is a new one.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const IN_WORKER = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'pdf-in-worker.ts');

/** Builds the extension with pdf.js in the worker into `outDir` (the same vite config; pdf-source.ts swapped). */
export async function buildPdfInWorker(root, outDir) {
  const { build } = await import('vite');
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    resolve: { alias: [{ find: /^\.\/pdf-source$/, replacement: IN_WORKER }] },
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

/**
 * chrome://serviceworker-internals for one build, opened once and kept for the whole run: closing it
 * after each stop fired tabs.onRemoved / onActivated, which the worker listens to, so Chrome restarted
 * the stopped worker within about a second and the "wake" that followed timed a worker already up
 * (a run measured 12 ms for one build and 135 ms for the other, by which went second).
 */
async function openInternals(ext) {
  const page = await ext.context.newPage();
  await page.goto('chrome://serviceworker-internals/');
  const registration = page.locator('.serviceworker-registration', { hasText: ext.extensionId }).first();
  const status = async () => (await registration.locator('.serviceworker-running-status .value').textContent()) ?? '';
  return {
    page,
    status,
    async stop() {
      await registration.locator('cr-button[data-command="stop"]').first().click();
      const deadline = Date.now() + 10_000;
      for (;;) {
        const now = await status();
        if (now.includes('STOPPED')) return;
        if (Date.now() > deadline) throw new Error(`worker of ${ext.extensionId} did not stop (${now})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** A message round trip from the extension page to the worker, timed on the page. */
function roundTrip(page) {
  return page.evaluate(async () => {
    const t0 = performance.now();
    const reply = await globalThis.chrome.runtime.sendMessage({ type: 'get_settings' });
    const ms = performance.now() - t0;
    if (!reply || reply.ok !== true) throw new Error(`get_settings: ${JSON.stringify(reply).slice(0, 200)}`);
    return { ms };
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
  const internals = [];
  for (const b of builds) internals.push(await openInternals(b.ext));
  const samples = builds.map(() => ({ wake: [], ping: [], notFresh: 0 }));
  for (let i = 0; i < runs + 1; i++) {
    const order = i % 2 === 0 ? builds.map((_, k) => k) : builds.map((_, k) => k).reverse();
    // One build at a time: stop, then wake at once, so nothing happens in between that could start it.
    for (const k of order) {
      // A mark on the running instance: a fresh instance (the one our message starts) has none.
      await builds[k].ext.worker.evaluate(() => Reflect.set(globalThis, '__wb_bench_mark', true));
      await internals[k].stop();
      const stillStopped = (await internals[k].status()).includes('STOPPED');
      const wake = await roundTrip(pages[k]);
      const ping = await roundTrip(pages[k]);
      const fresh = await builds[k].ext.worker.evaluate(() => Reflect.get(globalThis, '__wb_bench_mark') !== true);
      // The first round follows install and the first start (no code cache yet): a warm-up, not counted.
      if (i === 0) continue;
      if (!fresh || !stillStopped) {
        samples[k].notFresh++;
        continue;
      }
      samples[k].wake.push(wake.ms);
      samples[k].ping.push(ping.ms);
    }
  }
  for (const x of internals) await x.page.close();
  for (const p of pages) await p.close();
  const round = (x) => Math.round(x * 10) / 10;
  const rows = builds.map((b, k) => {
    const counted = samples[k].wake.length > 0;
    const wakeMs = counted ? median(samples[k].wake) : NaN;
    const pingMs = counted ? median(samples[k].ping) : NaN;
    return {
      build: b.name,
      workerBytes: b.bytes,
      wakeMs: round(wakeMs),
      pingMs: round(pingMs),
      startMs: round(wakeMs - pingMs),
      counted: samples[k].wake.length,
      notFresh: samples[k].notFresh,
      samples: { wake: samples[k].wake.map(round), ping: samples[k].ping.map(round) },
    };
  });
  const [shipped, before] = rows;
  return {
    runs,
    builds: rows,
    // What a start costs more with pdf.js in the worker.
    pdfJsStartMs: shipped && before ? round(before.startMs - shipped.startMs) : null,
  };
}

/**
 * The whole section: builds the pdf.js-in-worker variant (again only when dist/ is newer), launches both
 * builds side by side, measures, closes them.
 * @param {{ root: string, launchWithExtension: Function, runs: number, median: (xs: number[]) => number }} o
 */
export async function measureWorkerStart({ root, launchWithExtension, runs, median }) {
  const dist = path.join(root, 'dist');
  const inWorker = path.join(root, 'tests/.out/dist-pdf-in-worker');
  const built = (d) => {
    try {
      return statSync(path.join(d, 'manifest.json')).mtimeMs;
    } catch {
      return 0;
    }
  };
  if (built(inWorker) < built(dist)) await buildPdfInWorker(root, inWorker);
  const shipped = await launchWithExtension([], dist);
  const before = await launchWithExtension([], inWorker);
  try {
    return await benchWorkerStart({
      builds: [
        { name: 'pdf.js offscreen (as built)', ext: shipped, bytes: workerBytes(dist) },
        { name: 'pdf.js in the worker', ext: before, bytes: workerBytes(inWorker) },
      ],
      runs,
      median,
    });
  } finally {
    await shipped.close();
    await before.close();
  }
}
