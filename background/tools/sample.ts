/**
 * `sample` (a DOM metric over a window) and `act_and_sample` (the same around one action, so a transient
 * state — a spinner, a panel that grows then collapses — is seen, not missed by a read that lands after it).
 * Issue 28; page logic in content-scripts/reads/sample.ts, contract in shared/tools/sample.ts. In a task,
 * act_and_sample's action goes through executeCall like any call (background/agent/loop/batch-exec.ts).
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { sleep } from '../../shared/timeout';
import { SAMPLE_MAX_MS, SAMPLE_METRICS } from '../../shared/tools/sample';
import { defineTool } from './define-tool';
import { pageRead, ReadFrameArg, RefIdArg, SelectorArg } from './page-read';
import { runToolText } from './registry';

const SAMPLE_FIELDS = {
  metric: z.enum(SAMPLE_METRICS).describe('bbox* and childCount need a target; without one, the page scroller'),
  ref_id: RefIdArg.optional(),
  selector: SelectorArg.optional(),
  durationMs: z.number().int().min(50).max(SAMPLE_MAX_MS).optional().describe('default 2000'),
  intervalMs: z.number().int().min(16).max(5000).optional().describe('default 100'),
  everyFrame: z.boolean().optional().describe('sample every animation frame instead'),
  frameId: ReadFrameArg.optional(),
};
const SampleArgsSchema = z.strictObject(SAMPLE_FIELDS);
type SampleToolArgs = z.infer<typeof SampleArgsSchema>;

/** Page-call deadline of a sample: its window plus the usual margin. */
const sampleDeadline = (a: { durationMs?: number | undefined }): number => (a.durationMs ?? 2000) + 5000;

export const sampleTool = defineTool({
  name: 'sample',
  description:
    'Samples one DOM metric over a window (no JavaScript): {summary: first, last, min, max, changes, firstChangeMs; series}.',
  schema: SampleArgsSchema,
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  family: 'steps',
  readOnly: true,
  handler: (args, ctx) => pageRead(ctx.tabId, 'sample', args, ctx.reads, sampleDeadline(args)),
});

/** Tools act_and_sample may wrap: not itself, not batch, not the tools that wait for the user. */
const NOT_WRAPPABLE: ReadonlySet<string> = new Set(['act_and_sample', 'batch', 'propose_plan', 'ask_user', 'sample']);

export const ActAndSampleArgsSchema = z
  .strictObject({
    action: z.strictObject({ tool: z.string().min(1).max(64), args: z.record(z.string(), z.unknown()).optional() }),
    ...SAMPLE_FIELDS,
  })
  .refine((a) => !NOT_WRAPPABLE.has(a.action.tool), {
    message: 'action.tool cannot be a batch, a sample or a user tool',
  });
export type ActAndSampleArgs = z.infer<typeof ActAndSampleArgsSchema>;

/** How long the sampler gets to arm before the action starts. */
const ARM_MS = 50;

type RunOne = (tool: string, args: Record<string, unknown>) => Promise<{ ok: boolean; text: string }>;

/** Runs the sampler and, once it is armed, the action; both are awaited. */
export async function actAndSample(a: ActAndSampleArgs, runOne: RunOne): Promise<{ ok: boolean; text: string }> {
  const { action, ...sampleArgs } = a;
  const sampling = runOne('sample', sampleArgs satisfies SampleToolArgs);
  await sleep(ARM_MS);
  const started = Date.now();
  const acted = await runOne(action.tool, action.args ?? {});
  const actedMs = Date.now() - started;
  const sampled = await sampling;
  const window = a.durationMs ?? 2000;
  const late =
    actedMs > window
      ? ` The action took ${actedMs} ms (an approval, a slow page), longer than the ${window} ms window: the sample may have ended before it acted.`
      : '';
  return {
    ok: acted.ok && sampled.ok,
    text: `action ${action.tool} ${acted.ok ? 'ok' : 'failed'}:\n${acted.text}\nsample ${sampled.ok ? 'ok' : 'failed'}:${late}\n${sampled.text}`,
  };
}

export const actAndSampleTool = defineTool({
  name: 'act_and_sample',
  description:
    'Runs one action ({tool, args}) while sampling a metric (as sample) across it, so transient states are seen. The action is gated as if called alone.',
  schema: ActAndSampleArgsSchema,
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  family: 'steps',
  readOnly: false,
  // From the console: both through the registry, under the console's own mode.
  handler: async (args, ctx): Promise<Result<unknown>> => {
    const out = await actAndSample(args, (tool, inner) => runToolText(tool, inner, ctx));
    return out.ok ? ok(out.text) : err('act_and_sample_failed', out.text);
  },
});
