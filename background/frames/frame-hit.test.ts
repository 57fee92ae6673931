import { describe, expect, it } from 'vitest';
import type { FrameHitArgs, FrameHitReply } from '../../shared/protocol/frame-hit';
import { err, ok, type Result } from '../../shared/result';
import { placeInTopFrame, type FrameHitDeps } from './frame-hit';
import type { BrowserFrame } from './frame-store';

function frame(id: string, chromeFrameId: number, parentChromeFrameId: number): BrowserFrame {
  return {
    id,
    chromeFrameId,
    parent: null,
    parentChromeFrameId,
    url: `https://a.test/${id}`,
    documentId: undefined,
    errorOccurred: false,
  };
}

// f0 (main) embeds f1 at (100, 50); f1 embeds f2 at (10, 20).
const FRAMES = [frame('f0', 0, -1), frame('f1', 11, 0), frame('f2', 12, 11)];
const ORIGIN: Record<number, { x: number; y: number; index: number }> = {
  11: { x: 100, y: 50, index: 0 },
  12: { x: 10, y: 20, index: 3 },
};

/** A fake tab: each parent adds its iframe's origin; `covered` names parents whose hit test misses. */
function deps(covered: Set<string> = new Set(), calls: string[] = []): FrameHitDeps {
  return {
    frames: async () => ok(FRAMES),
    indexInParent: async (f) => ok(ORIGIN[f.chromeFrameId]?.index ?? null),
    async hitTest(parent: BrowserFrame, args: FrameHitArgs): Promise<Result<FrameHitReply>> {
      calls.push(`${parent.id}#${args.frameIndex}@${args.x},${args.y}`);
      const child = FRAMES.find((f) => f.parentChromeFrameId === parent.chromeFrameId);
      const o = child ? ORIGIN[child.chromeFrameId] : undefined;
      if (!o || o.index !== args.frameIndex) return err('frame_not_found', 'no such child');
      const reply = { x: args.x + o.x, y: args.y + o.y, frame: '<iframe#x>' };
      return ok(
        covered.has(parent.id)
          ? { ...reply, hit: false, reason: '<div#cover> covers <iframe#x> there' }
          : { ...reply, hit: true },
      );
    },
  };
}

describe('placeInTopFrame', () => {
  it('returns main-frame points unchanged without asking any frame', async () => {
    const calls: string[] = [];
    expect(await placeInTopFrame(deps(new Set(), calls), 0, { x: 5, y: 6 })).toEqual(ok({ x: 5, y: 6 }));
    expect(calls).toEqual([]);
  });

  it('walks a nested frame up to the top, hit-testing in every ancestor with that ancestor’s coordinates', async () => {
    const calls: string[] = [];
    const placed = await placeInTopFrame(deps(new Set(), calls), 12, { x: 1, y: 2 });
    expect(placed).toEqual(ok({ x: 111, y: 72 }));
    expect(calls).toEqual(['f1#3@1,2', 'f0#0@11,22']);
  });

  it('refuses when any ancestor covers the frame, naming where and what', async () => {
    const top = await placeInTopFrame(deps(new Set(['f0'])), 12, { x: 1, y: 2 });
    expect(top).toMatchObject({ ok: false, error: { code: 'frame_covered' } });
    if (!top.ok) {
      expect(top.error.message).toBe(
        'in frame f0, <div#cover> covers <iframe#x> there, so a real click would not reach frame f2 (inside f1)',
      );
    }
    const inner = await placeInTopFrame(deps(new Set(['f1'])), 12, { x: 1, y: 2 });
    expect(inner).toMatchObject({ ok: false, error: { code: 'frame_covered' } });
    if (!inner.ok) expect(inner.error.message).toMatch(/^in frame f1, .* would not reach frame f2$/);
  });

  it('refuses, without guessing, when a frame cannot be placed', async () => {
    const lost: FrameHitDeps = { ...deps(), indexInParent: async () => ok(null) };
    expect(await placeInTopFrame(lost, 11, { x: 0, y: 0 })).toMatchObject({
      ok: false,
      error: { code: 'frame_offset', message: 'frame f1 cannot find its own <iframe> in f0' },
    });
    const silent: FrameHitDeps = { ...deps(), hitTest: async () => err('timeout', 'no answer within 3000 ms') };
    const r = await placeInTopFrame(silent, 11, { x: 0, y: 0 });
    expect(r).toMatchObject({ ok: false, error: { code: 'frame_offset' } });
    if (!r.ok) expect(r.error.message).toContain('no answer within 3000 ms');
    expect(await placeInTopFrame(deps(), 99, { x: 0, y: 0 })).toMatchObject({
      ok: false,
      error: { code: 'frame_offset' },
    });
  });

  it('stops on a parent cycle in a malformed inventory', async () => {
    const cyclic: FrameHitDeps = {
      ...deps(),
      frames: async () => ok([frame('f1', 11, 12), frame('f2', 12, 11)]),
      indexInParent: async () => ok(0),
      hitTest: async (_p, a) => ok({ hit: true, x: a.x, y: a.y, frame: '<iframe>' }),
    };
    expect(await placeInTopFrame(cyclic, 11, { x: 0, y: 0 })).toMatchObject({
      ok: false,
      error: { code: 'frame_offset' },
    });
  });
});
