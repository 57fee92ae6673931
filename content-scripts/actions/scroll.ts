/**
 * scroll: bring a ref into view (centred), or scroll by an amount in a direction: the ref's nearest
 * scrollable container when a ref is given, else the page. Reports the positions before and after
 * and whether the container was already at its end, so the agent stops scrolling a finished list.
 * A directional scroll also lists what appeared (an infinite feed's next items) as tree lines.
 */
import type { ScrollArgs, ScrollResult } from '../../shared/tools/actions';
import { ok, type Result } from '../../shared/result';
import { getRefRegistry } from '../ax/ref-registry';
import { describe, isHtmlElement } from './element-info';
import { Observation, settle } from './observe';
import { flatParentOf } from './reachability';

function isScrollable(el: Element, vertical: boolean): boolean {
  const style = el.ownerDocument.defaultView?.getComputedStyle(el);
  const overflow = vertical ? style?.overflowY : style?.overflowX;
  if (overflow !== 'auto' && overflow !== 'scroll' && overflow !== 'overlay') return false;
  return vertical ? el.scrollHeight > el.clientHeight + 1 : el.scrollWidth > el.clientWidth + 1;
}

function scrollerFor(el: Element | null, doc: Document, vertical: boolean): Element {
  for (let node = el; node; node = flatParentOf(node)) {
    if (node === doc.body || node === doc.documentElement) break;
    if (isScrollable(node, vertical)) return node;
  }
  return doc.scrollingElement ?? doc.documentElement;
}

function position(el: Element): { x: number; y: number } {
  return { x: Math.round(el.scrollLeft), y: Math.round(el.scrollTop) };
}

export async function scroll(args: ScrollArgs, doc: Document): Promise<Result<ScrollResult>> {
  const { ref_id: ref, direction, amount } = args;
  let el: Element | null = null;
  if (ref) {
    const resolved = getRefRegistry(globalThis).resolve(ref);
    if (!resolved.ok) return resolved;
    el = resolved.data;
  }
  const page = doc.scrollingElement ?? doc.documentElement;
  if (el && !direction) {
    const scroller = scrollerFor(flatParentOf(el), doc, true);
    const before = position(scroller);
    if (isHtmlElement(el)) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    const view = doc.defaultView;
    const inView = !!view && r.bottom > 0 && r.top < view.innerHeight && r.right > 0 && r.left < view.innerWidth;
    return ok({
      success: inView,
      container: scroller === page ? 'page' : describe(scroller),
      before,
      after: position(scroller),
      atEnd: false,
      ...(inView ? {} : { hint: `${ref} could not be brought into view (it may be hidden or zero-sized)` }),
    });
  }
  const vertical = direction === 'up' || direction === 'down';
  const scroller = scrollerFor(el, doc, vertical);
  const isPage = scroller === page;
  const view = doc.defaultView;
  const viewport = isPage
    ? vertical
      ? (view?.innerHeight ?? 800)
      : (view?.innerWidth ?? 1000)
    : vertical
      ? scroller.clientHeight
      : scroller.clientWidth;
  const step = amount ?? Math.round(viewport * 0.8);
  const sign = direction === 'up' || direction === 'left' ? -1 : 1;
  const before = position(scroller);
  // An infinite feed loads more when scrolled near its end: watch, and say what appeared (appeared.ts).
  const obs = new Observation(doc, [scroller], { appearInside: true });
  scroller.scrollBy({ top: vertical ? sign * step : 0, left: vertical ? 0 : sign * step, behavior: 'instant' });
  const { changes } = await settle(obs);
  const after = position(scroller);
  const max = vertical ? scroller.scrollHeight - scroller.clientHeight : scroller.scrollWidth - scroller.clientWidth;
  const now = vertical ? after.y : after.x;
  const atEnd = sign > 0 ? now >= max - 1 : now <= 0;
  const moved = after.x !== before.x || after.y !== before.y;
  return ok({
    success: moved,
    container: isPage ? 'page' : describe(scroller),
    before,
    after,
    atEnd,
    ...(changes.appeared ? { appeared: changes.appeared } : {}),
    ...(moved
      ? {}
      : {
          hint: `already at the ${sign > 0 ? (vertical ? 'bottom' : 'right end') : vertical ? 'top' : 'left end'}; nothing more to scroll there`,
        }),
  });
}
