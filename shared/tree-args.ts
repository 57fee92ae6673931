/**
 * get_accessibility_tree's arguments, stated once: zod/mini (so the page script stays small), with
 * the descriptions the model reads. The page parses with it, the worker offers it to the model as is
 * (`TreeArgsSchema` in tree-contract.ts; define-tool.ts takes zod core schemas) and the `TreeArgs`
 * type is inferred from it.
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from './result';
import { REF_PATTERN } from './refs';
import {
  ATTRIBUTE_NAME_PATTERN,
  MAX_MAX_CHARS,
  MAX_MAX_DEPTH,
  MAX_MAX_TEXT_CHARS,
  MAX_OMIT_PATTERN_CHARS,
  MAX_OMIT_PATTERNS,
  MIN_MAX_CHARS,
  TREE_FILTERS,
  resolveTreeOptions,
  type TreeOptions,
} from './tree-options';
import { formatIssues } from './zod-issues';

export * from './tree-options';

export const TreeArgsMiniSchema = z.strictObject({
  filter: z
    .optional(z.enum(TREE_FILTERS))
    .check(z.describe("'visible': the viewport only; 'interactive': controls only")),
  maxDepth: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_MAX_DEPTH))),
  maxChars: z
    .optional(z.number().check(z.int(), z.minimum(MIN_MAX_CHARS), z.maximum(MAX_MAX_CHARS)))
    .check(z.describe('above 6000 only where the system prompt allows')),
  ref_id: z
    .optional(z.string().check(z.regex(REF_PATTERN, 'must be a ref such as "ref_12"')))
    .check(z.describe('only this subtree')),
  page: z.optional(z.number().check(z.int(), z.minimum(1))).check(z.describe('pass continuationArgs as given')),
  tree_revision: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  testIdAttributes: z
    .optional(
      z.array(z.string().check(z.regex(ATTRIBUTE_NAME_PATTERN, 'must be an attribute name'))).check(z.maxLength(10)),
    )
    .check(z.describe('test-id attributes to show')),
  maxTextChars: z
    .optional(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_MAX_TEXT_CHARS)))
    .check(z.describe('0: never cut')),
  omit: z
    .optional(
      z
        .array(z.string().check(z.minLength(1), z.maxLength(MAX_OMIT_PATTERN_CHARS)))
        .check(z.maxLength(MAX_OMIT_PATTERNS)),
    )
    .check(z.describe('skip subtrees whose role, name or test id contains one')),
});

/** The argument names for the error text, read off the schema: `filter ("all"|"visible"|"interactive"), maxDepth, …`. */
const VALID_ARGS = Object.keys(TreeArgsMiniSchema.shape)
  .map((k) => (k === 'filter' ? `filter (${TREE_FILTERS.map((f) => `"${f}"`).join('|')})` : k))
  .join(', ');

/** Parses raw tool arguments (null/undefined mean "all defaults") into options, or a readable error. */
export function parseTreeArgs(raw: unknown): Result<TreeOptions> {
  const parsed = TreeArgsMiniSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    return err(
      'bad_arguments',
      `invalid arguments for get_accessibility_tree: ${formatIssues(parsed.error)}. ` + `Valid: ${VALID_ARGS}`,
    );
  }
  return ok(resolveTreeOptions(parsed.data));
}
