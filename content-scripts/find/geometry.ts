/**
 * Where a candidate is on screen: its border box clipped by every `overflow: hidden | clip` ancestor
 * and by the viewport (`overflow: auto | scroll` scrolls, it does not clip), and whether a pointer at
 * the middle of what is left would reach it (hit-tested with elementFromPoint, through shadow roots).
 * Needs layout: in jsdom every box is empty and every candidate reads as off-screen.
 */
import { isShadowRoot } from '../ax/flat-tree';
import type { AxContext } from '../ax/style-cache';
import { parentAcross } from './candidates';

import type { FindPageCandidate } from '../../src/find-contract';

type Box = NonNullable<FindPageCandidate['box']>;

export interface Placement {
  box: Box | null;
  actionable: FindPageCandidate['actionable'];
}

function clips(value: string): boolean {
  return value === 'hidden' || value === 'clip';
}

/** The visible part of the element's box, or null when nothing of it is on screen. */
function clippedBox(el: Element, ctx: AxContext): Box | null {
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
  for (let a = parentAcross(el); a; a = parentAcross(a)) {
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

/** True when `hit` is `el` or inside it, across shadow boundaries. */
function reaches(hit: Element, el: Element): boolean {
  for (let e: Element | null = hit; e; e = parentAcross(e)) if (e === el) return true;
  return false;
}

/** The innermost element at a point, descending into open and (with the hook) closed shadow roots. */
function deepHit(
  doc: Document,
  x: number,
  y: number,
  shadowRootOf: ((el: Element) => ShadowRoot | null) | undefined,
): Element | null {
  let hit = doc.elementFromPoint(x, y);
  for (let i = 0; hit && i < 32; i++) {
    const sr = shadowRootOf ? shadowRootOf(hit) : hit.shadowRoot;
    if (!sr || !isShadowRoot(sr)) break;
    const inner = sr.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

export function place(
  el: Element,
  disabled: boolean,
  ctx: AxContext,
  shadowRootOf?: (el: Element) => ShadowRoot | null,
): Placement {
  const box = clippedBox(el, ctx);
  if (disabled) return { box, actionable: 'disabled' };
  if (!box) return { box, actionable: 'off-screen' };
  const hit = deepHit(el.ownerDocument, box.x + box.width / 2, box.y + box.height / 2, shadowRootOf);
  if (!hit) return { box, actionable: 'off-screen' };
  // A label's click reaches its control (HTML §4.10.4), and a control inside what was hit still is it.
  const reached = reaches(hit, el) || (hit.localName === 'label' && 'control' in hit && hit.control === el);
  return { box, actionable: reached ? true : 'covered' };
}
