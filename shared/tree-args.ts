/**
 * The page-side parser of get_accessibility_tree arguments, in zod/mini so the handler script stays
 * small. `tree-contract.ts` states the same arguments in classic zod with descriptions for the
 * model; tree-contract.test.ts holds the two in step.
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
  type TreeArgs,
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
// Compile-time check that the schema and the hand-written TreeArgs describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemaMatchesTreeArgs: Same<z.infer<typeof TreeArgsMiniSchema>, TreeArgs> = true;
void _schemaMatchesTreeArgs;

/** Parses raw tool arguments (null/undefined mean "all defaults") into options, or a readable error. */
export function parseTreeArgs(raw: unknown): Result<TreeOptions> {
  const parsed = TreeArgsMiniSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    return err(
      'bad_arguments',
      `invalid arguments for get_accessibility_tree: ${formatIssues(parsed.error)}. ` +
        'Valid: filter ("all"|"visible"|"interactive"), maxDepth, maxChars, ref_id, page, tree_revision, testIdAttributes, maxTextChars, omit',
    );
  }
  return ok(resolveTreeOptions(parsed.data));
}
