/**
 * The page-call deadline is measured on the monotonic clock: a wall-clock step (a VM resumed from a
 * pause and its clock synced, an NTP correction, the user setting the clock) must neither end a call
 * early nor keep it waiting past its deadline. The frames e2e flake was a step of ~28 s that made a
 * 10 s call report "did not answer within 10000 ms" in a test that took 4.5 s in all.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../shared/result';
import { sendToContent } from './content-bridge';

/** A page that answers `delayMs` after a message arrives; `sent` keeps what it received. */
function stubPage(delayMs: number): { sent: unknown[] } {
  const sent: unknown[] = [];
  vi.stubGlobal('chrome', {
    tabs: {
      sendMessage: (_tabId: number, message: unknown) => {
        sent.push(message);
        return new Promise((resolve) => setTimeout(() => resolve({ ...ok('answered'), refHigh: 0 }), delayMs));
      },
    },
  });
  return { sent };
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-12-06T21:45:40Z') }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sendToContent deadline', () => {
  it('waits out its deadline on the monotonic clock when the wall clock steps forward', async () => {
    stubPage(1_500);
    const call = sendToContent(7, { type: 'tool', tool: 'click_ax', args: { ref_id: 'ref_3' } }, 53);
    await vi.advanceTimersByTimeAsync(300);
    // The wall clock jumps 28 s; no time passes for the timers (the page still answers at 1.5 s).
    vi.setSystemTime(Date.now() + 28_000);
    await vi.advanceTimersByTimeAsync(1_300);
    await expect(call).resolves.toEqual(ok('answered'));
  });

  it('times out after its deadline of real waiting, whatever the wall clock did, and says what blocked', async () => {
    stubPage(60_000);
    const call = sendToContent(7, { type: 'tool', tool: 'click_ax', args: { ref_id: 'ref_3' } }, 53, 2_000);
    let settled = false;
    void call.then(() => (settled = true));
    vi.setSystemTime(Date.now() - 3_600_000); // a step back must not stretch the wait
    await vi.advanceTimersByTimeAsync(1_900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    const r = await call;
    expect(r).toMatchObject({ ok: false, error: { code: 'timeout' } });
    if (!r.ok) expect(r.error.message).toMatch(/^the page in tab 7 frame 53 did not answer within 2000 ms: /);
  });

  it('sends the page an epoch deadline, the clock the page shares with the worker', async () => {
    const { sent } = stubPage(10);
    const before = Date.now();
    const call = sendToContent(7, { type: 'ping' }, 0, 4_000);
    await vi.advanceTimersByTimeAsync(10);
    await call;
    expect(sent).toEqual([expect.objectContaining({ type: 'ping', expiresAt: before + 4_000 })]);
  });
});

describe('sendToContent when the document goes away mid-request', () => {
  it('says the frame went away and what to do, keeping Chrome’s words for click_ax', async () => {
    const chromeWords =
      'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';
    vi.stubGlobal('chrome', { tabs: { sendMessage: () => Promise.reject(new Error(chromeWords)) } });
    const r = await sendToContent(7, { type: 'tool', tool: 'click_ax', args: { ref_id: 'f1:ref_3' } }, 53);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('content_unreachable');
    expect(r.error.message).toMatch(
      /^frame 53 of tab 7 went away before it answered \(it navigated, reloaded or closed/,
    );
    expect(r.error.message).toContain(chromeWords);
    expect(r.error.message).toMatch(/Re-read the page with get_accessibility_tree before acting again\.$/);
  });
});
