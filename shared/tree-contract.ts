/**
 * The contract of `get_accessibility_tree` for the service worker: the arguments in classic zod with
 * descriptions for the model (the tool schema), and the reply shape it validates. The page script
 * parses arguments with the zod/mini twin in `tree-args.ts`, re-exported here; the two are held in
 * step by tree-contract.test.ts. Content scripts import only types from this file.
 */
import { z } from 'zod';
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
} from './tree-args';

export * from './tree-args';

export const TreeArgsSchema = z.strictObject({
  filter: z.enum(TREE_FILTERS).optional().describe("'visible': the viewport only; 'interactive': controls only"),
  maxDepth: z.number().int().min(1).max(MAX_MAX_DEPTH).optional(),
  maxChars: z
    .number()
    .int()
    .min(MIN_MAX_CHARS)
    .max(MAX_MAX_CHARS)
    .optional()
    .describe('above 6000 only where the system prompt allows'),
  ref_id: z.string().regex(REF_PATTERN, 'must be a ref such as "ref_12"').optional().describe('only this subtree'),
  page: z.number().int().min(1).optional().describe('pass continuationArgs as given'),
  tree_revision: z.string().min(1).max(64).optional(),
  testIdAttributes: z
    .array(z.string().regex(ATTRIBUTE_NAME_PATTERN, 'must be an attribute name'))
    .max(10)
    .optional()
    .describe('test-id attributes to show'),
  maxTextChars: z.number().int().min(0).max(MAX_MAX_TEXT_CHARS).optional().describe('0: never cut'),
  omit: z
    .array(z.string().min(1).max(MAX_OMIT_PATTERN_CHARS))
    .max(MAX_OMIT_PATTERNS)
    .optional()
    .describe('skip subtrees whose role, name or test id contains one'),
});

const TreeStatsSchema = z.object({
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

/**
 * `iframe_read`'s reply: a tree result of one frame whose continuation names that frame, so the
 * next page is read from the same frame. The agent loop formats it exactly like the main tree.
 */
export const FrameTreeResultSchema = TreeResultSchema.extend({
  frameId: z.string(),
  frameUrl: z.string(),
  // A zoomed frame read continues with its frame-qualified ref ("f2:ref_7").
  continuationArgs: TreeArgsSchema.extend({ frameId: z.string(), ref_id: z.string().optional() }).nullable(),
});
export type FrameTreeResult = z.infer<typeof FrameTreeResultSchema>;
