/**
 * The page-side half of the get_accessibility_tree contract: argument parsing and defaults in
 * zod/mini, so the tree content script stays small. `tree-contract.ts` states the same arguments in
 * classic zod with descriptions for the model; tree-contract.test.ts holds the two in step.
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from './result';

export const TREE_FILTERS = ['all', 'visible', 'interactive'] as const;
export type TreeFilter = (typeof TREE_FILTERS)[number];

/** Page sizes per filter, in characters of tree text (the reference design's 6,000/3,000/3,500). */
export const DEFAULT_MAX_CHARS: Readonly<Record<TreeFilter, number>> = { all: 6000, visible: 3000, interactive: 3500 };
export const DEFAULT_MAX_DEPTH = 15;
export const MAX_MAX_DEPTH = 100;
export const DEFAULT_TEST_ID_ATTRIBUTES: readonly string[] = ['data-testid', 'data-test', 'data-cy', 'data-qa'];
/** Text runs, names and values longer than this are cut with an ellipsis (and the result says so). */
export const DEFAULT_MAX_TEXT_CHARS = 300;
export const MAX_MAX_TEXT_CHARS = 100_000;
export const MIN_MAX_CHARS = 500;
/** The schema's ceiling; the service worker clamps lower per model tier. */
export const MAX_MAX_CHARS = 1_000_000;
export const REF_ID_PATTERN = /^ref_[1-9]\d*$/;
export const ATTRIBUTE_NAME_PATTERN = /^[a-z][a-z0-9_.:-]*$/i;

export const TreeArgsMiniSchema = z.strictObject({
  filter: z.optional(z.enum(TREE_FILTERS)),
  maxDepth: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_MAX_DEPTH))),
  maxChars: z.optional(z.number().check(z.int(), z.minimum(MIN_MAX_CHARS), z.maximum(MAX_MAX_CHARS))),
  ref_id: z.optional(z.string().check(z.regex(REF_ID_PATTERN, 'must be a ref such as "ref_12"'))),
  page: z.optional(z.number().check(z.int(), z.minimum(1))),
  tree_revision: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  testIdAttributes: z.optional(
    z.array(z.string().check(z.regex(ATTRIBUTE_NAME_PATTERN, 'must be an attribute name'))).check(z.maxLength(10)),
  ),
  maxTextChars: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_MAX_TEXT_CHARS))),
});
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
  };
}

/** Parses raw tool arguments (null/undefined mean "all defaults") into options, or a readable error. */
export function parseTreeArgs(raw: unknown): Result<TreeOptions> {
  const parsed = TreeArgsMiniSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const parts = parsed.error.issues.slice(0, 4).map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
      return `${where}: ${issue.message}`;
    });
    return err(
      'bad_arguments',
      `invalid arguments for get_accessibility_tree: ${parts.join('; ')}. ` +
        'Valid: filter ("all"|"visible"|"interactive"), maxDepth, maxChars, ref_id, page, tree_revision, testIdAttributes, maxTextChars',
    );
  }
  return ok(resolveTreeOptions(parsed.data));
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
  return args;
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
