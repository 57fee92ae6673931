/**
 * Where a person would point, and the synthetic pointer sequence a real click produces.
 *
 * `el.click()` alone fires only `click`; widgets built on pointer events (Radix opens a Select on
 * `pointerdown`, many menus on `mousedown`) ignore it. A real press is, per UI Events §5.3 and Pointer
 * Events §4: pointerover/enter, mouseover/enter, pointermove/mousemove, pointerdown, mousedown, (focus),
 * pointerup, mouseup, click. We replay that order at the element's visible point, on the element a real
 * pointer would hit there. Handlers that insist on `event.isTrusted` still refuse it; those get the
 * worker's one guarded CDP click.
 */
import { flatParent } from '../ax/flat-tree';
import { deepHit, flatContains as flatContainsIn } from '../ax/hit-test';
import { shadowRootOf } from '../frames/shadow-roots';
import { deepActiveElement } from './element-info';
import { modifierFlags, type ModifierName } from '../../shared/key-chord';

/** How a press is made: which button, how many clicks in a row, which keys are held. */
export interface PressOptions {
  button: 'left' | 'right' | 'middle';
  clickCount: 1 | 2 | 3;
  modifiers: readonly ModifierName[];
}
const PLAIN_PRESS: PressOptions = { button: 'left', clickCount: 1, modifiers: [] };

/** MouseEvent.button and the `buttons` bit while it is down (UI Events §5.3.1.2/§5.3.1.3). */
const BUTTONS: Record<PressOptions['button'], { button: number; buttons: number }> = {
  left: { button: 0, buttons: 1 },
  middle: { button: 1, buttons: 4 },
  right: { button: 2, buttons: 2 },
};

export interface Point {
  x: number;
  y: number;
}

