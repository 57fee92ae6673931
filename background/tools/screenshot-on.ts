/**
 * `screenshot_on` (issue 28): a viewport capture the moment something happens — a console error, a failed
 * request, a region appearing — or at a fixed interval (`trigger: "every"`, the seed's screenshot_schedule:
 * one tool with both modes, one description paid per request instead of two). Optionally around one
 * action, like act_and_sample: the trigger is armed first, then the action runs.
 *
 * Every capture is the `screenshot` tool's own (same read gate, same size limits, same image store), so
 * nothing here takes pixels another way. The probes poll what the other reads already use
 * (console-read.ts, observe/network-log.ts, the `element_box` page call); polling keeps no debugger
 * attached between probes. In a task the action goes through executeCall like any call
 * (background/agent/loop/batch-exec.ts); from the console both go through the registry.
 */
import { z } from 'zod';
import { ElementBoxReplySchema } from '../../shared/protocol/element-box';
import { QUALIFIED_REF_PATTERN } from '../../shared/refs';
import { err, ok, type Result } from '../../shared/result';
import { sleep } from '../../shared/timeout';
import { resolveRefTarget } from '../frames/route-ref';
import { openNetworkLog, type NetworkLog } from '../observe/network-log';
import { isFailed, requestLine } from '../observe/network-report';
import { pageCall } from '../page-call';
import { checkRead } from '../policy/read-gate';
import { readConsole } from './console-read';
import { defineTool } from './define-tool';
import { runToolText } from './registry';
import { screenshotTool } from './screenshot';
import type { ToolContext } from './types';

const SHOT_TRIGGERS = ['console_error', 'request_failed', 'region_appears', 'every'] as const;
/** Between probes: a console probe attaches and detaches the debugger, so not much faster than this. */
const POLL_MS = 200;
const MAX_TIMEOUT_MS = 10_000;
const MAX_COUNT = 5;

/** Tools the action may be: not a compound, not a user tool, not itself. */
const NOT_WRAPPABLE: ReadonlySet<string> = new Set([
  'screenshot_on',
  'act_and_sample',
  'batch',
  'propose_plan',
  'ask_user',
  'sample',
]);

const ShotFields = {
  trigger: z.enum(SHOT_TRIGGERS),
  ref_id: z.string().regex(QUALIFIED_REF_PATTERN, 'must be a ref such as "ref_12"').optional(),
  selector: z.string().min(1).max(1000).optional().describe('region_appears: CSS selector instead of ref_id'),
  timeoutMs: z.number().int().min(100).max(MAX_TIMEOUT_MS).optional().describe('default 5000'),
  everyMs: z.number().int().min(250).max(MAX_TIMEOUT_MS).optional().describe('every: default 1000'),
  count: z.number().int().min(1).max(MAX_COUNT).optional().describe('every: captures (default 3)'),
};

export const ScreenshotOnArgsSchema = z
  .strictObject({
    ...ShotFields,
    action: z
      .strictObject({ tool: z.string().min(1).max(64), args: z.record(z.string(), z.unknown()).optional() })
      .optional(),
  })
  .refine((a) => a.trigger !== 'region_appears' || (a.ref_id === undefined) !== (a.selector === undefined), {
    message: 'region_appears needs ref_id or selector (one of them)',
  })
  .refine((a) => a.trigger === 'region_appears' || (a.ref_id === undefined && a.selector === undefined), {
    message: 'ref_id/selector apply to region_appears only',
  })
  .refine((a) => a.trigger === 'every' || (a.everyMs === undefined && a.count === undefined), {
    message: 'everyMs/count apply to trigger "every" only',
  })
  // The whole schedule fits the same 10 s window as a trigger (tool-deadline.ts adds only timeoutMs).
  .refine((a) => ((a.count ?? 3) - 1) * (a.everyMs ?? 1000) <= MAX_TIMEOUT_MS, {
    message: `(count - 1) × everyMs must be at most ${MAX_TIMEOUT_MS} ms`,
  })
  .refine((a) => !a.action || !NOT_WRAPPABLE.has(a.action.tool), {
    message: 'action.tool cannot be a batch, a sample, screenshot_on or a user tool',
  });
