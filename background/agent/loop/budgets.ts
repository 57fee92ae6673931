import { z } from 'zod';
import type { Tier } from '../../../shared/modes';
import { isRecord } from '../../../shared/result';
import {
  FrameTreeResultSchema,
  TreeResultSchema,
  type FrameTreeResult,
  type TreeResult,
} from '../../../shared/tree-contract';
import { capPageText, capUrl, TITLE_MAX } from '../../../shared/fence';
import { estimateTokens, tokensForChars } from '../../../shared/token-estimate';

/**
 * Paired limits: a tree page of `page` characters fits inside a tool result of `result` characters
 * with its header and paging instructions (about 2,000 characters of headroom).
 */
const STANDARD_READ = { page: 6_000, result: 8_000 } as const;
const EXPANDED_READ = { page: 12_000, result: 16_000 } as const;
/** A 64k-token context is the least that fits 16k-character reads alongside a conversation. */
const EXPANDED_MIN_CONTEXT = 65_536;
const TREE_TOOL = 'get_accessibility_tree';
const FRAME_TREE_TOOL = 'iframe_read';
/** Tools whose result is a (possibly paged) tree: same budgets, same formatting, same paging rule. */
export const TREE_TOOLS: ReadonlySet<string> = new Set([TREE_TOOL, FRAME_TREE_TOOL, 'chrome_ax_tree']);

function expandedReadsAllowed(tier: Tier, contextWindow: number): boolean {
  return tier !== 'compact' && contextWindow >= EXPANDED_MIN_CONTEXT;
}

export interface ReadPlan {
  /** The arguments actually dispatched (maxChars clamped to what the model may have). */
  args: unknown;
  /** Ceiling of the serialized result the model receives. */
  resultCap: number;
  /** Said to the model when its request was narrowed. */
  notice?: string;
}

/** The largest tree page this model may ask for (said in the system prompt and by every clamp). */
export function maxReadPage(tier: Tier, contextWindow: number): number {
  return expandedReadsAllowed(tier, contextWindow) ? EXPANDED_READ.page : STANDARD_READ.page;
}

/**
 * Applies the read budget to one tool call. A tree read (the page's or a frame's) asking for more
 * than 6,000 characters can get the expanded 12,000/16,000 pair, and only for Mid/Full models with a
 * context of at least 64k tokens; the content script's own defaults (6,000 all, 3,000 visible,
 * 3,500 interactive) apply when maxChars is not given.
 */
export function planRead(
  tool: string,
  args: unknown,
  tier: Tier,
  contextWindow: number,
  /** The task asks about a whole document (wantsWholeDocument): its first page is the larger one. */
  wholeDocument = false,
): ReadPlan {
  const whole = wholeDocument ? wholeDocumentFirstPage(tool, args, tier, contextWindow) : null;
  if (whole) return whole;
  if (
    !TREE_TOOLS.has(tool) ||
    !isRecord(args) ||
    typeof args.maxChars !== 'number' ||
    args.maxChars <= STANDARD_READ.page
  ) {
    return { args, resultCap: STANDARD_READ.result };
  }
  if (expandedReadsAllowed(tier, contextWindow)) {
    if (args.maxChars <= EXPANDED_READ.page) return { args, resultCap: EXPANDED_READ.result };
    return {
      args: { ...args, maxChars: EXPANDED_READ.page },
      resultCap: EXPANDED_READ.result,
      notice: `maxChars ${args.maxChars} lowered to ${EXPANDED_READ.page}, the largest page this model may read.`,
    };
  }
  return {
    args: { ...args, maxChars: STANDARD_READ.page },
    resultCap: STANDARD_READ.result,
    notice: `maxChars ${args.maxChars} lowered to ${STANDARD_READ.page}: ${tier}-tier models with a ${contextWindow}-token context read 6,000-character pages.`,
  };
}

/**
 * Tasks about a whole document ("summarise the whole thread", "read the entire article"): issue 28's
 * "whole-document tasks get the larger first page". Told by the task text rather than a tool argument,
 * since every argument of the main read is paid in every request (issue 26).
 */
const WHOLE_DOCUMENT =
  /\b(?:whole|entire|full|complete|every\s+(?:message|comment|reply|post|section|page|paragraph))\b|\bsummari[sz]e\b|\ball\s+of\s+(?:the|this|it)\b|\btl;?dr\b/i;

export function wantsWholeDocument(task: string): boolean {
  return WHOLE_DOCUMENT.test(task);
}

/**
 * The first page of a whole-page tree read (no maxChars, filter "all", no page) at the expanded size,
 * where the model may have it; continuationArgs then carry that size to every later page.
 */
