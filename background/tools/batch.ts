/**
 * `batch` (several tool calls in one, each with an optional `expect`, stopping at the first failure) and
 * `verify_predicate` (the same predicate vocabulary over data already captured). Issue 28; the seed is
 * browxai's batch/verify_predicate. Every inner call goes through the same path as a call of its own: in a
 * task, the agent runs each one through executeCall (checkpoint, normalizer, approval gate, origin guard,
 * read gate, fence: background/agent/loop/tool-exec.ts); from the console, through the registry's runTool.
 * A batch saves round trips, never a gate.
 */
import { z } from 'zod';
import { capPageText } from '../../shared/fence';
import { err, ok, type Result } from '../../shared/result';
import { evaluatePredicate, PredicateSchema, predicateProblem, type PredicateFailure } from '../../shared/predicates';
import { defineTool } from './define-tool';
import { runToolText } from './registry';
import { waitMissed } from './wait';

/** Tools a batch may not hold: itself (no nesting) and the two that wait for the user. */
const NOT_IN_BATCH: ReadonlySet<string> = new Set(['batch', 'propose_plan', 'ask_user']);
const BATCH_MAX = 20;

const CallSchema = z.strictObject({
  tool: z.string().min(1).max(64),
  args: z.record(z.string(), z.unknown()).optional(),
  expect: PredicateSchema.optional().describe('checked on {ok, text, data} of this call; a miss stops the batch'),
});
export const BatchArgsSchema = z
  .strictObject({ calls: z.array(CallSchema).min(1).max(BATCH_MAX) })
  .superRefine((a, ctx) => {
    a.calls.forEach((c, i) => {
      if (NOT_IN_BATCH.has(c.tool))
        ctx.addIssue({ code: 'custom', path: ['calls', i, 'tool'], message: `${c.tool} cannot run inside a batch` });
      const bad = c.expect ? predicateProblem(c.expect) : null;
      if (bad) ctx.addIssue({ code: 'custom', path: ['calls', i, 'expect'], message: bad });
    });
  });
export type BatchArgs = z.infer<typeof BatchArgsSchema>;

/** One inner call's outcome as the batch sees it. `text` is what the model would get for the call alone. */
export interface InnerOutcome {
  ok: boolean;
  text: string;
  data?: unknown;
  /** The task ends after this call (a guard, the user's stop): the batch stops too. */
  stop?: boolean;
}
export type RunInner = (tool: string, args: Record<string, unknown>) => Promise<InnerOutcome>;

/** How a failed check reads: page strings are capped to one defanged line. */
function describeFailure(f: PredicateFailure): string {
  const show = (v: unknown): string =>
    typeof v === 'string' ? JSON.stringify(capPageText(v, 160)) : (JSON.stringify(v) ?? 'nothing');
  if (f.kind === 'or' || f.kind === 'not') return `the "${f.kind}" check did not hold`;
  return `${f.key} ${f.kind} ${show(f.expected)} did not hold (it was ${show(f.actual)})`;
}

/** Runs the calls in order; stops at the first call that fails, misses its `expect`, or ends the task. */
export async function runBatch(
  args: BatchArgs,
  runInner: RunInner,
  signal?: AbortSignal,
): Promise<{ ok: boolean; text: string }> {
  const parts: string[] = [];
  let stopped: string | undefined;
  let ran = 0;
  for (const [i, call] of args.calls.entries()) {
    if (signal?.aborted) {
      stopped = `the task was stopped before call ${i + 1}`;
      break;
    }
    const out = await runInner(call.tool, call.args ?? {});
    ran++;
    parts.push(`[${i + 1}] ${call.tool} ${out.ok ? 'ok' : 'failed'}\n${out.text}`);
    if (!out.ok) stopped = `call ${i + 1} (${call.tool}) failed`;
    else if (call.expect) {
      const check = evaluatePredicate(call.expect, { ok: out.ok, text: out.text, data: out.data });
      if (!check.holds) stopped = `call ${i + 1} (${call.tool}) missed its expect: ${describeFailure(check.failure)}`;
    }
    if (!stopped && out.stop) stopped = `the task ended after call ${i + 1}`;
    if (stopped) break;
  }
  const left = args.calls.slice(ran).map((c, j) => `[${ran + j + 1}] ${c.tool}`);
  const head = stopped
    ? `batch stopped: ${stopped}. ${ran} of ${args.calls.length} calls ran.${left.length ? ` Not run: ${left.join(', ')}.` : ''}`
    : `batch: all ${args.calls.length} calls ran and every expect held.`;
  return { ok: !stopped, text: [head, ...parts].join('\n') };
}

export const batchTool = defineTool({
  name: 'batch',
  description:
    'Runs up to 20 tool calls in order in one step; each may carry `expect` (a predicate, see verify_predicate). Stops at the first failed call or missed expect. Every call is gated as if made alone.',
  schema: BatchArgsSchema,
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  family: 'steps',
  readOnly: false,
  // From the console (no task): each call through the registry, under the console's own mode.
  handler: async (args, ctx): Promise<Result<unknown>> => {
    const outcome = await runBatch(
      args,
      async (tool, inner) => {
        const r = await runToolText(tool, inner, ctx);
        // A wait that ran out of time is data, not an error, but it stops the batch (wait.ts).
        return r.ok && waitMissed(tool, r.data) ? { ...r, ok: false } : r;
      },
      ctx.signal,
    );
    return outcome.ok ? ok(outcome.text) : err('batch_stopped', outcome.text);
  },
});

export const VerifyPredicateArgsSchema = z
  .strictObject({
    predicate: PredicateSchema.describe(
      'leaf {kind: equals|notEquals|contains|notContains|gt|lt|gte|lte|matches|exists, key, value} or {kind: between, key, lo, hi}; combine with {kind: and|or, predicates} or {kind: not, predicate}; key is dotted, e.g. "text", "data.items.length"',
    ),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('the data to check; in a task, omit it to check your last call ({tool, ok, text})'),
  })
  .superRefine((a, ctx) => {
    const bad = predicateProblem(a.predicate);
    if (bad) ctx.addIssue({ code: 'custom', path: ['predicate'], message: bad });
  });
export type VerifyPredicateArgs = z.infer<typeof VerifyPredicateArgsSchema>;

export function checkPredicate(args: VerifyPredicateArgs, data: unknown): Result<unknown> {
  const outcome = evaluatePredicate(args.predicate, data);
  return ok(outcome.holds ? { holds: true } : { holds: false, failure: describeFailure(outcome.failure) });
}

export const verifyPredicateTool = defineTool({
  name: 'verify_predicate',
  description: 'A deterministic check over data already captured: {holds} or {holds:false, failure}. No page call.',
  schema: VerifyPredicateArgsSchema,
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  family: 'steps',
  readOnly: true,
  handler: (args) =>
    Promise.resolve(
      args.data
        ? checkPredicate(args, args.data)
        : err(
            'no_data',
            'verify_predicate needs `data` outside a task (in a task, omitting it checks your last call).',
          ),
    ),
});
