// The targets of issue 16 items 10–12 and how `npm run bench -- --check` judges a run against them.
// Time is the worker-side round trip (what the agent pays: it runs in the worker); Node-side ratios
// are printed beside it. Totals are sums over the pages, so the 50k page weighs what it costs.

export const TARGETS = {
  /** Σ worker ms ÷ Σ Playwright ms over every bench page. */
  timeRatioTotal: 0.25,
  /** Worker ms ÷ Playwright ms on each page under SMALL_PAGE elements. */
  timeRatioSmallPage: 1.0,
  /** Σ our uncut tokens ÷ Σ Playwright tokens over every bench page. */
  tokenRatioTotal: 0.5,
  /** Our uncut tokens ÷ Playwright's on each bench page, the worst page (issue 26). */
  tokenRatioPage: 0.6,
  /** Page scripts every frame loads before the agent is used (the built manifest's content scripts). */
  everyFrameScriptKB: 60,
  /** JS heap one frame pays before the agent is used (frame-cost.mjs). */
  heapPerFrameMB: 0.1,
  /** In-page find ms ÷ in-page tree build ms, each synthetic page (issue 12). */
  findRatio: 0.5,
  /** In-page text_search ms ÷ in-page tree build ms, each synthetic page (issue 12). */
  textSearchRatio: 0.5,
  /** Characters of find's and text_search's model-facing text at maxCandidates 20 / maxMatches 200 (issue 12). */
  modelTextChars: 2_500,
  /** Tokens of the fixed prompt (system prompt + tool schemas, o200k), largest over modes and wires (issue 26). */
  fixedPromptFull: 3_000,
  fixedPromptCompact: 1_200,
  /** click_ax on a settled page that changes nothing, worker side, median ms (issue 26). */
  noopClickMs: 60,
  /** What the observation window and evidence add to that click over its floor, ms (issue 25). */
  evidenceCostMs: 100,
  /** get_page_info, worker side, median ms (issue 26). */
  pageInfoMs: 5,
  /** A later page of a paged read (served from the snapshot's revision), worker side, median ms (issue 26). */
  laterPageMs: 5,
};

export const SMALL_PAGE = 1_000;

/** Pages known to stay above `TARGETS.tokenRatioPage`, each with the reason (page → reason). */
export const KNOWN_TOKEN_PAGES_FILE = 'tests/known-failures/bench-token-pages.json';

const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const round3 = (x) => Math.round(x * 1000) / 1000;

/** Aggregates of a run: the totals the targets are stated in. */
export function summarize(pages, frameCost, everyFrameBytes, click = null, overheads = null) {
  const totals = {
    timeRatioTotal: pages.length
      ? round3(sum(pages.map((r) => r.oursWorkerMs)) / sum(pages.map((r) => r.playwrightMs)))
      : null,
    timeRatioTotalNode: pages.length
      ? round3(sum(pages.map((r) => r.oursMs)) / sum(pages.map((r) => r.playwrightMs)))
      : null,
    tokenRatioTotal: pages.length
      ? round3(sum(pages.map((r) => r.oursUncutTokens)) / sum(pages.map((r) => r.playwrightTokens)))
      : null,
    worstTokenRatio: pages.length ? Math.max(...pages.map((r) => r.tokenRatio)) : null,
    worstSmallPageTimeRatio: null,
    everyFrameScriptBytes: everyFrameBytes,
    heapPerFrameMB: frameCost?.heapPerFrameMB ?? null,
    noopClickMs: click?.noopClickMs ?? null,
    evidenceCostMs: click?.evidenceCostMs ?? null,
    pageInfoMs: overheads?.pageInfoMs ?? null,
    laterPageMs: overheads?.laterPageMs ?? null,
  };
  const small = pages.filter((r) => r.elements < SMALL_PAGE);
  if (small.length) totals.worstSmallPageTimeRatio = Math.max(...small.map((r) => r.workerRatio));
  return totals;
}

