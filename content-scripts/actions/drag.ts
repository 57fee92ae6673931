/**
 * drag: press on an element, move in steps, release over the drop point, as a person's drag, then
 * judge it by the page's change (drag-order.ts). Two kinds of page listen:
 *
 * - HTML5 drag and drop (HTML §6.11): when the press makes a `draggable="true"` element (SortableJS
 *   sets it on pointerdown, kanban boards have it in the markup), a browser fires dragstart on it,
 *   then dragenter/dragover on what is under the pointer as it moves, drop where it is released
 *   (only when the last dragover was canceled: that is how a page accepts a drop) and dragend on the
 *   source, all carrying one DataTransfer, and no further pointer or mouse events (§6.11.5).
 * - pointer-event libraries (dnd-kit, nouislider, most sliders): pointerdown, pointermove/mousemove
 *   steps with the button held, pointerup. When that synthetic drag moves nothing, the worker sends
 *   one trusted CDP mouse drag along the same path (Chrome; the same guards as click_ax's retry).
 */
import type { DragArgs, DragReply, DragResult } from '../../shared/tools/actions';
import { err, ok, type Result } from '../../shared/result';
import { sleep } from '../../shared/timeout';
import { getRefRegistry } from '../ax/ref-registry';
import { coveredMessage, coverOf } from './cover';
import { describe, isHtmlElement, roleOf, shortName } from './element-info';
import { orderChange, printOrders, snapshotOrder } from './drag-order';
import { arm } from './observe';
import { centreOf, deepElementFromPoint, flatContains, hittablePoint, syntheticHover, type Point } from './pointer';
import { visualState } from './reachability';

const STEPS = 10;
const STEP_MS = 16;
const SETTLE_MS = 300;

/** Where on the drop target: its centre, or inside its leading or trailing edge along the list's axis. */
function dropPoint(target: Element, item: Element, position: DragArgs['position']): Point {
  const r = target.getBoundingClientRect();
  const c = centreOf(target);
  if (!position || position === 'center') return c;
  // A row of items (a horizontal list) is entered from the side; a column from above or below.
  const ir = item.getBoundingClientRect();
  const horizontal = Math.abs(ir.top - r.top) < r.height / 2 && Math.abs(ir.left - r.left) >= r.width / 2;
  const f = position === 'before' ? 0.25 : 0.75;
  return horizontal ? { x: r.left + r.width * f, y: c.y } : { x: c.x, y: r.top + r.height * f };
}

function pointerInit(view: Window | null, p: Point, buttons: number): PointerEventInit {
  return {
    bubbles: true,
    cancelable: true,
    composed: true,
    view,
    clientX: p.x,
    clientY: p.y,
    screenX: p.x,
    screenY: p.y,
    button: 0,
    buttons,
    pointerId: 1,
    pointerType: 'mouse',
    isPrimary: true,
  };
}

function firePointer(el: Element, type: string, p: Point, buttons: number): boolean {
  const view = el.ownerDocument.defaultView;
  const Ctor = type.startsWith('pointer') && view ? view.PointerEvent : (view?.MouseEvent ?? MouseEvent);
  return el.dispatchEvent(new Ctor(type, pointerInit(view, p, buttons)));
}

function fireDrag(el: Element, type: string, p: Point, dt: DataTransfer): boolean {
  const view = el.ownerDocument.defaultView;
  const Ctor = view?.DragEvent ?? DragEvent;
  const cancelable = type !== 'dragleave' && type !== 'dragend';
  return el.dispatchEvent(
    new Ctor(type, { ...pointerInit(view, p, type === 'dragend' ? 0 : 1), cancelable, dataTransfer: dt }),
  );
}

function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

function at(doc: Document, p: Point): Element {
  return deepElementFromPoint(doc, p.x, p.y) ?? doc.body;
}

