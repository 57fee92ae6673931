import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { raceAbort, sleep, withTimeout } from './timeout';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const never = () => new Promise<string>(() => undefined);

describe('sleep', () => {
  it('resolves true after the full time', async () => {
    const p = sleep(100);
    await vi.advanceTimersByTimeAsync(100);
    await expect(p).resolves.toBe(true);
  });
  it('resolves false at once when the signal aborts', async () => {
    const ctl = new AbortController();
    const p = sleep(10_000, ctl.signal);
    ctl.abort();
    await expect(p).resolves.toBe(false);
    await expect(sleep(10, ctl.signal)).resolves.toBe(false);
  });
});

describe('withTimeout', () => {
  it('returns the value when it comes in time', async () => {
    await expect(withTimeout(Promise.resolve('v'), 50, () => 'late')).resolves.toBe('v');
  });
  it('returns the fallback for a promise that never settles, or rejects', async () => {
    const p = withTimeout(never(), 50, () => 'late');
    await vi.advanceTimersByTimeAsync(50);
    await expect(p).resolves.toBe('late');
    await expect(withTimeout(Promise.reject(new Error('x')), 50, () => 'failed')).resolves.toBe('failed');
  });
});

describe('raceAbort', () => {
  it('ends a call that never returns when the signal aborts', async () => {
    const ctl = new AbortController();
    const p = raceAbort(never(), ctl.signal, () => 'stopped');
    ctl.abort();
    await expect(p).resolves.toBe('stopped');
  });
  it('lets a call that hears the abort finish within the grace, else abandons it', async () => {
    const ctl = new AbortController();
    const listening = new Promise<string>((resolve) =>
      ctl.signal.addEventListener('abort', () => setTimeout(() => resolve('cleaned up'), 50)),
    );
    const p = raceAbort(listening, ctl.signal, () => 'stopped', 300);
    ctl.abort();
    await vi.advanceTimersByTimeAsync(50);
    await expect(p).resolves.toBe('cleaned up');
    const ctl2 = new AbortController();
    const q = raceAbort(never(), ctl2.signal, () => 'stopped', 300);
    ctl2.abort();
    await vi.advanceTimersByTimeAsync(300);
    await expect(q).resolves.toBe('stopped');
  });
  it('passes values and errors through, and answers at once for an aborted signal', async () => {
    const ctl = new AbortController();
    await expect(raceAbort(Promise.resolve('v'), ctl.signal, () => 'stopped')).resolves.toBe('v');
    await expect(raceAbort(Promise.reject(new Error('boom')), ctl.signal, () => 'x')).rejects.toThrow('boom');
    ctl.abort();
    await expect(raceAbort(never(), ctl.signal, () => 'stopped')).resolves.toBe('stopped');
    await expect(raceAbort(Promise.resolve('v'), undefined, () => 'x')).resolves.toBe('v');
  });
});
