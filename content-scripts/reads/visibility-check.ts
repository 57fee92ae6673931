/**
 * Is this element visible to a person right now, and if not, the first reason why, in a fixed order:
 * display:none (on it or a flat-tree ancestor), visibility:hidden, opacity 0 (opacity multiplies down
 * the tree, CSS Color 4 §4.2), zero size, off-screen (nothing left after clipping by the viewport and
 * by `overflow` ancestors, CSS Overflow 3 §3), covered (a hit test at its visible points lands on
 * another element). The hit test (ax/hit-test.ts) descends through shadow roots, closed ones
 * included, since `elementFromPoint` stops at a host (CSSOM View §6.1), and into slots.
 */
import type { VisibilityReason } from '../../shared/tools/reads';
import { flatParent } from '../ax/flat-tree';
import { deepHit, flatContains } from '../ax/hit-test';
import { shadowRootOf } from '../frames/shadow-roots';
import { elementLine } from './element-line';

export interface Invisible {
  reason: VisibilityReason;
  detail?: string;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function styleOf(el: Element): CSSStyleDeclaration | null {
  const view = el.ownerDocument.defaultView;
  return view ? view.getComputedStyle(el) : null;
}

function self(el: Element, node: Element): string {
  return node === el ? 'the element' : `its ancestor ${elementLine(node)}`;
}

/** The element's border box; a `display:contents` element has none, so its children's union stands in. */
function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  if (r.width > 0 || r.height > 0 || styleOf(el)?.display !== 'contents') {
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }
  const rects = Array.from(el.children).map((c) => c.getBoundingClientRect());
  if (rects.length === 0) return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  return {
    left: Math.min(...rects.map((c) => c.left)),
    top: Math.min(...rects.map((c) => c.top)),
    right: Math.max(...rects.map((c) => c.right)),
    bottom: Math.max(...rects.map((c) => c.bottom)),
  };
}

function intersect(a: Box, b: Box): Box {
  return {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
}

const empty = (b: Box): boolean => b.right - b.left < 1 || b.bottom - b.top < 1;
const CLIPS = /hidden|clip|scroll|auto/;

/** The part of the element a person could see: its box cut by clipping ancestors and the viewport. */
function visibleBox(el: Element): { box: Box; clippedBy: Element | null } {
  let box = boxOf(el);
  let clippedBy: Element | null = null;
  for (let node = flatParent(el); node; node = flatParent(node)) {
    const s = styleOf(node);
    if (!s || node === el.ownerDocument.documentElement || node === el.ownerDocument.body) continue;
    if (s.position === 'fixed') break;
    if (CLIPS.test(s.overflowX) || CLIPS.test(s.overflowY)) {
      const r = node.getBoundingClientRect();
      const next = intersect(box, {
        left: CLIPS.test(s.overflowX) ? r.left : -Infinity,
        top: CLIPS.test(s.overflowY) ? r.top : -Infinity,
        right: CLIPS.test(s.overflowX) ? r.right : Infinity,
        bottom: CLIPS.test(s.overflowY) ? r.bottom : Infinity,
      });
      if (empty(next) && !empty(box)) clippedBy ??= node;
      box = next;
    }
  }
  const view = el.ownerDocument.defaultView;
  if (view) box = intersect(box, { left: 0, top: 0, right: view.innerWidth, bottom: view.innerHeight });
  return { box, clippedBy };
}

function offScreenDetail(el: Element, clippedBy: Element | null): string {
  if (clippedBy) return `scrolled or clipped out of ${elementLine(clippedBy)}; scroll it into view`;
  const r = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView;
  const h = view?.innerHeight ?? 0;
  const w = view?.innerWidth ?? 0;
  const where = r.top >= h ? 'below' : r.bottom <= 0 ? 'above' : r.left >= w ? 'right of' : 'left of';
  return `${where} the viewport; scroll to it`;
}

/** null when a person can see the element now, else the first reason they cannot. */
export function whyInvisible(el: Element): Invisible | null {
  if (!el.isConnected) return { reason: 'not in DOM', detail: 'the element left the page' };
  for (let node: Element | null = el; node; node = flatParent(node)) {
    const s = styleOf(node);
    if (s?.display === 'none') return { reason: 'display:none', detail: `on ${self(el, node)}` };
    if (node !== el && s?.getPropertyValue('content-visibility') === 'hidden')
      return { reason: 'display:none', detail: `content-visibility:hidden on ${self(el, node)}` };
  }
  const own = styleOf(el);
  if (own && (own.visibility === 'hidden' || own.visibility === 'collapse')) return { reason: 'visibility:hidden' };
  for (let node: Element | null = el; node; node = flatParent(node)) {
    const s = styleOf(node);
    if (s && Number.parseFloat(s.opacity) === 0) return { reason: 'opacity 0', detail: `on ${self(el, node)}` };
  }
  // jsdom has no layout: every box is 0×0 there, so layout checks only run where there is a view.
  if (typeof el.ownerDocument.elementFromPoint !== 'function') return null;
  const box = boxOf(el);
  if (empty(box)) {
    return {
      reason: 'zero size',
      detail: `${Math.round(box.right - box.left)}×${Math.round(box.bottom - box.top)} px`,
    };
  }
  const seen = visibleBox(el);
  if (empty(seen.box)) return { reason: 'off-screen', detail: offScreenDetail(el, seen.clippedBy) };
  return coveredBy(el, seen.box);
}

function coveredBy(el: Element, b: Box): Invisible | null {
  // pointer-events:none takes the element out of hit testing (CSS UI 4 §7.1): a hit on whatever is
  // under it says nothing, so an ancestor there counts as a clear view.
  const passThrough = styleOf(el)?.pointerEvents === 'none';
  const w = b.right - b.left;
  const h = b.bottom - b.top;
  const points = [
    [b.left + w / 2, b.top + h / 2],
    [b.left + w / 4, b.top + h / 4],
    [b.right - w / 4, b.top + h / 4],
    [b.left + w / 4, b.bottom - h / 4],
    [b.right - w / 4, b.bottom - h / 4],
  ] as const;
  let first: Element | null = null;
  for (const [x, y] of points) {
    const hit = deepHit(el.ownerDocument, x, y, shadowRootOf);
    if (!hit || flatContains(el, hit, shadowRootOf) || (passThrough && flatContains(hit, el, shadowRootOf)))
      return null;
    first ??= hit;
  }
  return first ? { reason: 'covered', detail: `by ${elementLine(first)}` } : null;
}