export type ScreenshotOnArgs = z.infer<typeof ScreenshotOnArgsSchema>;
type ShotArgs = Omit<ScreenshotOnArgs, 'action'>;

interface Capture {
  image: string;
  atMs: number;
  width: number;
  height: number;
  bytes: number;
}

function captureOf(data: unknown, atMs: number): Capture | null {
  const parsed = z
    .object({ image: z.string(), width: z.number(), height: z.number(), bytes: z.number() })
    .safeParse(data);
  return parsed.success ? { ...parsed.data, atMs } : null;
}

/** What fired, or null while nothing has. */
type Probe = () => Promise<Result<{ what: string; atMs?: number } | null>>;

function consoleProbe(ctx: ToolContext, start: number): Probe {
  return async () => {
    const r = await readConsole(ctx.tabId, { level: 'error', limit: 1, since: start });
    if (!r.ok) return r;
    const e = r.data.messages.find((m) => m.type === 'error') ?? r.data.messages[0];
    return ok(e && r.data.matching > 0 ? { what: e.text.slice(0, 200), atMs: Math.max(0, e.ts - start) } : null);
  };
}

function requestProbe(net: NetworkLog): Probe {
  return () => {
    const failed = net.entries().find(isFailed);
    return Promise.resolve(ok(failed ? { what: requestLine(failed) } : null));
  };
}

async function regionProbe(ctx: ToolContext, a: ShotArgs): Promise<Result<Probe>> {
  let frameId = 0;
  let request: { ref?: string; selector?: string } = { selector: a.selector ?? '' };
  if (a.ref_id !== undefined) {
    const t = await resolveRefTarget(ctx.tabId, a.ref_id, undefined);
    if (!t.ok) return t;
    frameId = t.data.frameId;
    request = { ref: t.data.localRef };
  }
  const allowed = await checkRead(ctx.reads, ctx.tabId, frameId);
  if (!allowed.ok) return allowed;
  return ok(async () => {
    const box = await pageCall(ctx.tabId, 'element_box', request, ElementBoxReplySchema, frameId);
    // Not there yet (no match, no box) is the normal case while waiting, not a failure.
    if (!box.ok || box.data.rect.width <= 0 || box.data.rect.height <= 0) return ok(null);
    return ok({ what: a.ref_id ?? a.selector ?? 'region' });
  });
}

async function shoot(ctx: ToolContext, start: number): Promise<Result<Capture>> {
  const atMs = Date.now() - start;
  const r = await screenshotTool.run({}, ctx);
  if (!r.ok) return r;
  const c = captureOf(r.data, atMs);
  return c ? ok(c) : err('bad_image', 'the capture returned no image');
}

/** Fixed interval: `count` captures `everyMs` apart. The last one is attached; the others are listed. */
async function onSchedule(a: ShotArgs, ctx: ToolContext, start: number): Promise<Result<unknown>> {
  const captures: Capture[] = [];
  const count = a.count ?? 3;
  for (let i = 0; i < count; i++) {
    if (i > 0 && !(await sleep(Math.max(0, start + i * (a.everyMs ?? 1000) - Date.now()), ctx.signal))) break;
    const c = await shoot(ctx, start);
    if (!c.ok) return captures.length ? ok(report(captures, `capture ${i + 1} failed: ${c.error.message}`)) : c;
    captures.push(c.data);
  }
  return ok(report(captures, captures.length < count ? 'the user stopped the task' : undefined));
}

function report(captures: Capture[], note?: string): Record<string, unknown> {
  const last = captures.at(-1);
  return {
    ...(last ? { image: last.image, width: last.width, height: last.height } : {}),
    captures: captures.map((c) => ({ image: c.image, atMs: c.atMs, bytes: c.bytes })),
    ...(captures.length > 1 ? { attached: 'the last capture only; earlier ones are listed by id' } : {}),
    ...(note ? { note } : {}),
  };
}

