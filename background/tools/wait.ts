/**
 * `wait_for` (a verify retried until it holds or the time is up) and `wait_for_stable` (no DOM mutation
 * and no request in flight for `quietMs`). Both answer as data: a wait that times out is
 * `{holds:false}` / `{stable:false}` with what was last seen, never an error. The agent's read guard
 * does not count waits as reads without progress (background/agent/loop/guards.ts); the loop guard still
 * applies.
 */
import { z } from 'zod';
import { ok, type Result } from '../../shared/result';
import type { VerifyOutcome } from '../../shared/tools/reads';
import { defineTool } from './define-tool';
import { watchInflight } from './inflight-requests';
import { DomQuiet, FramePoller, frameNotes } from './stable-frames';
import { readableSubframes } from './watch-frames';
import { checkArgsProblem } from '../../shared/tools/reads';
import { VERIFY_FIELDS, verifyOnce } from './verify';
import { monotonicMs, sleep } from '../../shared/timeout';

const POLL_MS = 100;
/** Errors a navigation or a reloading frame causes for a moment: the wait goes on through them. */
const TRANSIENT = new Set(['no_content_script', 'content_unreachable', 'tree_unavailable']);

const Timeout = z.number().int().min(0).max(15_000);

export const WaitForArgsSchema = z
  .strictObject({
    ...VERIFY_FIELDS,
    timeoutMs: Timeout.optional().describe('how long to wait (default 5000, at most 15000)'),
  })
  .superRefine((a, ctx) => {
    const problem = checkArgsProblem(a);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export type WaitForResult = VerifyOutcome & { waitedMs: number };

export const waitForTool = defineTool({
  name: 'wait_for',
  family: 'wait',
  description: [
    'Waits until a verify check holds (same arguments as verify, plus timeoutMs: default 5000, at most 15000):',
    '{holds:true, waitedMs} as soon as it does, or {holds:false, waitedMs, failure} when time is up.',
    'Use it for what appears or changes after an action (a toast, a loaded list, a closed dialog: check "visible" on its ref).',
  ].join(' '),
  schema: WaitForArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx): Promise<Result<WaitForResult>> {
    const { timeoutMs = 5000, ...check } = args;
    const started = monotonicMs();
    let last: VerifyOutcome | null = null;
    for (;;) {
      const r = await verifyOnce(ctx.tabId, check, ctx.reads);
      if (r.ok) {
        last = r.data;
        if (r.data.holds) return ok({ ...r.data, waitedMs: monotonicMs() - started });
      } else if (!TRANSIENT.has(r.error.code)) {
        return r;
      }
      if (monotonicMs() - started >= timeoutMs || ctx.signal?.aborted) break;
      await sleep(Math.min(POLL_MS, Math.max(0, timeoutMs - (monotonicMs() - started))), ctx.signal);
    }
    const failure = last?.failure ?? {
      kind: args.check,
      expected: 'page reachable',
      actual: 'the page did not answer',
    };
    return ok({
      holds: false,
      failure,
      ...(last?.element ? { element: last.element } : {}),
      waitedMs: monotonicMs() - started,
    });
  },
});

export interface StableResult {
  stable: boolean;
  waitedMs: number;
  /** When not stable: what kept the page busy (the page or a frame, by its id). */
  busy?: string;
  /** Subframes judged too (sites the task reads). */
  framesWatched?: number;
  /** Frames not judged: of other sites, or never answering (frozen or never loaded). */
  framesNotWatched?: string;
}

export const waitForStableTool = defineTool({
  name: 'wait_for_stable',
  family: 'wait',
  description: [
    'Waits until the page is quiet: no DOM change and no network request in flight (including ones an earlier action started) for quietMs (default 500)',
    'or until timeoutMs (default 5000, at most 15000). {stable:true, waitedMs}, or {stable:false, waitedMs, busy}.',
    'Use after an action that loads or animates, before reading; a page that never settles (a ticking clock) returns stable:false.',
  ].join(' '),
  schema: z.strictObject({
    quietMs: z.number().int().min(100).max(5000).optional().describe('quiet time that counts as stable (default 500)'),
    timeoutMs: Timeout.optional().describe('give up after this long (default 5000, at most 15000)'),
  }),
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx): Promise<Result<StableResult>> {
    const quietMs = args.quietMs ?? 500;
    const timeoutMs = args.timeoutMs ?? 5000;
    const started = Date.now();
    const net = watchInflight(ctx.tabId);
    const quiet = new DomQuiet(started);
    const sub = await readableSubframes(ctx.tabId, ctx.reads);
    const frames = new FramePoller(ctx.tabId, sub.watched);
    const notes = () => frameNotes(sub.watched.length, sub.otherSites, frames.unanswered);
    try {
      for (;;) {
        await frames.poll(quiet);
        const now = Date.now();
        const quietSince = Math.max(quiet.lastChange, net.lastChange(), started);
        if (net.pending() === 0 && now - quietSince >= quietMs) {
          return ok({ stable: true, waitedMs: now - started, ...notes() });
        }
        if (now - started >= timeoutMs || ctx.signal?.aborted) {
          const busy =
            net.pending() > 0
              ? `${net.pending()} request(s) still in flight (${net.sample().join(', ')})`
              : quiet.busy(now);
          return ok({ stable: false, waitedMs: now - started, busy, ...notes() });
        }
        await sleep(POLL_MS, ctx.signal);
      }
    } finally {
      net.stop();
    }
  },
});

/** Tools the read guard does not count as reads without progress. */
export const WAIT_TOOL_NAMES: ReadonlySet<string> = new Set(['wait_for', 'wait_for_stable']);

/**
 * A wait that ran out of time answers as data ({holds:false} / {stable:false}), but it is not a success
 * (issue 28): the step is recorded as failed, the panel shows it so, and a batch stops at it.
 */
export function waitMissed(tool: string, data: unknown): boolean {
  if (!WAIT_TOOL_NAMES.has(tool) || typeof data !== 'object' || data === null) return false;
  return ('holds' in data && data.holds === false) || ('stable' in data && data.stable === false);
}
