/**
 * The per-task ledger over chrome.storage.session: concurrent notes keep each other's tokens, a
 * fresh module instance over the same storage (a worker restart) still finds the flow, and the
 * user's own task text is never one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

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
});
