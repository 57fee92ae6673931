/**
 * Tree options without any schema library: constants, defaults and continuation arguments. The
 * tree content script imports only this file, so it carries no zod at all; arguments are parsed
 * by the handler script (`tree-args.ts`, zod/mini) and by the worker (`tree-contract.ts`, zod).
 */
import type * as z from 'zod/mini';
import type { TreeArgsMiniSchema } from './tree-args';

export const TREE_FILTERS = ['all', 'visible', 'interactive'] as const;
export type TreeFilter = (typeof TREE_FILTERS)[number];

/**
 * Page sizes per filter, in characters of tree text: a 6,000-character page fits an 8,000-character
 * tool result (background/agent/loop/budgets.ts); the viewport and controls-only views are smaller by nature.
 */
export const DEFAULT_MAX_CHARS: Readonly<Record<TreeFilter, number>> = { all: 6000, visible: 3000, interactive: 3500 };
const DEFAULT_MAX_DEPTH = 15;
export const MAX_MAX_DEPTH = 100;
/** The test-id attributes every reader prints and matches when the model names none: the one list. */
export const DEFAULT_TEST_ID_ATTRIBUTES: readonly string[] = ['data-testid', 'data-test', 'data-cy', 'data-qa'];
/** Text runs, names and values longer than this are cut with an ellipsis (and the result says so). */
export const DEFAULT_MAX_TEXT_CHARS = 300;
export const MAX_MAX_TEXT_CHARS = 100_000;
export const MIN_MAX_CHARS = 500;
/** The schema's ceiling; the service worker clamps lower per model tier. */
export const MAX_MAX_CHARS = 1_000_000;
export const MAX_OMIT_PATTERNS = 20;
export const MAX_OMIT_PATTERN_CHARS = 100;
export const ATTRIBUTE_NAME_PATTERN = /^[a-z][a-z0-9_.:-]*$/i;

/**
 * The tool's arguments as the model writes them (all optional), inferred from the one schema that
 * validates them (`TreeArgsMiniSchema` in tree-args.ts; a type-only import, so the tree script stays
 * free of zod).
 */
export type TreeArgs = z.infer<typeof TreeArgsMiniSchema>;

/** Arguments with every default applied: what the builder works from. */
export interface TreeOptions {
  filter: TreeFilter;
  maxDepth: number;
  maxChars: number;
  ref_id?: string;
  page: number;
  tree_revision?: string;
  testIdAttributes: readonly string[];
  maxTextChars: number;
  /**
   * Set by the worker (never by the model) when it reads a child frame: the frame id its refs are
   * shown under (`f2`). Lines are qualified before paging, so frame pages keep to maxChars too.
   */
  frameRef?: string;
  /** Case-insensitive patterns: subtrees whose role, name or test id contains one are left out. */
  omit: readonly string[];
}

export function resolveTreeOptions(args: TreeArgs): TreeOptions {
  const filter = args.filter ?? 'all';
  return {
    filter,
    maxDepth: args.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxChars: args.maxChars ?? DEFAULT_MAX_CHARS[filter],
    ...(args.ref_id !== undefined ? { ref_id: args.ref_id } : {}),
    page: args.page ?? 1,
    ...(args.tree_revision !== undefined ? { tree_revision: args.tree_revision } : {}),
    testIdAttributes: args.testIdAttributes ?? DEFAULT_TEST_ID_ATTRIBUTES,
    maxTextChars: args.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS,
    omit: args.omit ?? [],
  };
}

/**
 * The arguments to pass for another page of the same snapshot: everything that shapes the tree is
 * spelled out (maxChars included), so a caller that copies them gets exactly the next slice.
 */
export function continuationArgsFor(options: TreeOptions, page: number, revision: string): TreeArgs {
  const args: TreeArgs = {
    filter: options.filter,
    maxDepth: options.maxDepth,
    maxChars: options.maxChars,
    page,
    tree_revision: revision,
  };
  if (options.ref_id !== undefined) args.ref_id = options.ref_id;
  if (!sameList(options.testIdAttributes, DEFAULT_TEST_ID_ATTRIBUTES))
    args.testIdAttributes = [...options.testIdAttributes];
  if (options.maxTextChars !== DEFAULT_MAX_TEXT_CHARS) args.maxTextChars = options.maxTextChars;
  if (options.omit.length > 0) args.omit = [...options.omit];
  return args;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
