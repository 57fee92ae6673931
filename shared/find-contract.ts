/**
 * `find` and `text_search` between the worker and the page, without any schema library: the tree
 * content script imports only this file's constants and (type-only) the reply types, whose one source
 * is the schemas in `find-schemas.ts`. The handler script parses arguments with `find-args.ts`.
 */

export const FIND_DEFAULT_CANDIDATES = 5;
export const FIND_MAX_CANDIDATES = 20;
export const SEARCH_DEFAULT_MATCHES = 20;
export const SEARCH_MAX_MATCHES = 200;
export const QUERY_MAX_CHARS = 500;
/** A row's or list item's text in a `find` reply is cut here (browxai's rowText, 200). */
export const ROW_TEXT_MAX = 200;

export type { FindPageCandidate, FindPageResult, TextSearchMatch, TextSearchPageResult } from './find-schemas';
export type { FindOptions, TextSearchOptions } from './find-args';
