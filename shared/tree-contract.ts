/**
 * The contract of `get_accessibility_tree` for the service worker: the arguments (the one zod/mini
 * schema of `tree-args.ts`, which the page parses too, re-exported here) and the reply shape it
 * validates. Content scripts import only types from this file.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { TreeArgsMiniSchema } from './tree-args';

export * from './tree-args';

/** The one schema of the arguments (tree-args.ts): the page parses it, the model is offered it. */
export const TreeArgsSchema = TreeArgsMiniSchema;

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
  continuationArgs: z.nullable(TreeArgsSchema),
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
  continuationArgs: z.nullable(zm.extend(TreeArgsSchema, { frameId: z.string(), ref_id: z.string().optional() })),
});
export type FrameTreeResult = z.infer<typeof FrameTreeResultSchema>;
