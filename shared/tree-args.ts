/**
 * The page-side parser of get_accessibility_tree arguments, in zod/mini so the handler script stays
 * small; the `TreeArgs` type is inferred from it. `tree-contract.ts` states the same arguments in
 * classic zod with descriptions for the model; tree-contract.test.ts holds the two in step.
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
  filter: z.optional(z.enum(TREE_FILTERS)),
  maxDepth: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_MAX_DEPTH))),
  maxChars: z.optional(z.number().check(z.int(), z.minimum(MIN_MAX_CHARS), z.maximum(MAX_MAX_CHARS))),
  ref_id: z.optional(z.string().check(z.regex(REF_PATTERN, 'must be a ref such as "ref_12"'))),
  page: z.optional(z.number().check(z.int(), z.minimum(1))),
  tree_revision: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  testIdAttributes: z.optional(
    z.array(z.string().check(z.regex(ATTRIBUTE_NAME_PATTERN, 'must be an attribute name'))).check(z.maxLength(10)),
  ),
  maxTextChars: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(MAX_MAX_TEXT_CHARS))),
  omit: z.optional(
    z
      .array(z.string().check(z.minLength(1), z.maxLength(MAX_OMIT_PATTERN_CHARS)))
      .check(z.maxLength(MAX_OMIT_PATTERNS)),
  ),
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
