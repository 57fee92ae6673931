// In-page time of `find` and `text_search` on one open page as a ratio to a full tree build on the
// same page (issue 12: aim ≤ 0.5), medians of `runs` interleaved runs, each timed inside the page
// (the `ms` / `stats.buildMs` the content script reports), so transport is left out. Used by
// `npm run bench` (synthetic pages, into docs/bench-results.json) and `npm run bench:find`.

export const FIND_AIM = 0.5;
// What the model reads of one call, whatever the counts (shared/find-format.ts MODEL_TEXT_MAX).
export const MODEL_TEXT_AIM = 2_500;
// Queries a model would ask on the synthetic pages: a form control, a row's checkbox, a card button.
const FIND_QUERIES = ['send button', 'select row 3-4', 'add to cart'];
// A word spread over the prose, and a button label repeated on every card.
const SEARCH_TEXTS = ['river', 'Add to cart'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** `browser`: the e2e harness's launchWithExtension() handle; `tabId`: the page's tab. */
export async function measureFind(browser, tabId, runs) {
  // Through the worker's bridge first: it injects the page scripts on first use.
  const first = await browser.tool('get_accessibility_tree', { filter: 'all', maxChars: 1_000 }, { tabId });
  if (!first.ok) throw new Error(`bench find: ${first.error.message}`);
  const inPage = async (tool, args) => {
    const reply = await browser.worker.evaluate(
      ([id, t, a]) => globalThis.chrome.tabs.sendMessage(id, { type: 'tool', tool: t, args: a }, { frameId: 0 }),
      [tabId, tool, args],
    );
    if (!reply?.ok) throw new Error(`${tool}: ${reply?.error?.message ?? 'no reply'}`);
    return tool === 'get_accessibility_tree' ? reply.data.stats.buildMs : reply.data.ms;
  };
  const tree = () => inPage('get_accessibility_tree', { filter: 'all', maxChars: 1_000_000 });
  const find = (q) => inPage('find', { query: q, maxCandidates: 20 });
  const search = (t) => inPage('text_search', { text: t, maxMatches: 200 });
  // Every query and text once before timing: the tree build beside them has already run on this page
  // (and in the bench's main loop, many times), so an unwarmed query would time its first JIT
  // compilation against find alone.
  await tree();
  for (const q of FIND_QUERIES) await find(q);
  for (const t of SEARCH_TEXTS) await search(t);
  const treeMs = [];
  const findMs = [];
  const searchMs = [];
  for (let i = 0; i < runs; i++) {
    treeMs.push(await tree());
    findMs.push(await find(FIND_QUERIES[i % FIND_QUERIES.length]));
    searchMs.push(await search(SEARCH_TEXTS[i % SEARCH_TEXTS.length]));
  }
  const t = median(treeMs);
  // The model-facing text at the largest counts, through the worker's tool path (the formatter runs
  // there): every query at maxCandidates 20 and every text at maxMatches 200; the longest is kept.
  let findChars = 0;
  let textSearchChars = 0;
  const modelText = async (tool, args) => {
    const reply = await browser.tool(tool, args, { tabId, mode: 'ask', tier: 'mid' });
    if (!reply.ok || typeof reply.data !== 'string') throw new Error(`bench ${tool}: ${JSON.stringify(reply)}`);
    return reply.data.length;
  };
  for (const q of FIND_QUERIES)
    findChars = Math.max(findChars, await modelText('find', { query: q, maxCandidates: 20 }));
  for (const s of SEARCH_TEXTS) {
    textSearchChars = Math.max(textSearchChars, await modelText('text_search', { text: s, maxMatches: 200 }));
  }
  return {
    runs,
    treeBuildMs: round(t, 1),
    findMs: round(median(findMs), 1),
    textSearchMs: round(median(searchMs), 1),
    findRatio: round(median(findMs) / t),
    textSearchRatio: round(median(searchMs) / t),
    findModelChars: findChars,
    textSearchModelChars: textSearchChars,
  };
}
