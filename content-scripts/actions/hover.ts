/**
 * hover: the synthetic pointer moves onto the element (what JS tooltips and menus listen to). CSS
 * `:hover` cannot be triggered by script at all, so when nothing appeared, the worker may move the
 * real (CDP) mouse there: hovering has no side effect a second time, so no veto applies.
 */
import type { HoverArgs, HoverReply, HoverResult } from '../../src/tools/actions';
import { ok, type Result } from '../../src/result';
import { getRefRegistry } from '../ax/ref-registry';
import { isElementNode, isHtmlElement, rectOf, shortName } from './element-info';
import { arm, Observation } from './observe';
import { centreOf, hittablePoint, syntheticHover } from './pointer';
import { findStandIn, visualState } from './reachability';
import { sleep } from '../../src/timeout';

const WATCH_LIMIT = 400;

/** Watches for elements that become visible: added nodes anywhere, and hidden ones near the target. */
class AppearWatch {
  private readonly added: Element[] = [];
  private readonly hiddenNearby: Element[];
  private readonly observer: MutationObserver;
  private readonly obs: Observation;

  constructor(
    private readonly doc: Document,
    target: Element,
  ) {
    const scope = target.parentElement ?? target;
    this.hiddenNearby = [...scope.querySelectorAll('*')]
      .slice(0, WATCH_LIMIT)
      .filter((e) => visualState(e).hidden !== null);
    const MO = doc.defaultView?.MutationObserver ?? MutationObserver;
    this.observer = new MO((records) => {
      for (const r of records) for (const n of r.addedNodes) if (isElementNode(n)) this.added.push(n);
    });
    this.observer.observe(doc.documentElement, { childList: true, subtree: true });
    this.obs = new Observation(doc, [target]);
  }

  appeared(): string[] {
    for (const r of this.observer.takeRecords()) for (const n of r.addedNodes) if (isElementNode(n)) this.added.push(n);
    const shown = [...this.added, ...this.hiddenNearby].filter((e) => e.isConnected && visualState(e).hidden === null);
    // Keep outermost elements only, so a tooltip is reported once rather than once per child.
    const outer = shown.filter((e) => !shown.some((o) => o !== e && o.contains(e)));
    return [...new Set(outer.map((e) => shortName(e)).filter(Boolean))].slice(0, 5);
  }

  async collect(): Promise<{ appeared: string[]; changes: ReturnType<Observation['report']>['changes'] }> {
    await sleep(200);
    const appeared = this.appeared();
    const { changes } = this.obs.report();
    this.stop();
    return { appeared, changes };
  }

  stop(): void {
    this.observer.disconnect();
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
