import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSessionStorage } from '../../tests/unit-support/fake-session';

type Frame = {
  frameId: number;
  parentFrameId: number;
  url: string;
  documentId: string;
  documentLifecycle: string;
  errorOccurred: boolean;
};
let live: Frame[] = [];
let storage = new Map<string, unknown>();

function frame(frameId: number, parentFrameId: number, url: string): Frame {
  return { frameId, parentFrameId, url, documentId: `d${frameId}`, documentLifecycle: 'active', errorOccurred: false };
}

// Files share one module graph and globals (isolate: false, vitest.config.ts): leave no fake chrome behind.
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  vi.resetModules();
  storage = new Map();
  live = [frame(0, -1, 'https://a.test/'), frame(11, 0, 'https://a.test/x'), frame(12, 0, 'https://b.test/y')];
  vi.stubGlobal('chrome', {
    webNavigation: { getAllFrames: async () => live },
    storage: { session: fakeSessionStorage(storage) },
    tabs: { onRemoved: { addListener: () => undefined } },
  });
});

describe('frame store', () => {
  it('reloads ids from session storage after a worker restart instead of reassigning', async () => {
    const first = await import('./frame-store');
    const a = await first.syncFrames(1);
    expect(a.ok && a.data.map((f) => f.id)).toEqual(['f0', 'f1', 'f2']);
    live = [frame(0, -1, 'https://a.test/'), frame(12, 0, 'https://b.test/y'), frame(13, 0, 'https://c.test/')];
    const b = await first.syncFrames(1);
    expect(b.ok && b.data.map((f) => [f.chromeFrameId, f.id])).toEqual([
      [0, 'f0'],
      [12, 'f2'],
      [13, 'f3'],
    ]);

    // A restarted worker: fresh module state, same session storage.
    vi.resetModules();
    const second = await import('./frame-store');
    const c = await second.syncFrames(1);
    expect(c.ok && c.data.map((f) => [f.chromeFrameId, f.id])).toEqual([
      [0, 'f0'],
      [12, 'f2'],
      [13, 'f3'],
    ]);
    live.push(frame(14, 13, 'https://d.test/'));
    const d = await second.syncFrames(1);
    expect(d.ok && d.data.find((f) => f.chromeFrameId === 14)).toMatchObject({ id: 'f4', parent: 'f3' });
  });

  it('leaves out documents that are not live and reports unknown frames actionably', async () => {
    live.push({ ...frame(20, 0, 'https://prerender.test/'), documentLifecycle: 'prerender' });
    const store = await import('./frame-store');
    const r = await store.syncFrames(1);
    expect(r.ok && r.data.some((f) => f.chromeFrameId === 20)).toBe(false);
    const missing = await store.findFrame(1, 'f9');
    expect(missing).toMatchObject({ ok: false, error: { code: 'unknown_frame' } });
    if (!missing.ok) expect(missing.error.message).toContain('get_frames');
  });

  it('serializes concurrent syncs so one frame never gets two ids', async () => {
    const store = await import('./frame-store');
    const results = await Promise.all([store.syncFrames(1), store.syncFrames(1), store.syncFrames(1)]);
    const ids = results.map((r) => (r.ok ? r.data.map((f) => f.id).join() : 'err'));
    expect(new Set(ids).size).toBe(1);
  });
});
