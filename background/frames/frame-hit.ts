/**
 * Where a trusted click inside a child frame lands. CDP `Input.dispatchMouseEvent` takes top-level
 * viewport coordinates and the browser hit-tests them from the top: a point the child frame found
 * clickable in its own document still goes to whatever an ancestor draws over the `<iframe>`. So the
 * point is walked up one frame at a time: each parent moves it into its own viewport (adding the
 * iframe's content-box origin) and hit-tests it there (`frame_hit_test`); the click is sent only when
 * every ancestor's hit test lands on the iframe that leads down to the target.
 */
import { FrameHitReplySchema, type FrameHitArgs, type FrameHitReply } from '../../shared/protocol/frame-hit';
import { err, ok, type Result } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { syncFrames, type BrowserFrame } from './frame-store';
import { askFrame } from './inventory';
import { withTimeout } from '../../shared/timeout';
import { checkReply } from '../page-call';

export interface Point {
  x: number;
  y: number;
}

/** What the walk needs from the browser; injectable so the walk is unit-tested without Chrome. */
export interface FrameHitDeps {
  frames(): Promise<Result<BrowserFrame[]>>;
  /** The frame's index in its parent's `window.frames` (null when it cannot find itself). */
  indexInParent(frame: BrowserFrame): Promise<Result<number | null>>;
  hitTest(parent: BrowserFrame, args: FrameHitArgs): Promise<Result<FrameHitReply>>;
}

/** Frames deeper than this are not walked (a malformed inventory must not loop). */
const MAX_DEPTH = 32;
const HIT_TIMEOUT_MS = 3000;

/**
 * The top-level viewport point for `point` measured in frame `chromeFrameId`, or an error saying why
 * a real click there would not reach that frame (`frame_covered`) or where it cannot be placed
 * (`frame_offset`). The main frame's points come back unchanged.
 */
export async function placeInTopFrame(deps: FrameHitDeps, chromeFrameId: number, point: Point): Promise<Result<Point>> {
  if (chromeFrameId === 0) return ok(point);
  const frames = await deps.frames();
  if (!frames.ok) return frames;
  const byChrome = new Map(frames.data.map((f) => [f.chromeFrameId, f]));
  let current = byChrome.get(chromeFrameId);
  if (!current) return err('frame_offset', `frame ${chromeFrameId} is no longer on the page; re-read the tree`);
  const target = current;
  let p = point;
  for (let depth = 0; current.parentChromeFrameId >= 0; depth++) {
    if (depth >= MAX_DEPTH) return err('frame_offset', `frame ${target.id} is nested too deeply to place on screen`);
    const parent = byChrome.get(current.parentChromeFrameId);
    if (!parent) return err('frame_offset', `the parent of frame ${current.id} is no longer on the page`);
    const index = await deps.indexInParent(current);
    if (!index.ok || index.data === null) {
      return err(
        'frame_offset',
        `frame ${current.id} cannot find its own <iframe> in ${parent.id}${index.ok ? '' : ` (${index.error.message})`}`,
      );
    }
    const hit = await deps.hitTest(parent, { frameIndex: index.data, x: p.x, y: p.y });
    if (!hit.ok) {
      return err(
        'frame_offset',
        `frame ${parent.id} could not hit-test its <iframe> for ${current.id}: ${hit.error.message}`,
      );
    }
    if (!hit.data.hit) {
      const reach = current === target ? `frame ${target.id}` : `frame ${target.id} (inside ${current.id})`;
      return err(
        'frame_covered',
        `in frame ${parent.id}, ${hit.data.reason ?? `the point misses ${hit.data.frame}`}, so a real click would not reach ${reach}`,
      );
    }
    p = { x: hit.data.x, y: hit.data.y };
    current = parent;
  }
  return ok(p);
}

/** The walk against the live tab: frame inventory from webNavigation, questions to each frame's page script. */
export function tabFrameHitDeps(tabId: number): FrameHitDeps {
  return {
    frames: () => syncFrames(tabId),
    async indexInParent(frame) {
      const info = await askFrame(tabId, frame);
      return info.ok ? ok(info.data.indexInParent) : info;
    },
    async hitTest(parent, args) {
      const reply = await withTimeout(
        sendToContent(tabId, { type: 'tool', tool: 'frame_hit_test', args }, parent.chromeFrameId),
        HIT_TIMEOUT_MS,
        (): Result<unknown> => err('timeout', `no answer within ${HIT_TIMEOUT_MS} ms`),
      );
      return checkReply(reply, FrameHitReplySchema, 'frame_hit_test reply');
    },
  };
}
