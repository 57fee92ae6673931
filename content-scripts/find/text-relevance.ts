/**
 * `text_search`'s cheap pre-pass (docs/find.md "Speed"): one style-free walk over the flat tree that
 * marks which subtrees can take part in a match, so computed styles (display, visibility) are read
 * only there. A text node can be part of an occurrence only as the whole occurrence, its middle, its
 * start (a suffix of the node is a prefix of the needle) or its end (a prefix of the node is a suffix
 * of the needle); compared with whitespace removed, since the search text's spacing depends on
 * layout (block boundaries) that only the styles tell. A subtree holding text but no such node
 * cannot contribute a character to any occurrence.
 */
import { isElement } from '../ax/flat-tree';

/** The subtree holds a text node that can be part of an occurrence. */
export const RELEVANT = 1;
/** The subtree holds non-blank text. */
export const HAS_TEXT = 2;

/** Never rendered as page text. */
export const NO_TEXT: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'head', 'title']);

const SPACE = /\s+/g;

export function stripSpace(text: string): string {
  return text.replace(SPACE, '');
}

/** Whether `t` (no whitespace) can be part of an occurrence of `needle` (no whitespace). */
export function canBePart(t: string, needle: string): boolean {
  if (needle.includes(t) || t.includes(needle)) return true;
  const first = needle.charCodeAt(0);
  const last = needle.charCodeAt(needle.length - 1);
  const n = Math.min(t.length, needle.length - 1);
  // A suffix of t that starts the needle.
  for (let i = t.length - n; i < t.length; i++) {
    if (t.charCodeAt(i) === first && needle.startsWith(t.slice(i))) return true;
  }
  // A prefix of t that ends the needle.
  for (let k = 1; k <= n; k++) {
    if (t.charCodeAt(k - 1) === last && needle.endsWith(t.slice(0, k))) return true;
  }
  return false;
}

export interface Relevance {
  needle: string;
  caseSensitive: boolean;
  includeHidden: boolean;
  shadowRootOf: ((el: Element) => ShadowRoot | null) | undefined;
  flags: Map<Element, number>;
}

function textFlags(data: string, r: Relevance): number {
  const t = stripSpace(r.caseSensitive ? data : data.toLowerCase());
  if (t === '') return 0;
  return canBePart(t, r.needle) ? HAS_TEXT | RELEVANT : HAS_TEXT;
}

/**
 * The children text_search reads for `el`, in order: a closed <details> only its summary (HTML
 * §4.11.1), a shadow host its shadow tree, a slot what is assigned to it (DOM §4.2.2.3 flat tree).
 */
export function eachChild(
  el: Element,
  includeHidden: boolean,
  shadowRootOf: ((el: Element) => ShadowRoot | null) | undefined,
  fn: (c: Node) => void,
): void {
  if (el.localName === 'details' && !el.hasAttribute('open') && !includeHidden) {
    const summary = el.querySelector(':scope > summary');
    if (summary) fn(summary);
    return;
  }
  const sr = shadowRootOf ? shadowRootOf(el) : el.shadowRoot;
  if (sr) {
    for (let c = sr.firstChild; c; c = c.nextSibling) fn(c);
    return;
  }
  if (el.localName === 'slot' && 'assignedNodes' in el && typeof el.assignedNodes === 'function') {
    const assigned: unknown = el.assignedNodes();
    const nodes = Array.isArray(assigned) ? assigned.filter((x): x is Node => x instanceof Node) : [];
    if (nodes.length > 0) {
      for (const c of nodes) fn(c);
      return;
    }
  }
  for (let c = el.firstChild; c; c = c.nextSibling) fn(c);
}

/** Flags of `n`'s subtree; elements' flags are stored in `r.flags`. */
export function markRelevance(n: Node, r: Relevance): number {
  if (n.nodeType === 3) return textFlags(n.nodeValue ?? '', r);
  if (!isElement(n) || NO_TEXT.has(n.localName)) return 0;
  let flags = 0;
  eachChild(n, r.includeHidden, r.shadowRootOf, (c) => {
    flags |= markRelevance(c, r);
  });
  r.flags.set(n, flags);
  return flags;
}
