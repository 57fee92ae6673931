import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSOLE_TEXT_MAX } from './console-format';
import { readPageConsole } from './page-console';

/** chrome.scripting.executeScript answering with what the page-side hook returned (or throwing). */
function page(result: unknown | (() => Promise<never>)): void {
  const executeScript = typeof result === 'function' ? result : () => Promise.resolve([{ frameId: 0, result }]);
  vi.stubGlobal('chrome', { scripting: { executeScript } });
}

afterEach(() => vi.unstubAllGlobals());

describe('readPageConsole (Firefox)', () => {
  it('says capture starts now on the first read of a page', async () => {
    page({ fresh: true, since: 1, dropped: 0, entries: [] });
    const r = await readPageConsole(1, 0, { level: 'all', limit: 50 });
    expect(r).toMatchObject({ ok: true, data: { matching: 0, messages: [] } });
    expect(r.ok && r.data.note).toMatch(/capture starts now/);
  });

  it('filters by level, keeps the newest, redacts URLs and cuts long texts', async () => {
    page({
      fresh: false,
      since: 1,
      dropped: 3,
      entries: [
        { ts: 2, type: 'log', source: 'console', text: 'hello' },
        { ts: 3, type: 'error', source: 'console', text: 'x'.repeat(CONSOLE_TEXT_MAX + 10) },
        { ts: 4, type: 'error', source: 'exception', text: 'Uncaught boom https://a.example/p?token=s3cr3t' },
      ],
    });
    const r = await readPageConsole(1, 0, { level: 'error', limit: 1 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.matching).toBe(2);
    expect(r.data.messages).toHaveLength(1);
    expect(r.data.messages[0]?.text).not.toContain('s3cr3t');
    expect(r.data.note).toMatch(/3 older messages dropped/);
    const all = await readPageConsole(1, 0, { level: 'all', limit: 50 });
    expect(all.ok && all.data.messages[1]?.text).toMatch(/\[truncated 10 of/);
  });

  it('refuses a buffer the page replaced, and says when the page cannot be scripted', async () => {
    page({ fresh: false, since: 1, dropped: 0, entries: [{ ts: 1, type: 'evil', source: 'console', text: '' }] });
    expect(await readPageConsole(1, 0, { level: 'all', limit: 5 })).toMatchObject({
      ok: false,
      error: { code: 'console_unreadable' },
    });
    page(() => Promise.reject(new Error('Missing host permission for the tab')));
    expect(await readPageConsole(1, 0, { level: 'all', limit: 5 })).toMatchObject({
      ok: false,
      error: { code: 'page_not_scriptable' },
    });
  });
});