/** HTML5 drag and drop from `source` (the draggable element) to `to`. False when the page refused the drag. */
async function html5Drag(doc: Document, source: Element, from: Point, to: Point): Promise<boolean> {
  const dt = new (doc.defaultView?.DataTransfer ?? DataTransfer)();
  if (!fireDrag(source, 'dragstart', from, dt)) return false;
  await sleep(STEP_MS * 2);
  let over: Element | null = null;
  let accepted = false;
  for (let i = 1; i <= STEPS; i++) {
    const p = lerp(from, to, i / STEPS);
    const hit = at(doc, p);
    if (hit !== over) {
      fireDrag(hit, 'dragenter', p, dt);
      if (over) fireDrag(over, 'dragleave', p, dt);
      over = hit;
    }
    // A canceled dragover is the page accepting a drop here (HTML §6.11.5 "drag operation").
    accepted = !fireDrag(hit, 'dragover', p, dt);
    await sleep(STEP_MS);
  }
  if (over && accepted) fireDrag(over, 'drop', to, dt);
  else if (over) fireDrag(over, 'dragleave', to, dt);
  fireDrag(source.isConnected ? source : doc.body, 'dragend', to, dt);
  return true;
}

/** Pointer-event drag: the moves and the release go where the pointer is (libraries listen on the document). */
async function pointerDrag(doc: Document, from: Point, to: Point): Promise<void> {
  for (let i = 1; i <= STEPS; i++) {
    const p = lerp(from, to, i / STEPS);
    const hit = at(doc, p);
    firePointer(hit, 'pointermove', p, 1);
    firePointer(hit, 'mousemove', p, 1);
    await sleep(STEP_MS);
  }
  const end = at(doc, to);
  firePointer(end, 'pointerup', to, 0);
  firePointer(end, 'mouseup', to, 0);
}

function resolveTarget(args: DragArgs, item: Element): Result<{ el: Element | null; point: Point }> {
  if (args.to) return ok({ el: null, point: { x: args.to.x, y: args.to.y } });
  const found = getRefRegistry(globalThis).resolve(args.to_ref_id ?? '');
  if (!found.ok) return found;
  const el = found.data;
  if (visualState(el).hidden !== null)
    return err(
      'target_hidden',
      `${args.to_ref_id} (${describe(el, false)}) is not visible, so nothing can be dropped on it`,
    );
  if (isHtmlElement(el)) el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  return ok({ el, point: dropPoint(el, item, args.position) });
}

export async function dragRef(args: DragArgs, doc: Document): Promise<Result<DragReply>> {
  const found = getRefRegistry(globalThis).resolve(args.ref_id);
  if (!found.ok) return found;
  const item = found.data;
  const state = visualState(item);
  if (state.disabled || state.hidden !== null)
    return err(
      'target_hidden',
      `${args.ref_id} (${roleOf(item)} "${shortName(item)}") cannot be dragged: ${state.hidden ?? 'it is disabled'}`,
    );
  if (isHtmlElement(item)) item.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  const dest = resolveTarget(args, item);
  if (!dest.ok) return dest;
  const cover = coverOf(item);
  if (cover) return err('target_covered', coveredMessage(args.ref_id, item, cover));
  const from = hittablePoint(item);
  if (!from)
    return err(
      'target_covered',
      `${args.ref_id} is not on screen together with the drop point; scroll so both show, then retry`,
    );
  const to = dest.data.point;
  const landing = at(doc, to);
  if (dest.data.el && !flatContains(dest.data.el, landing) && !flatContains(item, landing))
    return err(
      'target_covered',
      `the drop point on ${args.to_ref_id} is covered by ${describe(landing)}; close it first, then retry`,
    );

  const before = snapshotOrder(item, dest.data.el);
  const beforeLines = printOrders(before);
  syntheticHover(item, from);
  const press = at(doc, from);
  const down = firePointer(press, 'pointerdown', from, 1);
  if (down) firePointer(press, 'mousedown', from, 1);
  await sleep(STEP_MS);
  const draggable = press.closest('[draggable="true"]');
  let method: DragResult['method'] = 'pointer';
  if (draggable && (await html5Drag(doc, draggable, from, to))) method = 'html5';
  else await pointerDrag(doc, from, to);
  await sleep(SETTLE_MS);
  const change = orderChange(item, before);
  const result: DragResult = {
    success: true,
    method,
    verified: change.verified,
    before: beforeLines,
    after: change.after,
    ...(change.moved ? { moved: change.moved } : {}),
  };
  if (change.verified) return ok({ result });
  result.hint = 'nothing moved in the lists around the item; re-read the tree before trying again';
  if (method === 'html5') return ok({ result });
  const watchFrom = snapshotOrder(item, dest.data.el);
  const token = arm(
    { collect: () => sleep(SETTLE_MS).then(() => orderChange(item, watchFrom)), stop: () => undefined },
    item,
  );
  return ok({ result, fallback: { token, from, to } });
}
