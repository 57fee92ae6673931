/**
 * The agent's side of `batch`, `act_and_sample`, `screenshot_on` with an action and `verify_predicate`
 * (background/tools/batch.ts, sample.ts, screenshot-on.ts): a batch's calls (and act_and_sample's or
 * screenshot_on's action and observation) each go
 * through executeCall, so the checkpoint, the normalizer, the approval gate, the origin guard, the read
 * gate and the fence judge every inner call exactly as if the model had made it alone; `verify_predicate`
 * without `data` checks the task's last call. Returns null for any other tool (or one not offered here,
 * which the registry then refuses with its usual message). Called by name before its family was loaded,
 * the call loads it like any other (tool-loading.ts).
 */
import type { z } from 'zod';
import { formatIssues } from '../../../shared/zod-issues';
import { toolsFor } from '../../tools/registry';
import { BatchArgsSchema, checkPredicate, runBatch, VerifyPredicateArgsSchema } from '../../tools/batch';
import { actAndSample, ActAndSampleArgsSchema } from '../../tools/sample';
import { screenshotAround, ScreenshotOnArgsSchema } from '../../tools/screenshot-on';
import type { ExecContext, ExecOutcome } from './tool-exec';
import { loadFamilyOf } from './tool-loading';

type Exec = (name: string, rawArgs: unknown, ctx: ExecContext) => Promise<ExecOutcome>;

const badArgs = (name: string, e: z.ZodError, rawArgs: unknown): ExecOutcome => ({
  ok: false,
  text: `ERROR bad_arguments: invalid arguments for ${name}: ${formatIssues(e)}`,
  args: rawArgs,
});

export async function runOwnCompound(
  name: string,
  rawArgs: unknown,
  ctx: ExecContext,
  exec: Exec,
): Promise<ExecOutcome | null> {
  if (name !== 'batch' && name !== 'verify_predicate' && name !== 'act_and_sample' && !withAction(name, rawArgs))
    return null;
  if (!toolsFor(ctx.rec.mode, ctx.tier, ctx.vision).some((t) => t.name === name)) return null;
  const out = await runCompound(name, rawArgs, ctx, exec);
  // Called by name before its family was loaded: it is in the tool list from now on (tool-loading.ts).
  const note = loadFamilyOf(name, ctx.rec, ctx.tier, ctx.vision);
  return note ? { ...out, text: `${out.text}\n${note}` } : out;
}

/** screenshot_on is a compound only with an action; without one it is a plain read (the capture's own path). */
function withAction(name: string, rawArgs: unknown): boolean {
  return name === 'screenshot_on' && typeof rawArgs === 'object' && rawArgs !== null && 'action' in rawArgs;
}

async function runCompound(name: string, rawArgs: unknown, ctx: ExecContext, exec: Exec): Promise<ExecOutcome> {
  if (name === 'verify_predicate') {
    const parsed = VerifyPredicateArgsSchema.safeParse(rawArgs ?? {});
    if (!parsed.success) return badArgs(name, parsed.error, rawArgs);
    const last = ctx.rec.steps.at(-1);
    const data = parsed.data.data ?? (last && { tool: last.tool, ok: last.ok, text: last.result });
    if (!data)
      return { ok: false, text: 'ERROR no_data: no earlier call in this task to check; pass `data`.', args: rawArgs };
    const r = checkPredicate(parsed.data, data);
    return { ok: true, text: JSON.stringify(r.ok ? r.data : null), args: parsed.data };
  }
  if (name === 'act_and_sample') {
    const parsed = ActAndSampleArgsSchema.safeParse(rawArgs ?? {});
    if (!parsed.success) return badArgs(name, parsed.error, rawArgs);
    let stop: string | undefined;
    const out = await actAndSample(parsed.data, async (tool, args) => {
      const r = await exec(tool, args, ctx);
      if (r.stop) stop = r.stop;
      return r;
    });
    return { ok: out.ok, text: out.text, args: parsed.data, ...(stop ? { stop } : {}) };
  }
  if (name === 'screenshot_on') {
    const parsed = ScreenshotOnArgsSchema.safeParse(rawArgs);
    if (!parsed.success) return badArgs(name, parsed.error, rawArgs);
    let stop: string | undefined;
    const track = async (tool: string, args: unknown): Promise<ExecOutcome> => {
      const r = await exec(tool, args, ctx);
      if (r.stop) stop = r.stop;
      return r;
    };
    const out = await screenshotAround(parsed.data, (s) => track('screenshot_on', s), track);
    const image = out.shot.image;
    return { ok: out.ok, text: out.text, args: parsed.data, ...(image ? { image } : {}), ...(stop ? { stop } : {}) };
  }
  const parsed = BatchArgsSchema.safeParse(rawArgs ?? {});
  if (!parsed.success) return badArgs(name, parsed.error, rawArgs);
  let stop: string | undefined;
  const outcome = await runBatch(
    parsed.data,
    async (tool, args) => {
      const out = await exec(tool, args, ctx);
      if (out.stop) stop = out.stop;
      return { ok: out.ok, text: out.text, data: out.data, stop: Boolean(out.stop) };
    },
    ctx.signal,
  );
  return { ok: outcome.ok, text: outcome.text, args: parsed.data, ...(stop ? { stop } : {}) };
}
