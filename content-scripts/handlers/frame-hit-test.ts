/**
 * `frame_hit_test`: the parent-side half of a trusted click inside a child frame. The child's own hit
 * test only sees its document; whatever the parent draws over the `<iframe>` (a modal backdrop, a
 * cookie banner, a transparent click-jacking layer) would take a real click instead. So before the
 * worker's CDP click, each ancestor frame is asked whether the point, moved into its viewport, lands on
 * the `<iframe>` element: `elementFromPoint` returns the iframe itself for points over its content
 * (CSSOM View §5.1: hit testing does not descend into child navigables), and anything else means the
 * click would land elsewhere.
 */
import { FrameHitArgsSchema, type FrameHitArgs, type FrameHitReply } from '../../shared/protocol/frame-hit';
import { err, ok, type Result } from '../../shared/result';
import { parseArgs } from '../../shared/tools/actions';
import { contentBoxOf, embeddingElement } from '../frames/frame-info';
import { shadowRootOf } from '../frames/shadow-roots';
import type { ContentHandler } from './types';
import { sliceSafe, squish } from '../../shared/text';

/** `tag#id.class "text"`: enough for a person or model to recognise what covers the frame. */
function label(el: Element): string {
  const id = el.id ? `#${el.id}` : '';
  const cls = el.classList.item(0);
  const text = sliceSafe(squish(el.textContent ?? ''), 40);
  return `<${el.localName}${id}${cls ? `.${cls}` : ''}>${text ? ` "${text}"` : ''}`;
}

/** The element a real pointer hits, through open and closed shadow roots (elementFromPoint stops at hosts). */
function deepHit(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  for (let depth = 0; hit && depth < 32; depth++) {
    const root = shadowRootOf(hit);
    const inner = root?.elementFromPoint(x, y) ?? null;
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

function frameHitTest(doc: Document, args: FrameHitArgs): Result<FrameHitReply> {
  const view = doc.defaultView;
  const host = embeddingElement(doc, args.frameIndex);
  if (!view || !host) {
    return err(
      'frame_not_found',
      `this frame no longer embeds child frame #${args.frameIndex} (removed or navigated); call get_frames and re-read`,
    );
  }
  const box = contentBoxOf(host);
  const x = args.x + box.x;
  const y = args.y + box.y;
  const frame = label(host).replace(/ ".*$/, '');
  const miss = (reason: string): Result<FrameHitReply> => ok({ hit: false, x, y, frame, reason });
  const rect = host.getBoundingClientRect();
  // A scaled or rotated iframe (or ancestor) maps child coordinates non-linearly; the offsets above would be wrong.
  if (
    host instanceof HTMLElement &&
    (Math.abs(rect.width - host.offsetWidth) > 1 || Math.abs(rect.height - host.offsetHeight) > 1)
  ) {
    return miss(`${frame} is transformed (scaled or rotated), so a point inside it cannot be placed on screen`);
  }
  if (x < box.x || y < box.y || x >= box.x + box.width || y >= box.y + box.height) {
    return miss(`the point is outside the visible area of ${frame}`);
  }
  if (x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) {
    return miss(`that part of ${frame} is scrolled out of view`);
  }
  const hit = deepHit(doc, x, y);
  if (hit === host) return ok({ hit: true, x, y, frame });
  return miss(hit ? `${label(hit)} covers ${frame} there` : `nothing at that point receives clicks over ${frame}`);
}

export const frameHitTestHandler: ContentHandler = {
  name: 'frame_hit_test',
  run(raw, doc) {
    const args = parseArgs('frame_hit_test', FrameHitArgsSchema, raw);
    return args.ok ? frameHitTest(doc, args.data) : args;
  },
};