function wholeDocumentFirstPage(tool: string, args: unknown, tier: Tier, contextWindow: number): ReadPlan | null {
  if (!TREE_TOOLS.has(tool) || tool === 'chrome_ax_tree' || !expandedReadsAllowed(tier, contextWindow)) return null;
  const a = isRecord(args) ? args : {};
  if (a.maxChars !== undefined || (a.page !== undefined && a.page !== 1) || (a.filter ?? 'all') !== 'all') return null;
  return {
    args: { ...a, maxChars: EXPANDED_READ.page },
    resultCap: EXPANDED_READ.result,
    notice: `whole-document task: pages of ${EXPANDED_READ.page} characters.`,
  };
}

/**
 * Chrome's tree (chrome_ax_tree): its continuation carries its own arguments (query, frameId), which the
 * page tree's strict argument schema does not know; the model is told to pass it back as is.
 */
const ChromeAxTreeResultSchema = TreeResultSchema.extend({
  continuationArgs: z.record(z.string(), z.unknown()).nullable(),
});

/** A page's tree, a frame's, or Chrome's: each carries the exact continuation of its own tool. */
export type TreeRead = TreeResult | FrameTreeResult | z.infer<typeof ChromeAxTreeResultSchema>;

export function parseTreeResult(data: unknown, tool = TREE_TOOL): TreeRead | null {
  const schema =
    tool === FRAME_TREE_TOOL
      ? FrameTreeResultSchema
      : tool === 'chrome_ax_tree'
        ? ChromeAxTreeResultSchema
        : TreeResultSchema;
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** tokensEstimate of this page and, for a paged tree, of the whole snapshot (shared/token-estimate.ts). */
function readStats(r: TreeRead): string {
  const page = `~${estimateTokens(r.tree).toLocaleString('en-US')} tokens`;
  if (r.totalPages <= 1) return page;
  return `${page} (whole tree ~${tokensForChars(r.stats.totalChars).toLocaleString('en-US')})`;
}

/** The tree as the model reads it: a short header, the tree text, then paging instructions. */
export function formatTreeResult(r: TreeRead, cap: number, notice?: string, tool = TREE_TOOL): string {
  const head = [
    ...('frameId' in r ? [`frame: ${r.frameId}`] : []),
    // Page-set strings: capped and on one line (they are inside the fence, but unbounded otherwise).
    `url: ${capUrl(r.url)}`,
    `title: ${capPageText(r.title, TITLE_MAX)}`,
    `page ${r.page} of ${r.totalPages} · tree_revision ${r.tree_revision} · ${r.stats.refCount} refs · ${readStats(r)}`,
  ];
  if (notice) head.push(`note: ${notice}`);
  if (r.notice) head.push(`note: ${r.notice}`);
  const tail: string[] = [];
  if (r.hasMore && r.continuationArgs) {
    tail.push(
      `[truncated: hasMore:true. To read page ${r.page + 1}, call ${tool} with exactly these arguments: ${JSON.stringify(r.continuationArgs)}. Reuse each returned continuationArgs exactly until hasMore:false.]`,
    );
  } else if (r.hasMore) {
    tail.push(
      `[truncated: hasMore:true. To read page ${r.page + 1}, call ${tool} with page:${r.page + 1} and tree_revision:"${r.tree_revision}" and the same other arguments.]`,
    );
  } else if (r.totalPages > 1) {
    tail.push(`[end of tree: page ${r.page} of ${r.totalPages} is the last; hasMore:false]`);
  } else {
    // A one-page tree can still be incomplete (depth or text limits); the notes above say where.
    tail.push(
      r.truncated
        ? '[end of tree: hasMore:false; some nodes were cut, see the notes and the … markers]'
        : '[end of tree: hasMore:false]',
    );
  }
  const frame = head.join('\n').length + tail.join('\n').length + 2;
  let tree = r.tree;
  if (frame + tree.length > cap) {
    // Only reachable when a page is larger than its budget; say so rather than cut silently.
    const room = Math.max(0, cap - frame - 200);
    tail.unshift(
      `[result cut at ${room} of ${tree.length} tree characters to fit the ${cap}-character tool result; the continuation above skips the cut part, so read with a smaller maxChars or a ref_id subtree to see it]`,
    );
    tree = tree.slice(0, room);
  }
  return [...head, tree, ...tail].join('\n');
}

/** Any other result: compact JSON, cut with an exact statement of what was left out. */
export function formatGenericResult(data: unknown, cap: number): string {
  const text = typeof data === 'string' ? data : (JSON.stringify(data) ?? 'null');
  if (text.length <= cap) return text;
  const keep = cap - 120;
  return `${text.slice(0, keep)}\n[truncated: showing ${keep} of ${text.length} characters of this result]`;
}
