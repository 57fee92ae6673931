/**
 * The conversation is stored as events arrive (event-hub.ts), but a tool call's line waits for its
 * result (issue 26): the whole conversation is not copied to storage while the call runs, and the
 * result's write, at once, carries both. A call that outlives the batch window is still written.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function fakeSession() {
  const writes: unknown[] = [];
  const session = {
    get: (key: string) => Promise.resolve({ [key]: undefined }),
    set: (items: Record<string, unknown>) => {
      writes.push(...Object.values(structuredClone(items)));
      return Promise.resolve();
    },
  };
  return { chrome: { storage: { session } }, writes };
}

const base = { tabId: 3, taskId: 't1', callId: 'c1', tool: 'get_page_info' };
const messages = (w: unknown): unknown[] =>
  typeof w === 'object' && w !== null && 'messages' in w && Array.isArray(w.messages) ? w.messages : [];

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('conversation writes', () => {
  it('writes a tool call with its result, once', async () => {
    const fake = fakeSession();
    vi.stubGlobal('chrome', fake.chrome);
    const { emit } = await import('./event-hub');
    await emit({ type: 'tool_call', ...base, args: {} });
    await vi.advanceTimersByTimeAsync(50);
    expect(fake.writes).toHaveLength(0);
    await emit({ type: 'tool_result', ...base, ok: true, result: 'ok', ms: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.writes).toHaveLength(1);
    expect(messages(fake.writes[0])).toMatchObject([{ id: 'c1', tool: 'get_page_info', ok: true }]);
  });

  it('still writes a call that runs longer than the batch window', async () => {
    const fake = fakeSession();
    vi.stubGlobal('chrome', fake.chrome);
    const { emit } = await import('./event-hub');
    await emit({ type: 'tool_call', ...base, args: {} });
    await vi.advanceTimersByTimeAsync(400);
    expect(fake.writes).toHaveLength(1);
    expect(messages(fake.writes[0])).toMatchObject([{ id: 'c1', tool: 'get_page_info' }]);
  });
});
