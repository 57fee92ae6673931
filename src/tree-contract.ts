/**
 * The contract of `get_accessibility_tree`, shared by the service worker (tool schema, reply
 * validation) and the content script (argument parsing, defaults).
 */
import { z } from 'zod';
import { err, ok, type Result } from './result';

export const TREE_FILTERS = ['all', 'visible', 'interactive'] as const;
export type TreeFilter = (typeof TREE_FILTERS)[number];

/** Page sizes per filter, in characters of tree text (the reference design's 6,000/3,000/3,500). */
export const DEFAULT_MAX_CHARS: Readonly<Record<TreeFilter, number>> = { all: 6000, visible: 3000, interactive: 3500 };
export const DEFAULT_MAX_DEPTH = 15;
export const DEFAULT_TEST_ID_ATTRIBUTES: readonly string[] = ['data-testid', 'data-test', 'data-cy', 'data-qa'];
/** Text runs, names and values longer than this are cut with an ellipsis (and the result says so). */
export const DEFAULT_MAX_TEXT_CHARS = 300;
export const MIN_MAX_CHARS = 500;
/** The schema's ceiling; the service worker clamps lower per model tier. */
export const MAX_MAX_CHARS = 1_000_000;

export const TreeArgsSchema = z.strictObject({
  filter: z
    .enum(TREE_FILTERS)
    .optional()
    .describe(
      "'all' (default): the whole rendered page; 'visible': only what is in the viewport; 'interactive': controls only",
    ),
  maxDepth: z.number().int().min(1).max(100).optional().describe('deepest nesting level to print (default 15)'),
  maxChars: z
    .number()
    .int()
    .min(MIN_MAX_CHARS)
    .max(MAX_MAX_CHARS)
    .optional()
    .describe('page size in characters (default 6000 for all, 3000 visible, 3500 interactive)'),
  ref_id: z
    .string()
    .regex(/^ref_[1-9]\d*$/, 'must be a ref such as "ref_12"')
    .optional()
    .describe("print only this element's subtree"),
  page: z.number().int().min(1).optional().describe('1-based page of a long tree; pass continuationArgs as given'),
  tree_revision: z.string().min(1).max(64).optional().describe('the revision page 1 returned; required for page 2+'),
  testIdAttributes: z
    .array(z.string().regex(/^[a-z][a-z0-9_.:-]*$/i, 'must be an attribute name'))
    .max(10)
    .optional()
    .describe('attributes printed as [attr="…"] hints (default data-testid, data-test, data-cy, data-qa)'),
  maxTextChars: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .optional()
    .describe('cut longer texts with an ellipsis (default 300; 0 = never cut)'),
});
export type TreeArgs = z.infer<typeof TreeArgsSchema>;

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
  const parsed = TreeArgsSchema.safeParse(raw ?? {});
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

export const TreeStatsSchema = z.object({
  /** Refs printed in the whole snapshot (all pages). */
  refCount: z.number(),
  /** Lines in the whole snapshot. */
  nodeCount: z.number(),
  /** Elements the walk visited. */
  elementCount: z.number(),
  /** Characters of the whole snapshot. */
  totalChars: z.number(),
  /** Time to build the snapshot (0 when the page was served from an earlier snapshot). */
  buildMs: z.number(),
});
export type TreeStats = z.infer<typeof TreeStatsSchema>;

export const TreeResultSchema = z.object({
  tree: z.string(),
  url: z.string(),
  title: z.string(),
  truncated: z.boolean(),
  hasMore: z.boolean(),
  page: z.number(),
  totalPages: z.number(),
  tree_revision: z.string(),
  continuationArgs: TreeArgsSchema.nullable(),
  autoDegraded: z.boolean(),
  notice: z.string().optional(),
  stats: TreeStatsSchema,
});
export type TreeResult = z.infer<typeof TreeResultSchema>;
