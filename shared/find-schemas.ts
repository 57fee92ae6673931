/**
 * The page's `find` and `text_search` replies in classic zod, for the worker (which parses every
 * reply) and the tests. Shapes: shared/find-contract.ts.
 */
import { z } from 'zod';

const Box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const FindPageResultSchema = z.object({
  query: z.string(),
  url: z.string(),
  candidates: z.array(
    z.object({
      ref: z.string(),
      line: z.string(),
      score: z.number(),
      actionable: z.union([z.literal(true), z.enum(['disabled', 'off-screen', 'covered'])]),
      box: Box.nullable(),
      context: z.string().optional(),
      rowText: z.string().optional(),
      unprinted: z.boolean().optional(),
    }),
  ),
  matches: z.number(),
  actionableMatches: z.number(),
  topScore: z.number(),
  ms: z.number(),
});

export const TextSearchPageResultSchema = z.object({
  text: z.string(),
  url: z.string(),
  count: z.number(),
  matches: z.array(
    z.object({
      ref: z.string(),
      line: z.string(),
      snippet: z.string(),
      context: z.string().optional(),
      visible: z.boolean().optional(),
      box: Box.nullable().optional(),
    }),
  ),
  ms: z.number(),
});
