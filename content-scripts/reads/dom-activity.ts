/**
 * How long this frame's DOM has been quiet, for `wait_for_stable`. One MutationObserver per frame,
 * started on the first call (so a page nobody waits on pays nothing) on the document and every shadow
 * root present then: mutations inside a shadow tree are not delivered to an observer of the document
 * (DOM §4.3 "mutation observers" observe a node's inclusive descendants, and a shadow root is not one).
 * It also reports the document's readyState and age: a page that was still loading when the worker
 * began watching its requests has requests the worker never saw start, and readyState tells whether
 * they are done (HTML "the end": it turns "complete" only once nothing delays the load event any
 * more: scripts, stylesheets, images, iframes).
 */
import type { DomActivity } from '../../shared/tools/reads';
import { shadowRootOf, walkComposed } from '../frames/shadow-roots';

const KEY = '__wbDomActivity';

interface State {
  last: number;
  observer: MutationObserver;
}

function isState(v: unknown): v is State {
  return typeof v === 'object' && v !== null && 'last' in v && typeof v.last === 'number';
}

const OPTIONS: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true };

export function domActivity(doc: Document): DomActivity {
  const existing: unknown = Reflect.get(globalThis, KEY);
  const now = Date.now();
  const load = { readyState: doc.readyState, ageMs: Math.round(doc.defaultView?.performance.now() ?? 0) };
  if (isState(existing)) return { msSinceMutation: now - existing.last, started: false, ...load };
  const state: State = {
    last: now,
    observer: new MutationObserver(() => {
      state.last = Date.now();
    }),
  };
  state.observer.observe(doc, OPTIONS);
  for (const el of walkComposed(doc)) {
    const root = shadowRootOf(el);
    if (root) state.observer.observe(root, OPTIONS);
  }
  Object.defineProperty(globalThis, KEY, { value: state, configurable: true });
  return { msSinceMutation: 0, started: true, ...load };
}
