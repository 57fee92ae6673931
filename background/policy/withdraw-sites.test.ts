/** Unticking a tab takes back what its tick granted: chrome.storage.session faked. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSessionStorage } from '../../tests/unit-support/fake-session';
import type { TaskRecord } from '../agent/task/state-store';
import { withdrawOrigins } from './origin-policy';

const BANK = 'https://bank.example';
const SHOP = 'https://shop.example';

// Files share one module graph (isolate: false, vitest.config.ts): start from fresh modules.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('withdrawing a site from a task', () => {
  it('takes back approved origins, never the start one, and keeps the state when nothing changes', () => {
    const state = { start: SHOP, approved: [BANK, 'https://docs.example'] };
    expect(withdrawOrigins(state, [BANK, SHOP])).toEqual({ start: SHOP, approved: ['https://docs.example'] });
    expect(withdrawOrigins(state, ['https://other.example'])).toBe(state);
  });

  it("drops the site's navigation approval, this task's grants there and its frame reads; an hour grant and other tasks' stay", async () => {
    vi.stubGlobal('chrome', { storage: { session: fakeSessionStorage() } });
    const { isTrusted, trustSite } = await import('./trusted-sites');
    const { approveFrameOrigin, approvedFrameOrigins } = await import('./read-gate');
    const { withdrawSites } = await import('./withdraw-sites');
    await trustSite('t1', BANK, 'click', 'task');
    await trustSite('t2', BANK, 'click', 'task');
    await trustSite('t1', SHOP, 'click', 'task');
    await trustSite('t1', BANK, 'submit', 'hour');
    await approveFrameOrigin('t1', BANK);
    await approveFrameOrigin('t1', 'https://maps.example');
    const rec: Pick<TaskRecord, 'taskId' | 'origins'> = { taskId: 't1', origins: { start: SHOP, approved: [BANK] } };

    await withdrawSites(rec, [BANK]);

    expect(rec.origins?.approved).toEqual([]);
    expect(await isTrusted('t1', BANK, 'click')).toBe(false);
    expect(await isTrusted('t2', BANK, 'click')).toBe(true);
    expect(await isTrusted('t1', SHOP, 'click')).toBe(true);
    expect(await isTrusted('t1', BANK, 'submit')).toBe(true);
    expect(await approvedFrameOrigins('t1')).toEqual(['https://maps.example']);
  });
});
