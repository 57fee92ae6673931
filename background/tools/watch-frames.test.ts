import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSessionStorage } from '../../tests/unit-support/fake-session';
import { err, ok } from '../../shared/result';
import type { ReadGate } from '../policy/read-gate';

type Sent = { frameId: number; args: unknown };
let sent: Sent[] = [];
const storage = new Map<string, unknown>();

const frames = [
  { frameId: 0, parentFrameId: -1, url: 'https://shop.test/' },
  { frameId: 7, parentFrameId: 0, url: 'https://shop.test/checkout' },
  { frameId: 9, parentFrameId: 0, url: 'https://ads.test/slot' },
].map((f) => ({ ...f, documentId: `d${f.frameId}`, documentLifecycle: 'active', errorOccurred: false }));

const report = (text: string): unknown => ({
  ok: true,
  data: {
    startedAt: 1,
    endedAt: 2,
    samples: 3,
    capped: false,
    steady: 1,
    regions: [{ lines: [`status "${text}" [f1:ref_4]`], appearedAtMs: 40, disappearedAtMs: null }],
  },
});

// Files share one module graph and globals (isolate: false, vitest.config.ts): leave no fake chrome behind.
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  vi.resetModules();
  sent = [];
  vi.stubGlobal('chrome', {
    webNavigation: { getAllFrames: async () => frames },
    storage: { session: fakeSessionStorage(storage) },
    tabs: {
      onRemoved: { addListener: () => undefined },
      sendMessage: async (_tab: number, req: { args: { op: string } }, opts: { frameId: number }) => {
        sent.push({ frameId: opts.frameId, args: req.args });
        return req.args.op === 'start' ? { ok: true, data: { startedAt: 1 } } : report('Card declined');
      },
    },
  });
});

/** A gate for a task on shop.test: ads.test is another site, judged without asking. */
function gate(asked: number[]): ReadGate {
  return {
    origins: new Set(),
    frame: async (_tab, id) => {
      asked.push(id);
      return id === 9 ? err('other_site', 'ads.test') : ok(true);
    },
    pixels: async () => ok(true),
    url: async () => ok(true),
    content: async () => ok(true),
    outside: async () => new Set([9]),
  };
}

describe('watch in frames', () => {
  it('watches the frames of sites the task reads, with their ids, and leaves the others out unasked', async () => {
    const { startFrameWatches, stopFrameWatches } = await import('./watch-frames');
    const asked: number[] = [];
    const started = await startFrameWatches(5, gate(asked), 250);
    expect(started.watched.map((f) => f.chromeFrameId)).toEqual([7]);
    expect(started.otherSites).toBe(1);
    // The gate judged only the readable frame; nothing was sent to the other site's frame.
    expect(asked).toEqual([7]);
    expect(sent).toEqual([{ frameId: 7, args: { op: 'start', sampleMs: 250, frameRef: started.watched[0]?.id } }]);

    const stopped = await stopFrameWatches(5, started.watched);
    expect(stopped.regions).toEqual([expect.objectContaining({ frame: started.watched[0]?.id, appearedAtMs: 40 })]);
    expect(stopped.regions[0]?.lines.join('')).toContain('Card declined');
    expect(stopped.steady).toBe(1);
    expect(stopped.lost).toEqual([]);
  });

  it('names a frame that went away during the window', async () => {
    const { stopFrameWatches } = await import('./watch-frames');
    vi.stubGlobal('chrome', {
      storage: { session: { get: async () => ({}), set: async () => undefined } },
      tabs: {
        onRemoved: { addListener: () => undefined },
        sendMessage: async () => ({ ok: false, error: { code: 'not_watching', message: 'navigated' } }),
      },
    });
    const stopped = await stopFrameWatches(5, [{ id: 'f3', chromeFrameId: 12 }]);
    expect(stopped.lost).toEqual(['f3']);
    expect(stopped.regions).toEqual([]);
  });
});
