/**
 * The deadline of one tool call: a safety net above the page-call deadline (content-bridge.ts, 10 s
 * per call), plus the tool's own timeout where it has one (a wait's timeoutMs, watch's durationMs,
 * execute_js's timeoutMs). Time spent waiting for the user's approval does not count: a person may
 * take a minute to decide.
 */
import { err, isRecord, type Result } from '../../shared/result';
import { monotonicMs } from '../../shared/timeout';
import type { ToolApprovals, ToolContext } from './types';

const TOOL_DEADLINE_MS = 20_000;

function ownTimeout(args: unknown): number {
  if (!isRecord(args)) return 0;
  const own = [args.timeoutMs, args.durationMs].filter((v): v is number => typeof v === 'number' && v > 0);
  return Math.max(0, ...own);
}

/** The tool's deadline in ms for these arguments; `baseMs` for a tool whose own work is known to be long. */
export function toolDeadlineMs(args: unknown, baseMs = TOOL_DEADLINE_MS): number {
  return baseMs + ownTimeout(args);
}

/** Runs `run` with the context it should use; a call past its deadline returns `timeout`. */
export function runWithDeadline(
  name: string,
  limitMs: number,
  ctx: ToolContext,
  run: (ctx: ToolContext) => Promise<Result<unknown>>,
): Promise<Result<unknown>> {
  const started = monotonicMs();
  let asking = 0;
  let askedMs = 0;
  const timed =
    <A extends unknown[], R>(f: (...a: A) => Promise<Result<R>>) =>
    async (...a: A): Promise<Result<R>> => {
      asking += 1;
      const t0 = monotonicMs();
      try {
        return await f(...a);
      } finally {
        asking -= 1;
        askedMs += monotonicMs() - t0;
      }
    };
  const approvals: ToolApprovals | undefined = ctx.approvals && {
    guardNavigation: timed(ctx.approvals.guardNavigation.bind(ctx.approvals)),
    approveCode: timed(ctx.approvals.approveCode.bind(ctx.approvals)),
    approveDialog: timed(ctx.approvals.approveDialog.bind(ctx.approvals)),
    guardHistory: timed(ctx.approvals.guardHistory.bind(ctx.approvals)),
    landed: timed(ctx.approvals.landed.bind(ctx.approvals)),
  };
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const used = monotonicMs() - started - askedMs;
      if (asking === 0 && used >= limitMs) {
        resolve(
          err(
            'timeout',
            `${name} did not finish within ${Math.round(limitMs / 1000)} s and was abandoned; whether it acted is unknown. Re-read the page before retrying.`,
          ),
        );
      } else timer = setTimeout(check, asking > 0 ? 1_000 : limitMs - used);
    };
    timer = setTimeout(check, limitMs);
    run(approvals ? { ...ctx, approvals } : ctx).then(
      (r) => {
        clearTimeout(timer);
        resolve(r);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
