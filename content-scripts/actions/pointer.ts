/**
 * Where a person would point, and the synthetic pointer sequence a real click produces.
 *
 * `el.click()` alone fires only `click`; widgets built on pointer events (Radix opens a Select on
 * `pointerdown`, many menus on `mousedown`) ignore it. A real press is, per UI Events §5.3 and Pointer
 * Events §4: pointerover/enter, mouseover/enter, pointermove/mousemove, pointerdown, mousedown, (focus),
 * pointerup, mouseup, click. We replay that order with coordinates at the element's centre. Handlers that
 * insist on `event.isTrusted` still refuse it; those get the worker's one guarded CDP click.
 */
import { isHtmlElement, isShadowRoot } from './element-info';

export interface Point {
  x: number;
  y: number;
}

export function centreOf(el: Element): Point {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** The element hit at a point, through open shadow roots (document.elementFromPoint stops at hosts). */
export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  let hit = doc.elementFromPoint(x, y);
  while (hit?.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

/** Flat-tree containment: true when `inner` is `outer` or inside it, across shadow boundaries. */
export function flatContains(outer: Element, inner: Element | null): boolean {
  let node: Node | null = inner;
  while (node) {
    if (node === outer) return true;
    const parent: Node | null = node.parentNode;
    node = parent && isShadowRoot(parent) ? parent.host : parent;
  }
  return false;
}

/**
 * A point inside the element's box where a hit test lands on the element itself (its centre first,
 * then inset points), so a trusted click cannot hit a covering overlay instead. Null when covered.
 */
export function hittablePoint(el: Element): Point | null {
  const doc = el.ownerDocument;
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return null;
  const view = doc.defaultView;
  const vw = view?.innerWidth ?? r.right;
  const vh = view?.innerHeight ?? r.bottom;
  const candidates: Point[] = [
    { x: r.left + r.width / 2, y: r.top + r.height / 2 },
    { x: r.left + Math.min(8, r.width / 4), y: r.top + r.height / 2 },
    { x: r.left + r.width / 2, y: r.top + Math.min(6, r.height / 4) },
    { x: r.right - Math.min(8, r.width / 4), y: r.top + r.height / 2 },
  ];
  for (const p of candidates) {
    if (p.x < 0 || p.y < 0 || p.x >= vw || p.y >= vh) continue;
    if (flatContains(el, deepElementFromPoint(doc, p.x, p.y))) return p;
  }
  return null;
}

function mouseInit(el: Element, p: Point, extra: MouseEventInit = {}): PointerEventInit {
  return {
    bubbles: true,
    cancelable: true,
    composed: true,
    view: el.ownerDocument.defaultView,
    clientX: p.x,
    clientY: p.y,
    screenX: p.x,
    screenY: p.y,
    button: 0,
    buttons: 0,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
    ...extra,
  };
}

function fire(el: Element, type: string, init: PointerEventInit): boolean {
  const view = el.ownerDocument.defaultView;
  const isPointer = type.startsWith('pointer');
  const Ctor = isPointer && view && 'PointerEvent' in view ? view.PointerEvent : (view?.MouseEvent ?? MouseEvent);
  const bubbles = !type.endsWith('enter') && !type.endsWith('leave');
  return el.dispatchEvent(new Ctor(type, { ...init, bubbles, cancelable: bubbles }));
}

/** Moves the synthetic pointer onto the element (what hover menus and tooltips listen to). */
export function syntheticHover(el: Element, p: Point = centreOf(el)): void {
  const init = mouseInit(el, p);
  for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove'])
    fire(el, type, init);
}

/**
 * One synthetic press-and-release at `p`. Follows UI Events: a canceled mousedown does not move
 * focus, and `click` follows only when down and up hit the same element. Returns false when the
 * page canceled the click event itself (a handled click; not a failure).
 */
export function syntheticClick(el: Element, p: Point = centreOf(el)): boolean {
  syntheticHover(el, p);
  const down = mouseInit(el, p, { buttons: 1, detail: 1 });
  const pointerDownOk = fire(el, 'pointerdown', down);
  // Pointer Events §11: a canceled pointerdown suppresses the compatibility mouse events.
  const mouseDownOk = pointerDownOk ? fire(el, 'mousedown', down) : false;
  if (mouseDownOk && el.isConnected && isHtmlElement(el)) el.focus({ preventScroll: true });
  const up = mouseInit(el, p, { buttons: 0, detail: 1 });
  fire(el, 'pointerup', up);
  if (pointerDownOk) fire(el, 'mouseup', up);
  // The handlers above may have re-rendered the target away; a click on a detached node does nothing.
  if (!el.isConnected) return true;
  // A dispatched `click` MouseEvent runs the target's activation behaviour (checkbox toggle, link
  // follow, form submit) just as el.click() does (DOM §2.9 dispatch, "isActivationEvent"), and unlike
  // el.click() it carries the coordinates menus and ripples read.
  return fire(el, 'click', mouseInit(el, p, { detail: 1 }));
}
