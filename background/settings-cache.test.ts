/**
 * The worker keeps the stored settings in memory (settings-store.ts) and forgets them when
 * chrome.storage reports a change, so a read costs no storage round trip and never serves a record
 * that was replaced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (changes: Record<string, unknown>) => void;

function fakeChrome() {
  const data: Record<string, unknown> = {};
  const listeners: Listener[] = [];
  let gets = 0;
  const local = {
    get: (key: string) => {
      gets++;
      return Promise.resolve({ [key]: data[key] });
    },
    set: (items: Record<string, unknown>) => {
      Object.assign(data, items);
      for (const l of listeners) l(Object.fromEntries(Object.keys(items).map((k) => [k, {}])));
      return Promise.resolve();
    },
    // The local area's own event: the worker does not hear session writes (settings-store.ts).
    onChanged: { addListener: (l: Listener) => listeners.push(l) },
  };
  const chrome = { storage: { local } };
  return { chrome, data, gets: () => gets, fire: (key: string) => listeners.forEach((l) => l({ [key]: {} })) };
}

// The unit project shares one module graph between files (isolate: false, vitest.config.ts): another
// file may have loaded settings-store already, with its listener on that file's fake chrome.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('settings cache', () => {
  it('reads storage once, and again only after a change', async () => {
    const fake = fakeChrome();
    vi.stubGlobal('chrome', fake.chrome);
    const { loadSettings, saveSettings } = await import('./settings-store');
    expect((await loadSettings()).provider).toBe('openai');
    await loadSettings();
    await loadSettings();
    expect(fake.gets()).toBe(1);
    const saved = await saveSettings({ provider: 'anthropic', model: 'claude-haiku-4-5' });
    expect(saved.ok).toBe(true);
    expect((await loadSettings()).model).toBe('claude-haiku-4-5');
    // Another writer (the panel of another window, the console): onChanged drops the copy.
    const key = Object.keys(fake.data)[0] ?? '';
    fake.data[key] = { provider: 'openai', model: 'gpt-4.1', apiKeys: {} };
    fake.fire(key);
    expect((await loadSettings()).model).toBe('gpt-4.1');
  });
});
