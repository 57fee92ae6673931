/**
 * Writes that do not wait for storage (issue 26): they return at once, store the record as it was
 * when the write started, land in the order they were started (so a later awaited save wins), and a
 * failed one is logged instead of failing the tool call.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskRecord } from './state-store';

/** A session store whose writes complete only when the test says so, in order. */
function slowSession() {
  const data = new Map<string, unknown>();
  const pending: (() => void)[] = [];
  let failNext = false;
  return {
    data,
    pending,
    failNextWrite: () => {
      failNext = true;
    },
    flush: () => {
      for (const done of pending.splice(0)) done();
    },
    set(items: Record<string, unknown>): Promise<void> {
      // Like the extension bindings: the arguments are copied when the call is made.
      const copy = structuredClone(items);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('QUOTA_BYTES quota exceeded'));
      }
      return new Promise((resolve) => {
        pending.push(() => {
          for (const [k, v] of Object.entries(copy)) data.set(k, v);
          resolve();
        });
      });
    },
  };
}

function record(step: number, inFlight?: TaskRecord['inFlight']): TaskRecord {
  return {
    taskId: 't1',
    tabId: 7,
    mode: 'act',
    task: 'Read the page',
    nonce: '00112233445566778899aabb',
    step,
    startedAt: 0,
    history: [],
    guards: { readsWithoutProgress: 0, seenPages: [], callCounts: {} },
    usage: { inputTokens: 1, outputTokens: 1 },
    steps: [],
    malformedSteps: 0,
    ...(inFlight ? { inFlight } : {}),
    resumes: 0,
    maxSteps: 30,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  vi.restoreAllMocks();
});

describe('write-behind task state', () => {
  it('returns before storage confirms, stores the record as it was, and a later awaited save lands last', async () => {
    const session = slowSession();
    vi.stubGlobal('chrome', { storage: { session } });
    const store = await import('./state-store');
    const rec = record(1, { tool: 'get_accessibility_tree', readOnly: true });
    store.saveTaskBehind(rec);
    expect(session.pending).toHaveLength(1);
    // The loop goes on changing the record while the write is in flight.
    rec.inFlight = { tool: 'click_ax', readOnly: false };
    rec.step = 2;
    const awaited = store.saveTask(rec);
    session.flush();
    await awaited;
    expect(session.data.get('wb.task.7')).toMatchObject({ step: 2, inFlight: { tool: 'click_ax', readOnly: false } });
  });

  it("stores a read's mark only over an action's mark (issue 26)", async () => {
    const session = slowSession();
    vi.stubGlobal('chrome', { storage: { session } });
    const store = await import('./state-store');
    const rec = record(1);
    // A record this worker never wrote (loaded after a restart) may hold an action's mark: written.
    rec.inFlight = { tool: 'get_page_info', readOnly: true };
    store.saveReadMark(rec);
    expect(session.pending).toHaveLength(1);
    session.flush();
    // Stored with no action in flight: a second read writes nothing.
    rec.inFlight = { tool: 'get_accessibility_tree', readOnly: true };
    store.saveReadMark(rec);
    expect(session.pending).toHaveLength(0);
    // An action's mark is stored; the read after it replaces it.
    rec.inFlight = { tool: 'click_ax', readOnly: false };
    const action = store.saveTask(rec);
    session.flush();
    await action;
    rec.inFlight = { tool: 'wait_for', readOnly: true };
    store.saveReadMark(rec);
    session.flush();
    expect(session.data.get('wb.task.7')).toMatchObject({ inFlight: { tool: 'wait_for', readOnly: true } });
    // After a write that failed, the stored copy is unknown again: the next read writes.
    session.failNextWrite();
    rec.inFlight = { tool: 'click_ax', readOnly: false };
    await expect(store.saveTask(rec)).rejects.toThrow('QUOTA_BYTES');
    rec.inFlight = { tool: 'find', readOnly: true };
    store.saveReadMark(rec);
    expect(session.pending).toHaveLength(1);
  });

  it('writes the latest tree without waiting, and logs a failed write instead of throwing', async () => {
    const session = slowSession();
    vi.stubGlobal('chrome', { storage: { session } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = await import('./state-store');
    session.failNextWrite();
    expect(() =>
      store.saveLatestTree({ tabId: 7, url: 'https://a.example/', title: 'A', text: 'x', ts: 1 }),
    ).not.toThrow();
    store.saveLatestTree({ tabId: 7, url: 'https://a.example/', title: 'A', text: 'tree 2', ts: 2 });
    session.flush();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Weaverbird: could not save the latest tree:', 'QUOTA_BYTES quota exceeded'),
    );
    expect(session.data.get('wb.tree.7')).toMatchObject({ text: 'tree 2' });
  });
});
