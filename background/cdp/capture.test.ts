/** capture: a tab that paints nothing gets a deadline, and a reply is checked for image data. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../shared/result';
import { capture } from './capture';

const OPTIONS = {
  format: 'png' as const,
  clip: { x: 0, y: 0, width: 10, height: 10, scale: 1 },
  beyondViewport: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('capture', () => {
  it('answers capture_timeout after 15 s when the tab produces no image', async () => {
    vi.useFakeTimers();
    const send = vi.fn(() => new Promise<never>(() => undefined));
    const shot = capture(send, 1, OPTIONS);
    await vi.advanceTimersByTimeAsync(15_000);
    const r = await shot;
    expect(r.ok ? null : r.error.code).toBe('capture_timeout');
    expect(r.ok ? '' : r.error.message).toMatch(/within 15 s .*show the window/);
  });

  it('returns the image data, or cdp_failed for a reply without it', async () => {
    const good = vi.fn(() => Promise.resolve(ok<unknown>({ data: 'iVBORw0K' })));
    expect(await capture(good, 1, OPTIONS)).toEqual(ok('iVBORw0K'));
    const bad = vi.fn(() => Promise.resolve(ok<unknown>({})));
    const r = await capture(bad, 1, OPTIONS);
    expect(r.ok ? null : r.error.code).toBe('cdp_failed');
  });
});
