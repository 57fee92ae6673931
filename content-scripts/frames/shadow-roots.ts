/**
 * Shadow-root access for the page-side frame and shadow handlers. Content scripts may read closed
 * roots through the browser's own door (closed-shadow.ts: chrome.dom in Chrome, the element's
 * openOrClosedShadowRoot in Firefox), which page scripts cannot; in jsdom tests only open roots are seen.
 */
import { closedShadowReader } from './closed-shadow';

export type ShadowMode = 'open' | 'closed';

const reader = closedShadowReader();

export function shadowRootOf(el: Element): ShadowRoot | null {
  return reader ? reader(el) : el.shadowRoot;
}

/** `closed` when a page script could not reach the root through `host.shadowRoot`. */
export function shadowModeOf(host: Element, root: ShadowRoot): ShadowMode {
  return host.shadowRoot === root ? 'open' : 'closed';
}

import { isShadowRoot as isShadowRootNode } from '../../shared/dom';

export { isShadowRootNode };

/**
 * Every element under `start` in tree order, shadow trees included (a host's shadow tree is visited
 * before its light children, the order CDP's pierced DOM lists them in). Bounded so a huge page
 * cannot stall the frame.
 */
export function* walkComposed(start: Element | Document | ShadowRoot, limit = 200_000): Generator<Element> {
  const stack: Element[] = [];
  const pushChildren = (parent: ParentNode): void => {
    const kids = parent.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      const k = kids[i];
      if (k) stack.push(k);
    }
  };
  if ('nodeType' in start && start.nodeType === 1 && start instanceof Element) stack.push(start);
  else pushChildren(start);
  let seen = 0;
  while (stack.length > 0 && seen < limit) {
    const el = stack.pop();
    if (!el) break;
    seen++;
    yield el;
    pushChildren(el);
    const root = shadowRootOf(el);
    // Pushed last so it is popped first: the shadow tree comes before the light children.
    if (root) pushChildren(root);
  }
}

/**
 * A position path through light and shadow trees: element-child indices from the document, with `s`
 * marking a step into a host's shadow root. The CDP side computes the same path from a pierced
 * DOM.getDocument, so one element can be matched across the two worlds without touching the page.
 */
export function composedPath(el: Element): string {
  const steps: string[] = [];
  let node: Element = el;
  for (let guard = 0; guard < 1000; guard++) {
    const parent = node.parentNode;
    if (!parent) break;
    const index = Array.prototype.indexOf.call(parent.children ?? [], node);
    steps.push(String(index));
    if (isShadowRootNode(parent)) {
      steps.push('s');
      node = parent.host;
    } else if (parent.nodeType === 1 && parent instanceof Element) {
      node = parent;
    } else {
      break;
    }
  }
  return steps.reverse().join('/');
}

/** The element at a composed path, or null when the page changed since the path was taken. */
export function elementAtPath(doc: Document, path: string): Element | null {
  let parent: ParentNode = doc;
  let current: Element | null = null;
  for (const step of path.split('/')) {
    if (step === '') continue;
    if (step === 's') {
      const root = current ? shadowRootOf(current) : null;
      if (!root) return null;
      parent = root;
      continue;
    }
    const next = parent.children[Number(step)];
    if (!next) return null;
    current = next;
    parent = next;
  }
  return current;
}