/**
 * Every target with its measured value; a target whose figure was not measured (an --only run) is skipped.
 * `knownPages` (tests/known-failures/bench-token-pages.json, page → reason) are the pages known to stay
 * above the per-page token target: such a page's row is `known`, not missed; a listed page that now
 * meets the target is missed until it leaves the list (a ratchet, as the conformance list: the target
 * is never lowered, a page is listed with the reason it stays above).
 */
export function checkTargets(totals, pages, knownPages = {}) {
  const rows = [];
  const add = (name, value, limit, what, known = undefined) => {
    if (value === null || value === undefined) return;
    const over = value > limit;
    if (known === undefined) rows.push({ name, value, limit, ok: !over, what });
    else if (over)
      rows.push({ name, value, limit, ok: true, known, what: `${what}; known: ${KNOWN_TOKEN_PAGES_FILE}` });
    else rows.push({ name, value, limit, ok: false, what: `${what}; met: remove it from ${KNOWN_TOKEN_PAGES_FILE}` });
  };
  add(
    'fixedPromptFull',
    totals.fixedPromptFull,
    TARGETS.fixedPromptFull,
    'fixed prompt tokens, Full tier, worst mode/wire',
  );
  add(
    'fixedPromptCompact',
    totals.fixedPromptCompact,
    TARGETS.fixedPromptCompact,
    'fixed prompt tokens, Compact tier, worst mode/wire',
  );
  add('timeRatioTotal', totals.timeRatioTotal, TARGETS.timeRatioTotal, 'Σ worker ms ÷ Σ Playwright ms, all pages');
  // Issue 26 states the read target from the caller: the Node figure is held to the same limit.
  add(
    'timeRatioTotalNode',
    totals.timeRatioTotalNode,
    TARGETS.timeRatioTotal,
    'Σ Node ms ÷ Σ Playwright ms (the caller), all pages',
  );
  for (const r of pages.filter((p) => p.elements < SMALL_PAGE)) {
    add(`timeRatio ${r.page}`, r.workerRatio, TARGETS.timeRatioSmallPage, 'worker ms ÷ Playwright ms, small page');
  }
  add(
    'tokenRatioTotal',
    totals.tokenRatioTotal,
    TARGETS.tokenRatioTotal,
    'Σ our tokens ÷ Σ Playwright tokens, all pages',
  );
  for (const r of pages) {
    add(
      `tokenRatio ${r.page}`,
      r.tokenRatio,
      TARGETS.tokenRatioPage,
      'our tokens ÷ Playwright tokens, one page',
      knownPages[r.page],
    );
  }
  add(
    'everyFrameScriptKB',
    totals.everyFrameScriptBytes == null ? null : Math.round((totals.everyFrameScriptBytes / 1024) * 10) / 10,
    TARGETS.everyFrameScriptKB,
    'page scripts in every frame before use',
  );
  add(
    'heapPerFrameMB',
    totals.heapPerFrameMB,
    TARGETS.heapPerFrameMB,
    'JS heap per frame before use (40 same-origin frames)',
  );
  add('noopClickMs', totals.noopClickMs, TARGETS.noopClickMs, 'click_ax that changes nothing, worker ms');
  add('evidenceCostMs', totals.evidenceCostMs, TARGETS.evidenceCostMs, 'that click − its floor (scroll to the ref)');
  add('pageInfoMs', totals.pageInfoMs, TARGETS.pageInfoMs, 'get_page_info, worker ms');
  add('laterPageMs', totals.laterPageMs, TARGETS.laterPageMs, 'a later page of a paged read, worker ms');
  for (const r of pages.filter((p) => p.find)) {
    add(`findRatio ${r.page}`, r.find.findRatio, TARGETS.findRatio, 'in-page find ms ÷ tree build ms');
    add(
      `textSearchRatio ${r.page}`,
      r.find.textSearchRatio,
      TARGETS.textSearchRatio,
      'in-page text_search ÷ tree build',
    );
    const chars =
      r.find.findModelChars === undefined ? undefined : Math.max(r.find.findModelChars, r.find.textSearchModelChars);
    add(`modelTextChars ${r.page}`, chars, TARGETS.modelTextChars, 'find / text_search text at the largest counts');
  }
  return rows;
}
