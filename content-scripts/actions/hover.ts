/**
 * hover: the synthetic pointer moves onto the element (what JS tooltips and menus listen to). CSS
 * `:hover` cannot be triggered by script at all, so when nothing appeared, the worker may move the
 * real (CDP) mouse there: hovering has no side effect a second time, so no veto applies.
 */
import type { HoverArgs, HoverReply, HoverResult } from '../../shared/tools/actions';
import { ok, type Result } from '../../shared/result';
import { getRefRegistry } from '../ax/ref-registry';
import type { Changes } from '../../shared/tools/actions';
import { isHtmlElement, rectOf, shortName } from './element-info';
import { arm, Observation, settle } from './observe';
import { centreOf, hittablePoint, syntheticHover } from './pointer';
import { findStandIn, visualState } from './reachability';

/**
 * Hover tooltips and menus often open after a delay (a timer, no DOM activity before it fires), so the
 * window runs at least this long before it may end on a quiet page.
 */
const HOVER_MIN_MS = 250;

/** What appeared (tree lines, appeared.ts) and what changed, once the page is quiet again. */
class AppearWatch {
  private readonly obs: Observation;

  constructor(doc: Document, target: Element) {
    this.obs = new Observation(doc, [target], { appearInside: true });
  }

  async collect(): Promise<{ appeared: string[]; changes: Changes }> {
    const { changes } = await settle(this.obs, { minMs: HOVER_MIN_MS });
    const { appeared = [], ...rest } = changes;
    return { appeared, changes: rest };
  }

  stop(): void {
    this.obs.stop();
  }
}

export async function hover(args: HoverArgs, doc: Document): Promise<Result<HoverReply>> {
  const resolved = getRefRegistry(globalThis).resolve(args.ref_id);
  if (!resolved.ok) return resolved;
  let el = resolved.data;
  if (isHtmlElement(el)) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  if (visualState(el).hidden !== null) el = findStandIn(el)?.el ?? el;
  const watch = new AppearWatch(doc, el);
  syntheticHover(el, hittablePoint(el) ?? centreOf(el));
  const { appeared, changes } = await watch.collect();
  const result: HoverResult = {
    success: true,
    method: 'synthetic',
    name: shortName(el),
    rect: rectOf(el),
    changes,
    ...(appeared.length ? { appeared } : {}),
  };
  const view = doc.defaultView;
  const point = hittablePoint(el);
  if (appeared.length === 0 && point && view && view === view.top) {
    const again = new AppearWatch(doc, el);
    return ok({ result, fallback: { token: arm(again), x: point.x, y: point.y } });
  }
  return ok({ result });
}
