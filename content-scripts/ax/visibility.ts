/**
 * Exclusion from the accessibility tree (WAI-ARIA 1.2 §7.1 "Excluding elements from the
 * accessibility tree"; HTML §15 rendering; accname 1.2 §4.3.1 "hidden").
 */
import { flatParent } from './flat-tree';
import { resolveContext, type AxContext } from './style-cache';

/** Elements whose content is never rendered (HTML §15.3.1 `display: none` in the UA sheet). */
export const NEVER_RENDERED: ReadonlySet<string> = new Set([
  'head',
  'script',
  'style',
  'template',
  'title',
  'meta',
  'link',
  'base',
  'noscript',
  'datalist',
  'param',
]);

/**
 * CSS-only check for one element, ignoring ancestors: it generates no box (`display:none`) or
 * its own box is invisible (`visibility:hidden|collapse`, which is inherited, so a descendant may
 * turn visible again: a walker must still descend into such an element).
 */
export function isRenderedInvisible(el: Element, ctx?: AxContext): boolean {
  const c = resolveContext(el, ctx);
  const display = c.display(el);
  if (display === null) return false;
  if (display === 'none') return true;
  return isInvisible(c.visibility(el));
}

/**
 * True when the element and its whole subtree are out of the accessibility tree, whatever the
 * descendants say: `display:none`, `hidden`, `inert`, `aria-hidden="true"`, a closed
 * `<details>`'s content, or an ancestor's `content-visibility:hidden`. Walkers skip the subtree.
 */
export function hidesSubtree(el: Element, ctx?: AxContext): boolean {
  if (hiddenByMarkup(el)) return true;
  return hiddenByDisplay(el, resolveContext(el, ctx).display(el));
}

/** The checks of hidesSubtree that need no style (the tree walk makes them before reading any). */
export function hiddenByMarkup(el: Element): boolean {
  const tag = el.localName;
  if (NEVER_RENDERED.has(tag) && el.namespaceURI === 'http://www.w3.org/1999/xhtml') return true;
  if (isAriaHidden(el)) return true;
  if (tag === 'input' && el.getAttribute('type')?.trim().toLowerCase() === 'hidden') return true;
  return el.hasAttribute('inert');
}

/**
 * The rest of hidesSubtree, given the element's computed `display` (null: no style). The walk reads
 * `display` once per element and passes it here and to its block/inline test: each property read of
 * a live computed style is a style query in Chromium (issue 26).
 */
export function hiddenByDisplay(el: Element, display: string | null): boolean {
  if (display !== null) {
    if (display === 'none') return true;
  } else if (el.hasAttribute('hidden')) {
    // Disconnected or windowless documents have no styles; the attribute is the best evidence.
    return true;
  }
  const parent = el.parentElement;
  // HTML §4.11.1: a closed <details> renders only its first <summary> child.
  if (parent && parent.localName === 'details' && !parent.hasAttribute('open')) {
    if (el.localName !== 'summary' || parent.querySelector(':scope > summary') !== el) return true;
  }
  return false;
}

/** `content-visibility: hidden` skips the element's contents, not the element itself (CSS Contain 2 §4). */
function hidesContents(el: Element, c: AxContext): boolean {
  const s = c.style(el);
  return s !== null && s.getPropertyValue('content-visibility') === 'hidden';
}

/**
 * Whether the element is hidden from assistive technology, ancestors included. Cached in the
 * context, so a walk that asks for every element pays for each ancestor once.
 */
export function isHiddenFromAx(el: Element, ctx?: AxContext): boolean {
  const c = resolveContext(el, ctx);
  const cached = c.hidden.get(el);
  if (cached !== undefined) return cached;
  let hidden = ancestorHides(el, c);
  // visibility is inherited, so the element's own computed value already accounts for ancestors.
  if (!hidden && isInvisible(c.visibility(el))) hidden = true;
  c.hidden.set(el, hidden);
  return hidden;
}

const subtreeCache = new WeakMap<AxContext, Map<Element, boolean>>();

/** True when this element or one of its flat-tree ancestors hides its whole subtree. */
function ancestorHides(el: Element, c: AxContext): boolean {
  let map = subtreeCache.get(c);
  if (!map) {
    map = new Map();
    subtreeCache.set(c, map);
  }
  const chain: Element[] = [];
  let result = false;
  let node: Element | null = el;
  while (node) {
    const known = map.get(node);
    if (known !== undefined) {
      result = known;
      break;
    }
    chain.push(node);
    if (hidesSubtree(node, c)) {
      result = true;
      break;
    }
    const parent: Element | null = flatParent(node);
    if (parent && hidesContents(parent, c)) {
      result = true;
      break;
    }
    node = parent;
  }
  for (const n of chain) map.set(n, result);
  return result;
}

/** Hidden only because of the inherited `visibility` property, which descendants may override. */
export function hiddenByVisibilityOnly(el: Element, ctx?: AxContext): boolean {
  const c = resolveContext(el, ctx);
  return !ancestorHides(el, c) && isHiddenFromAx(el, c);
}

/**
 * Hidden from all users (CSS, `hidden`, `inert`), ignoring aria-hidden: what decides whether an
 * aria-owns reference resolves (WAI-ARIA §6.6 aria-owns, w3c/aria#1839).
 */
export function hiddenFromAllUsers(el: Element, ctx?: AxContext): boolean {
  const c = resolveContext(el, ctx);
  if (isInvisible(c.visibility(el))) return true;
  for (let n: Element | null = el; n; n = flatParent(n)) {
    const display = c.display(n);
    if (display !== null ? display === 'none' : n.hasAttribute('hidden')) return true;
    if (n.hasAttribute('inert')) return true;
  }
  return false;
}

/** `visibility: hidden | collapse` (null: no style, so not known to be invisible). */
export function isInvisible(visibility: string | null): boolean {
  return visibility === 'hidden' || visibility === 'collapse';
}

/** aria-hidden="true" removes the subtree (WAI-ARIA 1.2 §6.6 aria-hidden); other values are ignored. */
export function isAriaHidden(el: Element): boolean {
  return el.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true';
}
