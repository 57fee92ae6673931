/**
 * Complete-read proof (issue 28): which pages of each tree snapshot the task has read, and whether
 * that read covers the whole document. A tree result ends with a read-status line: "complete" only
 * when every page of the snapshot was read, nothing was collapsed ("Show more", `{collapsed}` sections,
 * truncated threads: named as tree lines with refs, shared/collapsed-content.ts) and nothing was cut
 * (maxDepth, long texts, omit, a partial filter or query); otherwise it says exactly what is left.
 * The record is plain data kept with the task (TaskRecord.readLog), so it survives a worker restart.
 */
import { collapsedLines } from '../../../shared/collapsed-content';
import { isRecord } from '../../../shared/result';
import { estimateTokens } from '../../../shared/token-estimate';
import type { TreeRead } from './budgets';

export interface ReadRecord {
  /** The snapshot's tree_revision. */
  rev: string;
  totalPages: number;
  /** Pages read, in the order first read. */
  pages: number[];
  /** Collapsed-content lines seen on those pages (printed tree lines, each once). */
  collapsed: string[];
  /** Why this snapshot cannot show the whole document whatever is paged (a filter, a query, cuts). */
  partial: string[];
  /** Estimated tokens of the pages read so far (shared/token-estimate.ts). */
  tokens: number;
}

/** Enough for a read in progress plus the zooms and re-reads around it; older snapshots are forgotten. */
const KEEP = 8;
/** Collapsed controls named per status line: the first ones are what the model should open next. */
const SHOW_COLLAPSED = 8;
/** …within this many characters, so the status fits the result budget's headroom (budgets.ts: 2,000 at least). */
const COLLAPSED_CHARS = 1200;

/** The tree's own notices for what it left out (content-scripts/ax/tree.ts, degradationNotices and infoNotices). */
const CUT_NOTICES: ReadonlyArray<readonly [RegExp, string]> = [
  [/below maxDepth|maxDepth \d+ hid/, 'maxDepth hid nested nodes'],
  [/long text\(s\) were cut/, 'long texts were cut (maxTextChars)'],
  [/omit matched/, 'omit left subtrees out'],
  [/show their first options only/, 'long select lists show their first options only'],
];

function partialReasons(tool: string, args: unknown, tree: TreeRead): string[] {
  const out: string[] = [];
  if (isRecord(args)) {
    if (args.filter === 'visible') out.push('filter "visible" prints only what is in the viewport');
    if (args.filter === 'interactive') out.push('filter "interactive" prints controls, not the text');
    if (typeof args.query === 'string') out.push('query prints matching nodes only');
  }
  if (tree.autoDegraded) out.push('the tree was degraded automatically (see the notes)');
  for (const [pattern, why] of CUT_NOTICES) if (tree.notice && pattern.test(tree.notice)) out.push(why);
  if (tool === 'chrome_ax_tree' && /\(no accessible match\)/.test(tree.tree)) out.push('the query matched nothing');
  return out;
}

/** Records one tree page into the log (mutates it) and returns the snapshot's record. */
export function recordPage(log: ReadRecord[], tool: string, args: unknown, tree: TreeRead): ReadRecord {
  let rec = log.find((r) => r.rev === tree.tree_revision);
  if (!rec) {
    rec = { rev: tree.tree_revision, totalPages: tree.totalPages, pages: [], collapsed: [], partial: [], tokens: 0 };
    log.push(rec);
    while (log.length > KEEP) log.shift();
  }
  if (!rec.pages.includes(tree.page)) {
    rec.pages.push(tree.page);
    rec.tokens += estimateTokens(tree.tree);
    for (const line of collapsedLines(tree.tree)) if (!rec.collapsed.includes(line)) rec.collapsed.push(line);
  }
  for (const why of partialReasons(tool, args, tree)) if (!rec.partial.includes(why)) rec.partial.push(why);
  return rec;
}

/** "1–3, 5": page numbers as ranges. */
function ranges(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i] ?? 0;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i] ?? end;
    out.push(end > start ? `${start}–${end}` : String(start));
  }
  return out.join(', ');
}

/** The status line(s) a tree result ends with. */
export function readStatus(rec: ReadRecord): string {
  const read = `${rec.pages.length === rec.totalPages ? 'all' : ranges(rec.pages)} of ${rec.totalPages} page(s) read, ~${rec.tokens.toLocaleString('en-US')} tokens`;
  const missing = Array.from({ length: rec.totalPages }, (_, i) => i + 1).filter((p) => !rec.pages.includes(p));
  const left: string[] = [];
  if (missing.length > 0) left.push(`page(s) ${ranges(missing)} not read yet`);
  left.push(...rec.partial);
  if (rec.collapsed.length > 0) {
    left.push(
      `${rec.collapsed.length} collapsed part(s) not shown; open each (click its ref), then read again from page 1`,
    );
  }
  if (left.length === 0) {
    return `[read status: COMPLETE: ${read} (tree_revision ${rec.rev}); nothing collapsed or cut]`;
  }
  const shown: string[] = [];
  let room = COLLAPSED_CHARS;
  for (const line of rec.collapsed.slice(0, SHOW_COLLAPSED)) {
    if (line.length + 1 > room) break;
    shown.push(line);
    room -= line.length + 1;
  }
  const more = rec.collapsed.length - shown.length;
  return [
    `[read status: NOT complete: ${read} (tree_revision ${rec.rev}). Left: ${left.join('; ')}.${shown.length > 0 ? ' Collapsed:' : ']'}`,
    ...shown,
    ...(shown.length > 0 ? [`${more > 0 ? `(and ${more} more) ` : ''}]`] : []),
  ].join('\n');
}
