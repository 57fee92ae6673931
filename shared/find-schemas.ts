/**
 * The page's `find` and `text_search` replies, stated once (zod/mini): the page builds values of the
 * inferred types, the worker checks every reply against the schemas (background/page-call.ts), and
 * the formatter and PDF reader use the same types. The tree content script imports only the types
 * (`import type`, erased) and the constants in shared/find-contract.ts, so it carries no schema library.
 */
import * as z from 'zod/mini';

const Box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

const FindPageCandidateSchema = z.object({
  ref: z.string(),
  /** The element's tree line (role "name" [ref_N] attrs {states}). */
  line: z.string(),
  score: z.number(),
  actionable: z.union([z.literal(true), z.enum(['disabled', 'off-screen', 'covered'])]),
  /** The visible part of the box (viewport and overflow clipping applied); null when none is. */
  box: z.nullable(Box),
  /** `in table "Orders" row "May 13" col "Type"` when it sits in a collection. */
  context: z.optional(z.string()),
  /** The whole row's or list item's text (at most ROW_TEXT_MAX characters) when it says more than `context`. */
  rowText: z.optional(z.string()),
  /** The tree does not print this element (a test-id-only element). */
  unprinted: z.optional(z.boolean()),
});

export const FindPageResultSchema = z.object({
  query: z.string(),
  url: z.string(),
  candidates: z.array(FindPageCandidateSchema),
  /**
   * When nothing the tree shows matched: hidden sections (collapsed, closed, display:none) whose text
   * holds the query's words, and the tree lines of the controls that show them (content-scripts/find/hidden-matches.ts).
   */
  hidden: z.optional(z.object({ count: z.number(), openers: z.array(z.string()) })),
  /** How many candidates matched at all (before the cut to maxCandidates). */
  matches: z.number(),
  /** How many of the placed (best) matches are actionable. */
  actionableMatches: z.number(),
  topScore: z.number(),
  /** Time spent in the page, for the bench. */
  ms: z.number(),
});

const TextSearchMatchSchema = z.object({
  ref: z.string(),
  /** The nearest element the tree prints, as its line (role "name" [ref_N]). */
  line: z.string(),
  /** The match with a little text around it. */
  snippet: z.string(),
  context: z.optional(z.string()),
  /** Whether the element holding the text is on screen (not scrolled away, clipped or hidden); absent in a PDF. */
  visible: z.optional(z.boolean()),
  /** The visible part of that element's box, in viewport pixels; null when none of it is on screen. */
  box: z.optional(z.nullable(Box)),
});

export const TextSearchPageResultSchema = z.object({
  text: z.string(),
  url: z.string(),
  /** The true total, even when `matches` stops at maxMatches. */
  count: z.number(),
  matches: z.array(TextSearchMatchSchema),
  ms: z.number(),
});

export type FindPageCandidate = z.infer<typeof FindPageCandidateSchema>;
export type FindPageResult = z.infer<typeof FindPageResultSchema>;
export type TextSearchMatch = z.infer<typeof TextSearchMatchSchema>;
export type TextSearchPageResult = z.infer<typeof TextSearchPageResultSchema>;
