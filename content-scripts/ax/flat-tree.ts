/**
 * Flat-tree navigation (DOM §4.2.2.3): open shadow roots are read in place of their host's light
 * children, and a slot shows its assigned nodes (or its fallback content when none are assigned).
 * This is the tree that assistive technologies see, so names and hidden-ness follow it.
 */
import { isElement, isShadowRoot } from '../../shared/dom';

/** The element's parent in the flat tree, or null at the top. */
export function flatParent(el: Element): Element | null {
  const slot = el.assignedSlot;
  if (slot) return slot;
  const parent = el.parentNode;
  if (!parent) return null;
  if (isShadowRoot(parent)) return parent.host;
  return isElement(parent) ? parent : null;
}

/**
 * Elements that can host a shadow root: custom elements and the list in DOM §4.2.14
 * attachShadow(). Only these are worth asking a closed-root reader about (an extension API call).
 */
const ATTACHABLE: ReadonlySet<string> = new Set([
  'article',
  'aside',
  'blockquote',
  'body',
  'div',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'main',
  'nav',
  'p',
  'section',
  'span',
]);

export function mayHostShadow(el: Element): boolean {
  return (
    el.namespaceURI === 'http://www.w3.org/1999/xhtml' && (ATTACHABLE.has(el.localName) || el.localName.includes('-'))
  );
}

/**
 * The build's shadow-root reader: a closed-root reader is asked once per element that may host a
 * root. The walk and the pseudo-element filter (pseudo-rules.ts) ask about the same elements, and
 * in Chrome each ask is an extension API call (chrome.dom.openOrClosedShadowRoot: 6% of a deep
 * read's page time on a 50k-element page, issue 26). The DOM is fixed during a build, so the
 * answers hold for it. Other elements have no shadow root, open or closed (DOM §4.2.14: attachShadow()
 * and declarative roots accept only these hosts), so the reader is not asked about them.
 */
export function memoShadowReader(read: (el: Element) => ShadowRoot | null): (el: Element) => ShadowRoot | null {
  const seen = new Map<Element, ShadowRoot | null>();
  return (el) => {
    if (!mayHostShadow(el)) return null;
    let root = seen.get(el);
    if (root === undefined) {
      root = read(el);
      seen.set(el, root);
    }
    return root;
  };
}

/** The element's children in the flat tree (text and element nodes). */
export function flatChildren(el: Element): Node[] {
  return Array.from(flatChildList(el));
}

/**
 * The same children without copying them into an array: name computation asks this for every
 * element under every named node, and the copies were a visible share of a deep read's garbage
 * (issue 26). The list is live; callers must not change the DOM while reading it.
 */
export function flatChildList(el: Element): ArrayLike<Node> {
  const root = el.shadowRoot;
  if (root) return root.childNodes;
  if (el.localName === 'slot' && isSlot(el)) {
    const assigned = el.assignedNodes({ flatten: false });
    return assigned.length ? assigned : el.childNodes;
  }
  return el.childNodes;
}

function isSlot(el: Element): el is HTMLSlotElement {
  return typeof (el as Partial<HTMLSlotElement>).assignedNodes === 'function';
}

/** Resolves an IDREF in the element's own tree scope (document or shadow root). */
function idRef(el: Element, id: string): Element | null {
  const root = el.getRootNode();
  if (isShadowRoot(root) || isDocument(root)) return root.getElementById(id);
  return null;
}

/** Elements referenced by an IDREFS attribute, in order, missing ids skipped. */
export function idRefs(el: Element, attr: string): Element[] {
  const value = el.getAttribute(attr);
  if (!value) return [];
  const out: Element[] = [];
  for (const id of value.split(/[\t\n\f\r ]+/)) {
    if (!id) continue;
    const target = idRef(el, id);
    if (target) out.push(target);
  }
  return out;
}

export { isElement, isShadowRoot };

export function isDocument(node: Node): node is Document {
  return node.nodeType === 9;
}
