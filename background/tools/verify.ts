/**
 * `verify`: one assertion about the page now, answered as data. The model calls it after acting to
 * prove the effect instead of guessing from a re-read ("verify before saying done", system prompt).
 * `{holds:true}` or `{holds:false, failure:{kind, expected, actual, detail?}}`; an error only when the
 * check could not run. Page logic: content-scripts/reads/verify.ts.
 */
import { z } from 'zod';
import { type Result } from '../../shared/result';
import { checkArgsProblem, VERIFY_CHECKS, VISIBILITY_REASONS, type VerifyOutcome } from '../../shared/tools/reads';
import type { ReadGate } from '../policy/read-gate';
import { defineTool } from './define-tool';
import { pageRead, ReadFrameArg, RefIdArg, SelectorArg } from './page-read';
import { checkReply } from '../page-call';

export const VERIFY_FIELDS = {
  check: z
    .enum(VERIFY_CHECKS)
    .describe(
      `visible (ref_id|selector; reasons: ${VISIBILITY_REASONS.join(', ')}); text (+text, exact?); value (+value, strict); count (+n, selector or text, ref_id scopes); attribute (+attr, value? else presence)`,
    ),
  ref_id: RefIdArg.optional(),
  selector: SelectorArg.optional(),
  text: z.string().max(2000).optional().describe('substring, any case, unless exact'),
  exact: z.boolean().optional(),
  value: z.string().max(20_000).optional(),
  attr: z.string().min(1).max(100).optional(),
  n: z.number().int().min(0).max(1_000_000).optional(),
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
  return checkReply(reply, OutcomeSchema, 'verify result');
}

export const verifyTool = defineTool({
  name: 'verify',
  compactFamily: 'more',
  description:
    'Checks one fact about the page now: {holds} or {holds:false, failure}. A failed check is an answer; an error means it could not run.',
  schema: VerifyArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  handler: (args, ctx) => verifyOnce(ctx.tabId, args, ctx.reads),
});