async function probeOf(a: ShotArgs, ctx: ToolContext, start: number, net: NetworkLog): Promise<Result<Probe>> {
  if (a.trigger === 'region_appears') return regionProbe(ctx, a);
  const allowed = await checkRead(ctx.reads, ctx.tabId, 0);
  if (!allowed.ok) return allowed;
  return ok(a.trigger === 'console_error' ? consoleProbe(ctx, start) : requestProbe(net));
}

/** The plain tool (no action): waits up to timeoutMs for the trigger, then captures once. */
async function screenshotWhen(a: ShotArgs, ctx: ToolContext): Promise<Result<unknown>> {
  const start = Date.now();
  if (a.trigger === 'every') return onSchedule(a, ctx, start);
  const net = openNetworkLog(ctx.tabId);
  try {
    const probe = await probeOf(a, ctx, start, net);
    if (!probe.ok) return probe;
    const timeout = a.timeoutMs ?? 5000;
    for (;;) {
      const fired = await probe.data();
      if (!fired.ok) return fired;
      if (fired.data) {
        const c = await shoot(ctx, start);
        if (!c.ok) return c;
        const at = fired.data.atMs;
        return ok({ ...report([c.data]), fired: fired.data.what, ...(at !== undefined ? { firedAtMs: at } : {}) });
      }
      if (Date.now() - start >= timeout) return ok({ fired: null, note: `no ${a.trigger} within ${timeout} ms` });
      if (!(await sleep(POLL_MS, ctx.signal))) return ok({ fired: null, note: 'the user stopped the task' });
    }
  } finally {
    net.stop();
  }
}

/** How long the trigger gets to arm before the action starts. */
const ARM_MS = 100;
type RunOne = (tool: string, args: Record<string, unknown>) => Promise<{ ok: boolean; text: string }>;

/** Arms the capture, then runs the action; both are awaited. `shot` is the capture's own outcome. */
export async function screenshotAround<T extends { ok: boolean; text: string }>(
  a: ScreenshotOnArgs,
  runShot: (args: ShotArgs) => Promise<T>,
  runOne: RunOne,
): Promise<{ ok: boolean; text: string; shot: T }> {
  const { action, ...shotArgs } = a;
  const shooting = runShot(shotArgs);
  if (!action) {
    const shot = await shooting;
    return { ok: shot.ok, text: shot.text, shot };
  }
  await sleep(ARM_MS);
  const acted = await runOne(action.tool, action.args ?? {});
  const shot = await shooting;
  return {
    ok: acted.ok && shot.ok,
    text: `action ${action.tool} ${acted.ok ? 'ok' : 'failed'}:\n${acted.text}\ncapture ${shot.ok ? 'ok' : 'failed'}:\n${shot.text}`,
    shot,
  };
}

export const screenshotOnTool = defineTool({
  name: 'screenshot_on',
  family: 'look',
  description:
    'Captures the viewport when trigger fires within timeoutMs (region_appears: ref_id/selector becomes visible), or count captures everyMs apart (every); optionally around one action ({tool, args}, gated as if called alone). Returns capture ids and times in ms from the start.',
  schema: ScreenshotOnArgsSchema,
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: true,
  vision: true,
  // The console probe reads the console over CDP (console-read.ts), which the Firefox build does not have.
  browsers: ['chrome'],
  // Console path: the action through the registry under the console's own mode; in a task, batch-exec.ts.
  handler: async (args, ctx): Promise<Result<unknown>> => {
    if (!args.action) return screenshotWhen(args, ctx);
    let shotData: Result<unknown> | undefined;
    const out = await screenshotAround(
      args,
      async (s) => {
        shotData = await screenshotWhen(s, ctx);
        return shotData.ok
          ? { ok: true, text: JSON.stringify(shotData.data) }
          : { ok: false, text: `ERROR ${shotData.error.code}: ${shotData.error.message}` };
      },
      (tool, inner) => runToolText(tool, inner, ctx),
    );
    if (!out.ok) return err('screenshot_on_failed', out.text);
    return shotData?.ok ? ok({ ...asRecord(shotData.data), log: out.text }) : ok(out.text);
  },
});

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v)) : {};
}
