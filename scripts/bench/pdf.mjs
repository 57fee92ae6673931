// The PDF section of `npm run bench`: time per PDF page of get_accessibility_tree on a tab showing a
// PDF (docs/pdf.md). A 60-page report generated with pdf-lib (tests/e2e/support/pdf-fixtures.ts) is
// served as application/pdf; each run opens it under a new URL (a new document, so nothing is cached)
// and times, inside the service worker, the first whole read (fetch + pdf.js parse + layout + render)
// and a second read of the same document (render only). Medians of `runs`.
const PAGES = 60;

/**
 * @param {{ browser: any, server: any, runs: number, median: (xs: number[]) => number, makeReportPdf: (home: string, pages: number) => Promise<Uint8Array> }} o
 */
export async function benchPdf({ browser, server, runs, median, makeReportPdf }) {
  const bytes = await makeReportPdf(server.url('/tree-article.html'), PAGES);
  server.route('/bench/report.pdf', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) });
    res.end(Buffer.from(bytes));
  });
  const cold = [];
  const warm = [];
  let last = null;
  for (let i = 0; i < runs + 1; i++) {
    const url = server.url(`/bench/report.pdf?run=${i}`);
    const page = await browser.context.newPage();
    await page.goto(url).catch(() => undefined);
    const r = await browser.worker.evaluate(async (u) => {
      let tabId = -1;
      for (let k = 0; k < 100 && tabId < 0; k++) {
        const tab = (await globalThis.chrome.tabs.query({})).find((t) => t.url === u && t.status === 'complete');
        if (tab?.id !== undefined) tabId = tab.id;
        else await new Promise((res) => setTimeout(res, 50));
      }
      const args = { filter: 'all', maxChars: 1_000_000, maxTextChars: 0 };
      const t0 = globalThis.performance.now();
      const first = await globalThis.wb.tool('get_accessibility_tree', args, { tabId });
      const t1 = globalThis.performance.now();
      const second = await globalThis.wb.tool('get_accessibility_tree', args, { tabId });
      const t2 = globalThis.performance.now();
      if (!first.ok || !second.ok) return { error: JSON.stringify(first.ok ? second : first).slice(0, 300) };
      return { coldMs: t1 - t0, warmMs: t2 - t1, chars: first.data.stats.totalChars, refs: first.data.stats.refCount };
    }, url);
    await page.close();
    if (r.error) throw new Error(`pdf bench: ${r.error}`);
    // The first run warms the JIT and pdf.js's lazily built tables; it is not counted.
    if (i === 0) continue;
    cold.push(r.coldMs);
    warm.push(r.warmMs);
    last = r;
  }
  const round = (x) => Math.round(x * 100) / 100;
  return {
    pages: PAGES,
    bytes: bytes.length,
    treeChars: last?.chars ?? 0,
    refs: last?.refs ?? 0,
    firstReadMs: round(median(cold)),
    firstReadPerPageMs: round(median(cold) / PAGES),
    rereadMs: round(median(warm)),
    rereadPerPageMs: round(median(warm) / PAGES),
    samples: { cold: cold.map(round), warm: warm.map(round) },
  };
}
