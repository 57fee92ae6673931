import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type Result } from '../../shared/result';
import { runWithDeadline, toolDeadlineMs } from './tool-deadline';
import type { ToolApprovals, ToolContext } from './types';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const never = () => new Promise<Result<unknown>>(() => undefined);

function ctxWith(approve: () => Promise<Result<true>>): ToolContext {
  const approvals: ToolApprovals = {
    guardNavigation: approve,
    approveCode: approve,
    approveDialog: approve,
    guardHistory: async () => ok({ blind: false }),
    landed: approve,
  };
  return { tabId: 1, mode: 'act', tier: 'full', approvals };
}

describe('tool deadline', () => {
  it('adds the tool’s own timeout to the default', () => {
    expect(toolDeadlineMs({})).toBe(20_000);
    expect(toolDeadlineMs({ timeoutMs: 15_000 })).toBe(35_000);
    expect(toolDeadlineMs({ durationMs: 60_000 })).toBe(80_000);
    // A tool with a longer base of its own (chrome_ax_tree) keeps adding its own timeout to it.
    expect(toolDeadlineMs({}, 45_000)).toBe(45_000);
    expect(toolDeadlineMs({ timeoutMs: 1_000 }, 45_000)).toBe(46_000);
  });

  it('ends a call that never returns with a timeout that says what to do', async () => {
    const p = runWithDeadline('click_ax', 1_000, { tabId: 1, mode: 'act', tier: 'full' }, never);
    await vi.advanceTimersByTimeAsync(1_000);
    const r = await p;
    expect(r).toMatchObject({ ok: false, error: { code: 'timeout' } });
    if (!r.ok) expect(r.error.message).toMatch(/click_ax did not finish within 1 s.*Re-read the page/);
  });

  it('measures on the monotonic clock: a wall-clock step neither ends a call early nor stretches it', async () => {
    let answer: (r: Result<unknown>) => void = () => undefined;
    const p = runWithDeadline(
      'click_ax',
      1_000,
      { tabId: 1, mode: 'act', tier: 'full' },
      () => new Promise((r) => (answer = r)),
    );
    await vi.advanceTimersByTimeAsync(100);
    vi.setSystemTime(Date.now() + 60_000);
    await vi.advanceTimersByTimeAsync(800);
    answer(ok('clicked'));
    await expect(p).resolves.toEqual(ok('clicked'));

    const late = runWithDeadline('click_ax', 1_000, { tabId: 1, mode: 'act', tier: 'full' }, never);
    let settled = false;
    void late.then(() => (settled = true));
    vi.setSystemTime(Date.now() - 60_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toBe(true);
    await expect(late).resolves.toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('does not count the time the user takes to approve', async () => {
    let answer: (r: Result<true>) => void = () => undefined;
    const ctx = ctxWith(() => new Promise((r) => (answer = r)));
    const p = runWithDeadline('handle_dialog', 1_000, ctx, async (c) => {
      await c.approvals?.approveDialog('Accept "Delete draft?"', 'delete', 'http://a.test');
      return ok('answered');
    });
    await vi.advanceTimersByTimeAsync(5_000);
    answer(ok(true));
    await expect(p).resolves.toEqual(ok('answered'));
  });
});
