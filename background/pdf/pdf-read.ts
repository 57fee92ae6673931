/**
 * The reads of a PDF tab: get_accessibility_tree (pdf-render.ts lines, paged like any tree), and
 * text_search and find over the same blocks. Results have the page scripts' shapes, so the agent
 * loop budgets, formats and fences them exactly like a web page's (PDF text is page content).
 */
import { paginate } from '../../shared/tree-paging';
import type { Capper } from '../../shared/tree-print';
import type { FindPageResult, TextSearchPageResult } from '../../shared/find-contract';
import { err, ok, type Result } from '../../shared/result';
import { REF_IN_LINE } from '../../shared/refs';
import { continuationArgsFor, resolveTreeOptions, type TreeArgs, type TreeResult } from '../../shared/tree-contract';
import { DEFAULT_MAX_TEXT_CHARS } from '../../shared/tree-options';
import type { PdfBlock } from './pdf-layout';
import { renderPdf, type RefLink } from './pdf-render';
import type { PdfDocument } from './pdf-store';

const NO_TEXT_LAYER = 'this PDF has no text layer (scanned?); use screenshot if your model has vision.';

function notices(doc: PdfDocument, capper: Capper, maxTextChars: number, filter: string): string | undefined {
  const out = [`PDF document, ${doc.pages.length} page(s), read from the file (one region per PDF page).`];
  if (doc.chars === 0) out.push(NO_TEXT_LAYER);
  else if (doc.pages.some((p) => p.chars === 0))
    out.push('Some pages have no text layer (scanned?): see their regions.');
  if (filter === 'visible')
    out.push('The viewer\'s scroll position is not known: filter "visible" reads the whole PDF.');
  if (capper.cut > 0)
    out.push(
      `${capper.cut} long text(s) were cut at ${maxTextChars} characters (ending in "…"): pass maxTextChars: 0 to read them whole.`,
    );
  return out.join(' ');
}

/** One page of the PDF as a tree result. Pages 2+ are rendered again from the same document read. */
export function pdfTree(doc: PdfDocument, args: TreeArgs): Result<TreeResult> {
  const started = performance.now();
  const o = resolveTreeOptions(args);
  if (o.page > 1 && o.tree_revision === undefined)
    return err(
      'tree_revision_required',
      `page ${o.page} needs the tree_revision that page 1 returned ("${doc.revision}" for this PDF); pass continuationArgs as given.`,
    );
  if (o.tree_revision !== undefined && o.tree_revision !== doc.revision)
    return err(
      'stale_tree_revision',
      `tree_revision "${o.tree_revision}" belongs to an earlier read of this tab; restart at page 1 (omit page and tree_revision).`,
    );
  if (o.ref_id !== undefined && !doc.links.has(o.ref_id)) return err('ref_not_found', refMiss(doc, o.ref_id));
  const capper: Capper = { limit: o.maxTextChars, cut: 0 };
  const lines = renderPdf(doc.pages, {
    filter: o.filter,
    omit: o.omit,
    capper,
    ...(o.ref_id ? { ref_id: o.ref_id } : {}),
  });
  if (lines.length === 0) lines.push(o.filter === 'interactive' ? '(no links in this PDF)' : '(empty PDF)');
  const pages = paginate(lines, o.maxChars);
  if (o.page > pages.length)
    return err('page_out_of_range', `page ${o.page} does not exist: this read has ${pages.length} page(s).`);
  const hasMore = o.page < pages.length;
  const totalChars = lines.reduce((n, l) => n + l.length + 1, 0) - 1;
  const notice = notices(doc, capper, o.maxTextChars, o.filter);
  return ok({
    tree: pages[o.page - 1] ?? '',
    url: doc.url,
    title: doc.title,
    truncated: pages.length > 1,
    hasMore,
    page: o.page,
    totalPages: pages.length,
    tree_revision: doc.revision,
    continuationArgs: hasMore ? continuationArgsFor(o, o.page + 1, doc.revision) : null,
    autoDegraded: capper.cut > 0,
    ...(notice !== undefined ? { notice } : {}),
    stats: {
      refCount: lines.filter((l) => REF_IN_LINE.test(l)).length,
      nodeCount: lines.length,
      elementCount: doc.runCount,
      totalChars,
      // Page 1 reports the file's read (fetch + parse + layout) the first time; rendering is the rest.
      buildMs: o.page === 1 ? Math.round((performance.now() - started) * 10) / 10 : 0,
    },
  });
}

