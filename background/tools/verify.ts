/**
 * `verify`: one assertion about the page now, answered as data. The model calls it after acting to
 * prove the effect instead of guessing from a re-read ("verify before saying done", system prompt).
 * `{holds:true}` or `{holds:false, failure:{kind, expected, actual, detail?}}`; an error only when the
 * check could not run. Page logic: content-scripts/reads/verify.ts.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../src/result';
import { checkArgsProblem, VERIFY_CHECKS, VISIBILITY_REASONS, type VerifyOutcome } from '../../src/tools/reads';
import type { ReadGate } from '../policy/read-gate';
import { defineTool } from './define-tool';
import { pageRead, ReadFrameArg, RefIdArg, SelectorArg } from './page-read';

export const VERIFY_FIELDS = {
  check: z
    .enum(VERIFY_CHECKS)
    .describe(
      `visible (ref_id|selector; reasons: ${VISIBILITY_REASONS.join(', ')}); text (+text, exact?); value (+value, strict); count (+n, selector or text, ref_id scopes); attribute (+attr, value? else presence)`,
    ),
  ref_id: RefIdArg.optional().describe('the element (or, for count, the scope) by its tree ref'),
  selector: SelectorArg.optional(),
  text: z
    .string()
    .max(2000)
    .optional()
    .describe('text: expected text (case-insensitive substring; exact:true for equality); count: text to count'),
  exact: z.boolean().optional(),
  value: z
    .string()
    .max(20_000)
    .optional()
    .describe('value: the exact expected form value; attribute: the exact attribute value'),
  attr: z.string().min(1).max(100).optional().describe('attribute name, e.g. "aria-pressed"'),
  n: z.number().int().min(0).max(1_000_000).optional().describe('count: the exact number expected'),
  frameId: ReadFrameArg.optional(),
};

function needsForCheck(a: Parameters<typeof checkArgsProblem>[0], ctx: z.RefinementCtx): void {
  const problem = checkArgsProblem(a);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

export const VerifyArgsSchema = z.strictObject(VERIFY_FIELDS).superRefine(needsForCheck);

const FailureSchema = z.object({
  kind: z.enum(VERIFY_CHECKS),
  expected: z.union([z.string(), z.number()]),
  actual: z.union([z.string(), z.number()]),
  detail: z.string().optional(),
});
const OutcomeSchema = z.object({
  holds: z.boolean(),
  failure: FailureSchema.optional(),
  element: z.string().optional(),
});

/** One verify against the page (frame-routed), its reply checked. */
export async function verifyOnce(
  tabId: number,
  args: Record<string, unknown>,
  reads: ReadGate | undefined,
): Promise<Result<VerifyOutcome>> {
  const reply = await pageRead(tabId, 'verify', args, reads);
  if (!reply.ok) return reply;
  const parsed = OutcomeSchema.safeParse(reply.data);
  return parsed.success ? ok(parsed.data) : err('bad_reply', 'the page returned a malformed verify result; retry');
}

export const verifyTool = defineTool({
  name: 'verify',
  description: [
    'Checks one fact about the page now: {holds:true} or {holds:false, failure:{kind, expected, actual, detail}}.',
    'Use it after an action, before telling the user it is done (e.g. check "text" on the status message, "value" on a field you typed in, "count" of rows).',
    'A failed check is an answer, not an error; errors mean it could not run (stale ref, bad selector, several matches).',
    'Target by ref_id (from the tree) or a CSS selector. For something that appears later, use wait_for.',
  ].join(' '),
  schema: VerifyArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  handler: (args, ctx) => verifyOnce(ctx.tabId, args, ctx.reads),
});
