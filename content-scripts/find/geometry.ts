/**
 * Where a candidate is on screen: its border box clipped by every `overflow: hidden | clip` ancestor
 * and by the viewport (`overflow: auto | scroll` scrolls, it does not clip), and whether a pointer at
 * the middle of what is left would reach it (ax/hit-test.ts: through shadow roots and slots, a label
 * reaching its control).
 * Needs layout: in jsdom every box is empty and every candidate reads as off-screen.
 */
import { deepHit, flatParentOf, reachesControl, type RootReader } from '../ax/hit-test';
import type { AxContext } from '../ax/style-cache';

import type { FindPageCandidate } from '../../shared/find-contract';

type Box = NonNullable<FindPageCandidate['box']>;

export interface Placement {
  box: Box | null;
  actionable: FindPageCandidate['actionable'];
}

function clips(value: string): boolean {
  return value === 'hidden' || value === 'clip';
}

/** The visible part of the element's box, or null when nothing of it is on screen. */
export function clippedBox(el: Element, ctx: AxContext, rootOf: RootReader | undefined): Box | null {
  const win = ctx.win;
  const r = el.getBoundingClientRect();
  let left = r.left;
  let top = r.top;
  let right = r.right;
  let bottom = r.bottom;
  if (right - left <= 0 || bottom - top <= 0) return null;
  // Clipping only ever shrinks the box: one wholly outside the viewport stays null, so its
  // ancestors' styles and boxes need not be read (most matches on a long page are below the fold).
  if (win && (right <= 0 || bottom <= 0 || left >= win.innerWidth || top >= win.innerHeight)) return null;
  // Clipping follows layout, so the flat tree: a slotted element is clipped by the shadow wrappers around its slot.
  for (let a = flatParentOf(el, rootOf); a; a = flatParentOf(a, rootOf)) {
    const s = ctx.style(a);
    if (!s) continue;
    const cx = clips(s.overflowX);
    const cy = clips(s.overflowY);
    if (!cx && !cy) continue;
    const ar = a.getBoundingClientRect();
    if (cx) {
      left = Math.max(left, ar.left);
      right = Math.min(right, ar.right);
    }
    if (cy) {
      top = Math.max(top, ar.top);
      bottom = Math.min(bottom, ar.bottom);
    }
    if (right <= left || bottom <= top) return null;
  }
  if (win) {
    left = Math.max(left, 0);
    top = Math.max(top, 0);
    right = Math.min(right, win.innerWidth);
    bottom = Math.min(bottom, win.innerHeight);
  }
  if (right <= left || bottom <= top) return null;
  return { x: Math.round(left), y: Math.round(top), width: Math.round(right - left), height: Math.round(bottom - top) };
}

export function place(el: Element, disabled: boolean, ctx: AxContext, rootOf?: RootReader): Placement {
  const box = clippedBox(el, ctx, rootOf);
  if (disabled) return { box, actionable: 'disabled' };
  if (!box) return { box, actionable: 'off-screen' };
  const hit = deepHit(el.ownerDocument, box.x + box.width / 2, box.y + box.height / 2, rootOf);
  if (!hit) return { box, actionable: 'off-screen' };
  return { box, actionable: reachesControl(hit, el, rootOf) ? true : 'covered' };
}
