import { describe, expect, it } from 'vitest';
import { endTopLoad, forgetSettle, guardBusy, noteTopLoad, settleTab, trackGuardWork } from './nav-settle';
import { sleep } from '../../shared/timeout';

describe('settleTab', () => {
  it('returns at once when the tab shows no blocked load and no guard work is under way', async () => {
    let checks = 0;
    const t0 = Date.now();
    await settleTab(1, () => Promise.resolve((checks++, null)));
    expect(checks).toBe(1);
    expect(Date.now() - t0).toBeLessThan(50);
  });

  it("waits for the guard's work on the tab (the restore and its note) before the check", async () => {
    let done = false;
    let release = (): void => undefined;
    const work = new Promise<void>((r) => (release = r)).then(() => (done = true));
    trackGuardWork(2, work);
    expect(guardBusy(2)).toBe(true);
    setTimeout(() => release(), 60);
    await settleTab(2, () => Promise.resolve(done ? null : 'http://other.test/'));
    expect(done).toBe(true);
    expect(guardBusy(2)).toBe(false);
  });

  it('polls until the error page is gone (its event not heard yet), within the cap', async () => {
    let url: string | null = 'http://other.test/x';
    setTimeout(() => (url = null), 120);
    await settleTab(3, () => Promise.resolve(url));
    expect(url).toBeNull();
  });

  it('gives up after the cap once per blocked URL: later calls do not wait again', async () => {
    const t0 = Date.now();
    await settleTab(4, () => Promise.resolve('http://stuck.test/'), undefined, 100);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(95);
    const t1 = Date.now();
    await settleTab(4, () => Promise.resolve('http://stuck.test/'), undefined, 100);
    expect(Date.now() - t1).toBeLessThan(50);
    forgetSettle(4);
  });

  it("ends at once when the task's signal aborts (Stop)", async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 30);
    const t0 = Date.now();
    await settleTab(5, () => Promise.resolve('http://other.test/'), stop.signal, 5000);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});

describe('settleTab and loads the page started', () => {
  it('waits while a top-frame load is in flight, then for the guard work its failure started', async () => {
    let restored = false;
    noteTopLoad(6);
    setTimeout(() => {
      // The guard's listener: its work is tracked before the load counts as ended.
      trackGuardWork(
        6,
        sleep(60).then(() => (restored = true)),
      );
      endTopLoad(6);
    }, 80);
    await settleTab(6, () => Promise.resolve(restored ? null : 'http://other.test/'));
    expect(restored).toBe(true);
    forgetSettle(6);
  });

  it('waits for a hanging load once: the next call does not wait for the same load again', async () => {
    noteTopLoad(7, 1000);
    const t0 = Date.now();
    await settleTab(7, () => Promise.resolve(null), undefined, 100);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(95);
    const t1 = Date.now();
    await settleTab(7, () => Promise.resolve(null), undefined, 100);
    expect(Date.now() - t1).toBeLessThan(50);
    // A new load is waited for again.
    noteTopLoad(7, 2000);
    setTimeout(() => endTopLoad(7), 40);
    const t2 = Date.now();
    await settleTab(7, () => Promise.resolve(null), undefined, 1000);
    expect(Date.now() - t2).toBeGreaterThanOrEqual(35);
    expect(Date.now() - t2).toBeLessThan(500);
    forgetSettle(7);
  });
});
