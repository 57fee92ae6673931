/**
 * DOM primitives the page scripts share, once (they take their nodes as arguments, so they run
 * under jsdom and in every frame alike). No `chrome.*` here and no globals: a node's own document
 * and window are used, never the script's.
 */

/** True for a shadow root (DOM §4.8): a document fragment with a host. Realm-safe, unlike `instanceof`. */
export function isShadowRoot(node: Node): node is ShadowRoot {
  return node.nodeType === 11 && 'host' in node;
}

/** The parent element in the composed tree: a shadow root's child goes up to the host. */
export function composedParent(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root && isShadowRoot(root) ? root.host : null;
}

/**
 * The focused element through open shadow roots: `document.activeElement` stops at the outermost
 * host (HTML §6.6.3 "focus", retargeting, DOM §4.8).
 */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

// Element kinds by nodeType, namespace and local name rather than `instanceof`: content scripts,
// jsdom and other frames each have their own interface objects, but the element kinds are the same.

/** True for an element node (DOM §4.4 nodeType 1). */
export function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}
export function isHtmlElement(el: Element | null | undefined): el is HTMLElement {
  return !!el && el.namespaceURI === HTML_NS;
}
export function isInput(el: Element | null | undefined): el is HTMLInputElement {
  return isHtmlElement(el) && el.localName === 'input';
}
export function isTextArea(el: Element | null | undefined): el is HTMLTextAreaElement {
  return isHtmlElement(el) && el.localName === 'textarea';
}
export function isSelect(el: Element | null | undefined): el is HTMLSelectElement {
  return isHtmlElement(el) && el.localName === 'select';
}
export function isLabel(el: Element | null | undefined): el is HTMLLabelElement {
  return isHtmlElement(el) && el.localName === 'label';
}
export function isAnchor(el: Element | null | undefined): el is HTMLAnchorElement {
  return isHtmlElement(el) && el.localName === 'a';
}

/** Input types whose value is free text (HTML §4.10.5.1: the "text"-like states), for `type` as written, lower-cased. */
export const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
]);