export function refMiss(doc: PdfDocument, ref: string): string {
  const known = [...doc.links.keys()].slice(0, 5);
  return `${ref} is not a link of this PDF (refs of an earlier read or page are gone)${known.length > 0 ? `; its links include ${known.join(', ')}` : ''}; re-read with get_accessibility_tree.`;
}

interface Searchable {
  page: number;
  text: string;
  /** The tree line, as printed (cut at 300 like the tree's default). */
  line: string;
  ref: string;
}

/** Every block and link of the document, with its full text and the line the tree prints for it. */
function searchables(doc: PdfDocument): Searchable[] {
  const out: Searchable[] = [];
  const capper: Capper = { limit: DEFAULT_MAX_TEXT_CHARS, cut: 0 };
  doc.pages.forEach((page, i) => {
    const one = (b: PdfBlock, text: string): void => {
      const [line = ''] = renderPdf([{ blocks: [b], chars: 1 }], { filter: 'all', omit: [], capper }).slice(1);
      out.push({ page: i + 1, text, line: line.trim(), ref: '' });
    };
    for (const b of page.blocks) {
      // A paragraph that is one link prints as the link (pdf-render.ts): listed once, with its ref.
      const linkOnly = b.kind === 'paragraph' && b.links.length === 1 && b.links[0]?.text === b.text;
      if (b.kind !== 'link' && !linkOnly) one(b, b.text);
      const links: RefLink[] = b.kind === 'link' ? [b.link] : b.links;
      for (const l of links) {
        const [line = ''] = renderPdf([{ blocks: [{ kind: 'link', link: l }], chars: 1 }], {
          filter: 'all',
          omit: [],
          capper,
        }).slice(1);
        out.push({ page: i + 1, text: `${l.text} ${l.url ?? ''}`.trim(), line: line.trim(), ref: l.ref ?? '' });
      }
    }
  });
  return out;
}

function snippet(text: string, at: number, len: number): string {
  const from = Math.max(0, at - 40);
  const to = Math.min(text.length, at + len + 40);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

export function pdfTextSearch(
  doc: PdfDocument,
  args: { text: string; exact?: boolean; ref_id?: string; maxMatches?: number },
): TextSearchPageResult {
  const started = performance.now();
  const needle = args.exact ? args.text : args.text.toLowerCase();
  const pool = searchables(doc).filter((s) => args.ref_id === undefined || s.ref === args.ref_id);
  const hits: TextSearchPageResult['matches'] = [];
  let count = 0;
  for (const s of pool) {
    const hay = args.exact ? s.text : s.text.toLowerCase();
    const at = args.exact ? (hay === needle ? 0 : -1) : hay.indexOf(needle);
    if (at < 0) continue;
    count++;
    if (hits.length < (args.maxMatches ?? 20))
      hits.push({
        ref: s.ref,
        line: s.line,
        snippet: snippet(s.text, at, needle.length),
        context: `PDF page ${s.page}`,
      });
  }
  return { text: args.text, url: doc.url, count, matches: hits, ms: Math.round(performance.now() - started) };
}

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];

/** find on a PDF: blocks and links scored by the share of the query's words they contain, links first on ties. */
export function pdfFind(doc: PdfDocument, args: { query: string; maxCandidates?: number }): FindPageResult {
  const started = performance.now();
  const query = [...new Set(words(args.query))];
  const scored = searchables(doc)
    .map((s) => {
      const have = new Set(words(s.text));
      const hit = query.filter((w) => have.has(w)).length;
      return { s, score: query.length > 0 ? Math.round((100 * hit) / query.length) : 0 };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || Number(b.s.ref !== '') - Number(a.s.ref !== ''));
  const candidates = scored.slice(0, args.maxCandidates ?? 5).map(({ s, score }) => ({
    ref: s.ref,
    line: s.line,
    score,
    // Nothing in a PDF is disabled or covered; only lines with a ref can be clicked (links).
    actionable: true as const,
    box: null,
    context: `PDF page ${s.page}${s.ref ? '' : ' (text: nothing to click)'}`,
  }));
  return {
    query: args.query,
    url: doc.url,
    candidates,
    matches: scored.length,
    actionableMatches: scored.length,
    topScore: scored[0]?.score ?? 0,
    ms: Math.round(performance.now() - started),
  };
}
