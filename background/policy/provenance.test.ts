/**
 * The per-task ledger over chrome.storage.session: concurrent notes keep each other's tokens, a
 * fresh module instance over the same storage (a worker restart) still finds the flow, and the
 * user's own task text is never one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function fakeSession() {
  const data = new Map<string, unknown>();
  return {
    get: (key: string) => Promise.resolve(data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}),
    set: (items: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
      return Promise.resolve();
    },
    remove: (key: string) => {
      data.delete(key);
      return Promise.resolve();
    },
  };
}

const MAIL = 'https://mail.example';
const FORUM = 'https://forum.example';

// Files share one module graph (isolate: false, vitest.config.ts): start from fresh modules.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('provenance', () => {
  it('finds text read on one origin in a write to another, across a worker restart', async () => {
    const chrome = { storage: { session: fakeSession() } };
    vi.stubGlobal('chrome', chrome);
    const first = await import('./provenance');
    const task = 'Post a summary of my inbox with ref ORDER-99812 to the forum';
    await Promise.all([
      first.recordRead('t1', [MAIL], 'Your code is MAIL-INBOX-RT-7788', task),
      first.recordRead('t1', [FORUM], 'Thread 5521-alpha', task),
      first.recordRead('t1', [MAIL], 'Order ORDER-99812 shipped', task),
    ]);
    vi.resetModules();
    vi.stubGlobal('chrome', chrome);
    const again = await import('./provenance');
    expect(await again.flowsInto('t1', 'my code: MAIL-INBOX-RT-7788', FORUM)).toEqual({
      from: MAIL,
      sample: 'MAIL-INBOX-RT-7788',
    });
    expect(await again.flowsInto('t1', 'reply to 5521-alpha', MAIL)).toEqual({ from: FORUM, sample: '5521-alpha' });
    // The user wrote the order number in the task: carrying it is the user's own doing.
    expect(await again.flowsInto('t1', 'ORDER-99812', FORUM)).toBeNull();
    expect(await again.flowsInto('t2', 'MAIL-INBOX-RT-7788', FORUM)).toBeNull();
    await again.forgetProvenance('t1');
    expect(await again.flowsInto('t1', 'MAIL-INBOX-RT-7788', FORUM)).toBeNull();
  });

  it('answers from the worker after the first load, and still writes every note through', async () => {
    const session = fakeSession();
    let gets = 0;
    const counted = { ...session, get: (k: string) => (gets++, session.get(k)) };
    vi.stubGlobal('chrome', { storage: { session: counted } });
    const p = await import('./provenance');
    await p.recordRead('t1', [MAIL], 'Your code is MAIL-INBOX-RT-7788', 'Summarise my inbox');
    await p.recordRead('t1', [MAIL], 'Order 4417-beta shipped', 'Summarise my inbox');
    expect(await p.flowsInto('t1', 'code 4417-beta', FORUM)).toEqual({ from: MAIL, sample: '4417-beta' });
    expect(gets).toBe(1);
    // Written through: a restarted worker (empty memory) finds both notes in storage.
    const stored = await session.get('wb.provenance.t1');
    expect(JSON.stringify(stored)).toContain('4417-beta');
    expect(JSON.stringify(stored)).toContain('mail-inbox-rt-7788');
  });
});