export function centreOf(el: Element): Point {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * The element hit at a point, as a real pointer would reach it: through open and closed shadow roots
 * (document.elementFromPoint stops at hosts) and from a host's slotted text into its slot
 * (ax/hit-test.ts).
 */
export function deepElementFromPoint(doc: Document, x: number, y: number): Element | null {
  return deepHit(doc, x, y, shadowRootOf);
}

/** Flat-tree containment: true when `inner` is `outer` or inside it, across shadow boundaries and slots. */
export function flatContains(outer: Element, inner: Element | null): boolean {
  return flatContainsIn(outer, inner, shadowRootOf);
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

/**
 * Where a real pointer at `p` lands for `el`: the topmost element there (composed through open shadow
 * roots) when it is `el` or inside it. A tab whose handler sits on the inner link that fills it only
 * reacts when the events start at that link, because mouse events bubble up, never down (UI Events
 * §3.1). When something from elsewhere covers the point, the synthetic events still go to `el`; the
 * trusted retry refuses that case (click-eligibility / hittablePoint).
 */
export function pointerTarget(el: Element, p: Point): Element {
  if (!el.isConnected) return el;
  const hit = deepElementFromPoint(el.ownerDocument, p.x, p.y);
  return hit && flatContains(el, hit) ? hit : el;
}

function canFocus(el: Element): el is HTMLElement | SVGElement {
  return 'focus' in el && typeof el.focus === 'function';
}

/**
 * The focusing steps a real mousedown runs as its default action (HTML §6.6.3 "focusing steps",
 * Chromium MouseEventManager::HandleMouseFocus): the first click-focusable inclusive flat-tree ancestor
 * of the hit node takes focus; when there is none, focus is cleared (a click on plain text blurs the
 * field that had it). `focus()` on an element that is not focusable is a no-op, so trying it is the
 * exact focusability test, including tabindex=-1, contenteditable and delegatesFocus hosts.
 */
function focusFromMousedown(hit: Element): void {
  const doc = hit.ownerDocument;
  for (
    let node: Element | null = hit;
    node && node !== doc.body && node !== doc.documentElement;
    node = flatParent(node)
  ) {
    const before = deepActiveElement(doc);
    if (before === node) return;
    if (!canFocus(node)) continue;
    node.focus({ preventScroll: true });
    const after = deepActiveElement(doc);
    if (after === node || (after !== before && flatContains(node, after))) return;
  }
  const active = deepActiveElement(doc);
  if (active && active !== doc.body && canFocus(active)) active.blur();
}

/** The innermost element containing both (the target of `click`, UI Events §3.5 click target). */
function commonAncestor(a: Element, b: Element): Element {
  for (let node: Element | null = a; node; node = flatParent(node)) if (flatContains(node, b)) return node;
  return b;
}

/** Moves the synthetic pointer onto the element (what hover menus and tooltips listen to). */
export function syntheticHover(el: Element, p: Point = centreOf(el)): void {
  const at = pointerTarget(el, p);
  const init = mouseInit(at, p);
  for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove'])
    fire(at, type, init);
}

export interface PressOutcome {
  /** Where the press landed: the hit-tested element inside `el`, or `el` itself. */
  hit: Element;
  /** False when the page canceled the click event itself (a handled click; not a failure). */
  clickNotCanceled: boolean;
}

/**
 * One synthetic press-and-release at `p`, in a real browser's order (UI Events §5.3, Pointer Events
 * §11): pointerdown, mousedown, then focus as mousedown's default action (skipped when pointerdown or
 * mousedown is canceled), pointerup, mouseup, click. Focus must not come first: a combobox that opens
 * on focus and toggles on mousedown would open and close again in one click.
 *
 * `opts` makes it a right, middle, double or modified press: every event carries the held modifiers'
 * flags and the button; each press of a multi-click has `detail` 1, 2, 3, and the second `click` is
 * followed by `dblclick` (UI Events §5.3.4). A right press fires `contextmenu` after mousedown (the
 * Linux and macOS order; Windows fires it after mouseup) and no `click`; a middle press fires
 * `auxclick` instead of `click` (UI Events §5.3.3).
 */
export function syntheticPress(el: Element, p: Point = centreOf(el), opts: PressOptions = PLAIN_PRESS): PressOutcome {
  let outcome: PressOutcome = { hit: el, clickNotCanceled: true };
  for (let detail = 1; detail <= opts.clickCount; detail++) {
    outcome = pressOnce(el, p, opts, detail);
    if (!el.isConnected) break;
  }
  return outcome;
}

function pressOnce(el: Element, p: Point, opts: PressOptions, detail: number): PressOutcome {
  const { button, buttons } = BUTTONS[opts.button];
  const mods = modifierFlags(opts.modifiers);
  const down = pointerTarget(el, p);
  const downInit = mouseInit(down, p, { button, buttons, detail, ...mods });
  const pointerDownOk = fire(down, 'pointerdown', downInit);
  // Pointer Events §11: a canceled pointerdown suppresses the compatibility mouse events.
  const mouseDownOk = pointerDownOk ? fire(down, 'mousedown', downInit) : false;
  if (mouseDownOk && down.isConnected) focusFromMousedown(down);
  let menuOk = true;
  if (opts.button === 'right' && down.isConnected) menuOk = fire(down, 'contextmenu', downInit);
  // Handlers may have re-rendered the pressed node; the release goes to whatever is there now.
  const up = down.isConnected ? down : pointerTarget(el, p);
  const upInit = mouseInit(up, p, { button, buttons: 0, detail, ...mods });
  fire(up, 'pointerup', upInit);
  if (pointerDownOk) fire(up, 'mouseup', upInit);
  // A click on a detached node does nothing.
  if (!el.isConnected || !up.isConnected) return { hit: down, clickNotCanceled: true };
  if (opts.button === 'right') return { hit: down, clickNotCanceled: menuOk };
  // A dispatched `click` MouseEvent runs the target's activation behaviour (checkbox toggle, link
  // follow, form submit) just as el.click() does (DOM §2.9 dispatch, "isActivationEvent"), and unlike
  // el.click() it carries the coordinates menus and ripples read.
  const clickAt = down.isConnected ? commonAncestor(down, up) : up;
  const clickInit = mouseInit(clickAt, p, { button, detail, ...mods });
  if (opts.button === 'middle') return { hit: down, clickNotCanceled: fire(clickAt, 'auxclick', clickInit) };
  const clicked = fire(clickAt, 'click', clickInit);
  if (detail === 2 && clickAt.isConnected) fire(clickAt, 'dblclick', clickInit);
  return { hit: down, clickNotCanceled: clicked };
}

/** Hover, then press: the whole sequence a person's click produces. */
export function syntheticClick(el: Element, p: Point = centreOf(el), opts: PressOptions = PLAIN_PRESS): PressOutcome {
  syntheticHover(el, p);
  return syntheticPress(el, p, opts);
}
