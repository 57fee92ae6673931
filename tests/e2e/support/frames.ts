/** Helpers for the frame and shadow e2e tests: typed reads of tool replies. */
import { expect } from 'vitest';
import { z } from 'zod';
import type { Result } from '../../../shared/result';
import { refOfLine } from '../../../shared/tree-line';

const FrameEntrySchema = z.object({
  frameId: z.string(),
  parent: z.string().nullable(),
  url: z.string(),
  origin: z.string(),
  name: z.string(),
  title: z.string(),
  depth: z.number(),
  element: z.string().optional(),
  visible: z.boolean().optional(),
  scripts: z.string(),
  chromeFrameId: z.number(),
});
export type FrameEntry = z.infer<typeof FrameEntrySchema>;
export const FramesReplySchema = z.object({ frames: z.array(FrameEntrySchema), count: z.number() });

export const FrameTreeSchema = z.object({
  tree: z.string(),
  frameId: z.string(),
  frameUrl: z.string(),
  hasMore: z.boolean(),
  page: z.number(),
  totalPages: z.number(),
  continuationArgs: z.record(z.string(), z.unknown()).nullable(),
});

/** The data of a successful reply; fails the test with the error message otherwise. */
export function okData(r: Result<unknown>): unknown {
  if (!r.ok) expect.fail(`${r.error.code}: ${r.error.message}`);
  return r.data;
}

/** The ref printed on the first tree line matching `line`. */
export function refOnLine(tree: string, line: RegExp): string {
  for (const l of tree.split('\n')) {
    if (!line.test(l)) continue;
    const ref = refOfLine(l);
    if (ref) return ref;
  }
  throw new Error(`no ref on a line matching ${line}:\n${tree}`);
}
