/**
 * The navigation guard's store is kept in the worker once read (nav-guard-store.ts): the agent loop
 * takes the navigation notes after every call without a storage round trip, storage stays the truth
 * for a restarted worker, and a caller that changes what it loaded changes nothing until it saves.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function fakeChrome(initial: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = { ...initial };
  let gets = 0;
  let failSets = false;
  const session = {
    get: (key: string) => {
      gets++;
      return Promise.resolve({ [key]: structuredClone(data[key]) });
    },
    set: (items: Record<string, unknown>) => {
      if (failSets) return Promise.reject(new Error('storage unavailable'));
      for (const [k, v] of Object.entries(items)) data[k] = structuredClone(v);
      return Promise.resolve();
    },
  };
  return {
    chrome: { storage: { session } },
    data,
    gets: () => gets,
    failSets: (v: boolean) => {
      failSets = v;
    },
  };
}

const entry = (notes: string[] = []) => ({
  tabIds: [7],
  ruleIds: [1],
  origins: ['https://a.test'],
  notes,
  frameHosts: [],
  excludedTabIds: [],
});

// The unit project shares one module graph between files (isolate: false): a fresh module per test.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('navigation guard store', () => {
  it('reads storage once, then serves copies of what it holds', async () => {
    const fake = fakeChrome({ navGuard: { t1: entry(['NOTE: one']) } });
    vi.stubGlobal('chrome', fake.chrome);
    const { loadStore } = await import('./nav-guard-store');
    const first = await loadStore();
    expect(first.t1?.notes).toEqual(['NOTE: one']);
    // A caller's change before it saves is its own.
    if (first.t1) first.t1.notes = [];
    expect((await loadStore()).t1?.notes).toEqual(['NOTE: one']);
    expect(fake.gets()).toBe(1);
  });

  it('writes through to storage, so a restarted worker reads what was saved', async () => {
    const fake = fakeChrome();
    vi.stubGlobal('chrome', fake.chrome);
    const { loadStore, saveStore } = await import('./nav-guard-store');
    expect(await loadStore()).toEqual({});
    await saveStore({ t1: entry(['NOTE: two']) });
    expect((await loadStore()).t1?.notes).toEqual(['NOTE: two']);
    expect(fake.gets()).toBe(1);
    vi.resetModules();
    const restarted = await import('./nav-guard-store');
    expect((await restarted.loadStore()).t1?.notes).toEqual(['NOTE: two']);
    expect(fake.gets()).toBe(2);
  });

  it('reads storage again after a write that failed', async () => {
    const fake = fakeChrome({ navGuard: { t1: entry() } });
    vi.stubGlobal('chrome', fake.chrome);
    const { loadStore, saveStore } = await import('./nav-guard-store');
    await loadStore();
    fake.failSets(true);
    await expect(saveStore({})).rejects.toThrow('storage unavailable');
    fake.failSets(false);
    expect(Object.keys(await loadStore())).toEqual(['t1']);
    expect(fake.gets()).toBe(2);
  });
});
