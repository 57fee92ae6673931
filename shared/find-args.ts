/**
 * The page-side parsers of `find` and `text_search` arguments (zod/mini, so the handler script
 * stays small), and the option types the page code takes, inferred from them. The shapes the model
 * is offered are built from the same fields (`FIND_SHAPE`, `TEXT_SEARCH_SHAPE`); frameId is the
 * worker's and never reaches the page.
 */
import * as z from 'zod/mini';
import { DEFAULT_TEST_ID_ATTRIBUTES } from './tree-options';
import {
  FIND_DEFAULT_CANDIDATES,
  FIND_MAX_CANDIDATES,
  QUERY_MAX_CHARS,
  SEARCH_DEFAULT_MATCHES,
  SEARCH_MAX_MATCHES,
} from './find-contract';
import { REF_PATTERN } from './refs';
import { err, ok, type Result } from './result';
import { ATTRIBUTE_NAME_PATTERN } from './tree-options';
import { formatIssues } from './zod-issues';

const Ref = z.string().check(z.regex(REF_PATTERN, 'must be a ref such as "ref_12"'));

/**
 * The arguments `find` and `text_search` share with the model, stated once with the descriptions the
 * model reads: the worker (background/tools/find.ts) adds its own (a frame-qualified `ref_id`,
 * `frameId`, `confidenceFloor`) and handles them before the page is called; the page adds its plain `ref_id`.
 */
export const FIND_SHAPE = {
  query: z
    .string()
    .check(z.minLength(1), z.maxLength(QUERY_MAX_CHARS), z.describe('its label, role or place, in words')),
  maxCandidates: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(FIND_MAX_CANDIDATES))),
  visibleOnly: z.optional(z.boolean()),
};
export const TEXT_SEARCH_SHAPE = {
  text: z.string().check(z.minLength(1), z.maxLength(QUERY_MAX_CHARS), z.describe('the text to look for')),
  exact: z.optional(z.boolean()).check(z.describe('case-sensitive whole text')),
};
/** Follow `ref_id` in text_search's argument order. */
export const TEXT_SEARCH_TAIL = {
  includeHidden: z.optional(z.boolean()),
  maxMatches: z
    .optional(z.number().check(z.int(), z.minimum(1), z.maximum(SEARCH_MAX_MATCHES)))
    .check(z.describe(`listed (default ${SEARCH_DEFAULT_MATCHES})`)),
};

const FindArgsMini = z.object({
  ...FIND_SHAPE,
  ref_id: z.optional(Ref),
  testIdAttributes: z.optional(
    z.array(z.string().check(z.regex(ATTRIBUTE_NAME_PATTERN, 'must be an attribute name'))).check(z.maxLength(10)),
  ),
});

const TextSearchArgsMini = z.object({ ...TEXT_SEARCH_SHAPE, ref_id: z.optional(Ref), ...TEXT_SEARCH_TAIL });

type Defaulted<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: Exclude<T[P], undefined> };

/** Page-side `find` options with every default applied; `ref_id` is local to the frame. */
export type FindOptions = Defaulted<
  Omit<z.output<typeof FindArgsMini>, 'testIdAttributes'>,
  'maxCandidates' | 'visibleOnly'
> & {
  /** Read-only: the default is the one shared list (tree-options.ts). */
  testIdAttributes: readonly string[];
};
/** Page-side `text_search` options with every default applied. */
export type TextSearchOptions = Defaulted<
  z.output<typeof TextSearchArgsMini>,
  'exact' | 'includeHidden' | 'maxMatches'
>;

function issues(tool: string, error: z.core.$ZodError): Result<never> {
  return err('bad_arguments', `invalid arguments for ${tool}: ${formatIssues(error)}`);
}

export function parseFindArgs(raw: unknown): Result<FindOptions> {
  const p = FindArgsMini.safeParse(raw ?? {});
  if (!p.success) return issues('find', p.error);
  const a = p.data;
  return ok({
    query: a.query,
    maxCandidates: a.maxCandidates ?? FIND_DEFAULT_CANDIDATES,
    visibleOnly: a.visibleOnly ?? false,
    ...(a.ref_id !== undefined ? { ref_id: a.ref_id } : {}),
    testIdAttributes: a.testIdAttributes ?? DEFAULT_TEST_ID_ATTRIBUTES,
  });
}

export function parseTextSearchArgs(raw: unknown): Result<TextSearchOptions> {
  const p = TextSearchArgsMini.safeParse(raw ?? {});
  if (!p.success) return issues('text_search', p.error);
  const a = p.data;
  return ok({
    text: a.text,
    exact: a.exact ?? false,
    ...(a.ref_id !== undefined ? { ref_id: a.ref_id } : {}),
    includeHidden: a.includeHidden ?? false,
    maxMatches: a.maxMatches ?? SEARCH_DEFAULT_MATCHES,
  });
}
