/**
 * What covers a click target, and how a person would get it out of the way (issue 25, covered
 * targets). A real click lands on the topmost element at the point (CSS 2.1 Appendix E painting
 * order; `elementFromPoint` is its hit test), so a button under a cookie banner or a modal is not
 * clicked by a person: the banner is. A synthetic event dispatched to the button anyway would
 * report a success no person could have had, so the click refuses and names the cover and, when it
 * has one, the control that closes it.
 */
import { flatParent } from '../ax/flat-tree';
import { reachesControl } from '../ax/hit-test';
import { shadowRootOf } from '../frames/shadow-roots';
import { describe, roleOf, shortName } from './element-info';
import { centreOf, deepElementFromPoint, flatContains, hittablePoint } from './pointer';
import { visualState } from './reachability';

export interface Cover {
  /** The overlay as a person would name it: the banner or dialog, else the covering element. */
  cover: Element;
  /** Its close/dismiss control, when it has a visible one. */
  dismiss: Element | null;
}

const OVERLAY_ROLES = new Set(['dialog', 'alertdialog', 'banner', 'region', 'complementary', 'alert', 'status']);
/** Dismiss words in the order a person prefers them: close before decline before accept. */
const DISMISS_WORDS = [
  /^(close|dismiss|×|✕|✖|x|hide|skip|not now|no,? thanks|maybe later|got it|ok|okay|continue)\b/i,
  /^(reject|decline|refuse)( all)?\b|^only (necessary|essential)/i,
  /^(accept|agree|allow|i agree|i accept)( all)?( cookies)?\b/i,
];
const CONTROLS = 'button, a[href], [role="button"], input[type="button"], input[type="submit"], [aria-label]';

function isOverlay(el: Element): boolean {
  if (OVERLAY_ROLES.has(roleOf(el)) || el.localName === 'dialog') return true;
  const pos = el.ownerDocument.defaultView?.getComputedStyle(el).position;
  return pos === 'fixed' || pos === 'sticky';
}

/** The outermost ancestor of `hit` that does not hold `target`, preferring an overlay-like one. */
function coverRoot(hit: Element, target: Element): Element {
  const body = hit.ownerDocument.body;
  let outer = hit;
  let overlay: Element | null = isOverlay(hit) ? hit : null;
  for (let n = flatParent(hit); n && n !== body && !flatContains(n, target); n = flatParent(n)) {
    outer = n;
    if (isOverlay(n)) overlay = n;
  }
  return overlay ?? outer;
}

/** The cover's visible close control, best word first. */
function dismissOf(cover: Element): Element | null {
  const controls = [...cover.querySelectorAll(CONTROLS)].filter((c) => visualState(c).hidden === null);
  for (const words of DISMISS_WORDS) {
    const found = controls.find((c) => words.test(shortName(c).trim()));
    if (found) return found;
  }
  return null;
}

/**
 * The cover of a visible target, or null when a person's click at its hittable point reaches it (or
 * a label of it, which forwards the click), or when nothing is hit at all (off-screen).
 */
export function coverOf(target: Element): Cover | null {
  if (hittablePoint(target)) return null;
  const p = centreOf(target);
  const hit = deepElementFromPoint(target.ownerDocument, p.x, p.y);
  if (!hit || flatContains(target, hit) || flatContains(hit, target)) return null;
  if (reachesControl(hit, target, shadowRootOf)) return null;
  const cover = coverRoot(hit, target);
  return { cover, dismiss: dismissOf(cover) };
}

/** The refusal the model reads: what covers the target and what to click first. */
export function coveredMessage(ref: string, target: Element, found: Cover): string {
  const what = `${ref} (${describe(target, false)}) is covered by ${describe(found.cover)}, so a person's click would land on that instead`;
  if (found.dismiss) return `${what}; close it first with click_ax on ${describe(found.dismiss)}, then retry`;
  return `${what}; close or scroll it out of the way first (re-read the tree to find its controls), then retry`;
}
