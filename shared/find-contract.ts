/**
 * `find` and `text_search` between the worker and the page, without any schema library: the tree
 * content script imports only this file. The handler script parses arguments with `find-args.ts`
 * (zod/mini); the worker states them for the model in background/tools/find.ts and text-search.ts.
 */

export const FIND_DEFAULT_CANDIDATES = 5;
export const FIND_MAX_CANDIDATES = 20;
export const SEARCH_DEFAULT_MATCHES = 20;
export const SEARCH_MAX_MATCHES = 200;
export const QUERY_MAX_CHARS = 500;
/** A row's or list item's text in a `find` reply is cut here (browxai's rowText, 200). */
export const ROW_TEXT_MAX = 200;

type Actionable = true | 'disabled' | 'off-screen' | 'covered';

interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Page-side `find` options with every default applied; `ref_id` is local to the frame. */
export interface FindOptions {
  query: string;
  maxCandidates: number;
  visibleOnly: boolean;
  ref_id?: string;
  testIdAttributes: readonly string[];
}

export interface FindPageCandidate {
  ref: string;
  /** The element's tree line (role "name" [ref_N] attrs {states}). */
  line: string;
  score: number;
  actionable: Actionable;
  /** The visible part of the box (viewport and overflow clipping applied); null when none is. */
  box: PageBox | null;
  /** `in table "Orders" row "May 13" col "Type"` when it sits in a collection. */
  context?: string;
  /** The whole row's or list item's text (at most ROW_TEXT_MAX characters) when it says more than `context`. */
  rowText?: string;
  /** The tree does not print this element (a test-id-only element). */
  unprinted?: boolean;
}

export interface FindPageResult {
  query: string;
  url: string;
  candidates: FindPageCandidate[];
  /** How many candidates matched at all (before the cut to maxCandidates). */
  matches: number;
  /** How many of the placed (best) matches are actionable. */
  actionableMatches: number;
  topScore: number;
  /** Time spent in the page, for the bench. */
  ms: number;
}

export interface TextSearchOptions {
  text: string;
  exact: boolean;
  ref_id?: string;
  includeHidden: boolean;
  maxMatches: number;
}

export interface TextSearchMatch {
  ref: string;
  /** The nearest element the tree prints, as its line (role "name" [ref_N]). */
  line: string;
  /** The match with a little text around it. */
  snippet: string;
  context?: string;
  /** Whether the element holding the text is on screen (not scrolled away, clipped or hidden); absent in a PDF. */
  visible?: boolean;
  /** The visible part of that element's box, in viewport pixels; null when none of it is on screen. */
  box?: PageBox | null;
}

export interface TextSearchPageResult {
  text: string;
  url: string;
  /** The true total, even when `matches` stops at maxMatches. */
  count: number;
  matches: TextSearchMatch[];
  ms: number;
}
