/**
 * Matches `find` cannot show (issue 28, the seed's visibility rule): the tree's walk skips subtrees
 * the page hides (display:none, `hidden`, a closed `<details>`, aria-hidden, inert), so an element in
 * a collapsed section, a closed accordion or an unopened tab does not match at all, and "nothing
 * matched" would send the model to other words for an element that is there. When nothing visible
 * matched, this counts the hidden sections whose text holds every content word of the query and names
 * the control that shows each (a closed `<details>`'s summary; a web component's own collapsed control
 * in its shadow root; a control with `aria-expanded="false"`
 * whose `aria-controls` names the section or an ancestor, WAI-ARIA 1.2 §6.6; the accordion pattern's
 * button just before the section), as the tree line with its ref, so the model can click it.
 */
import { newNode } from '../ax/ax-node';
import type { RefRegistry } from '../ax/ref-registry';
import { describeElement } from '../ax/describe';
import { nodeLine } from '../ax/serialize';
import type { AxContext } from '../ax/style-cache';
import { hidesSubtree, NEVER_RENDERED } from '../ax/visibility';
import { collapse, cut } from '../../shared/text';
import { formatStates } from '../../shared/tree-print';
import type { QueryWords } from './tokens';

/** Elements looked at, at most: the scan runs only when nothing matched, but a page can be huge. */
const SCAN_MAX = 20_000;
/** Controls named, at most: enough to act on, short enough for the warning. */
const OPENERS_MAX = 3;
const NAME_MAX = 80;

export interface HiddenMatches {
  /** Hidden sections whose text holds every content word of the query. */
  count: number;
  /** Tree lines (with refs) of the controls that show them. */
  openers: string[];
}

function collapsedControl(el: Element | null): Element | null {
  if (!el) return null;
  if (el.getAttribute('aria-expanded') === 'false') return el;
  return el.querySelector('[aria-expanded="false"]');
}

/** Collapsed controls by each id their `aria-controls` names (an ID reference list). */
function collapsedControls(doc: Document): Map<string, Element> {
  const byId = new Map<string, Element>();
  for (const c of doc.querySelectorAll('[aria-expanded="false"][aria-controls]')) {
    for (const id of (c.getAttribute('aria-controls') ?? '').split(/\s+/)) if (id && !byId.has(id)) byId.set(id, c);
  }
  return byId;
}

/** The control that shows the hidden section `el`, when the page says which. */
function openerOf(el: Element, root: Element, controls: ReadonlyMap<string, Element>): Element | null {
  const parent = el.parentElement;
  if (parent?.localName === 'details' && !parent.hasAttribute('open')) return parent.querySelector(':scope > summary');
  // A web component that slots its content into its own collapsible part (Shoelace's sl-details: a
  // closed <details> in its shadow root) holds its control there.
  const inHost = parent?.shadowRoot?.querySelector('[aria-expanded="false"]');
  if (inHost) return inHost;
  for (let a: Element | null = el; a; a = a.parentElement) {
    const byControls = a.id ? controls.get(a.id) : undefined;
    if (byControls) return byControls;
    if (a === root) break;
  }
  return collapsedControl(el.previousElementSibling);
}

function lineOf(el: Element, registry: RefRegistry, ctx: AxContext): string {
  const d = describeElement(el, ctx);
  const node = newNode(el, false);
  node.role = d.role;
  node.name = cut(collapse(d.name).trim(), NAME_MAX);
  node.ref = registry.refFor(el);
  node.states = formatStates(d.states, d.role);
  return nodeLine(node, registry);
}

function holdsAll(el: Element, words: readonly string[]): boolean {
  const text = collapse(`${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''}`).toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Hidden sections under `root` holding the query's words, and the controls that show them. */
export function hiddenMatches(root: Element, q: QueryWords, registry: RefRegistry, ctx: AxContext): HiddenMatches {
  // Role words ("button") name a role, which hidden text need not say.
  const words = q.label.filter((w) => !q.roleWords.has(w));
  const out: HiddenMatches = { count: 0, openers: [] };
  if (words.length === 0 || !holdsAll(root, words)) return out;
  const controls = collapsedControls(root.ownerDocument);
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let n = walker.nextNode(), seen = 0; n && seen < SCAN_MAX; seen++) {
    const el = n instanceof Element ? n : null;
    // A subtree without the words, or a hidden one (counted once, as a whole), is not entered; nor
    // what is never content (an inline script's data, the head's title), which is not counted.
    if (!el || NEVER_RENDERED.has(el.localName) || !holdsAll(el, words)) {
      n = walker.nextSibling() ?? nextOutside(walker);
      continue;
    }
    if (el !== root && isHiddenSection(el, ctx)) {
      out.count++;
      const opener = openerOf(el, root, controls);
      if (opener && out.openers.length < OPENERS_MAX) {
        const line = lineOf(opener, registry, ctx);
        if (!out.openers.includes(line)) out.openers.push(line);
      }
      n = walker.nextSibling() ?? nextOutside(walker);
      continue;
    }
    n = walker.nextNode();
  }
  return out;
}

/**
 * A section the page does not render: `checkVisibility()` (CSSOM View) is false for display:none on
 * the element or a flat-tree ancestor, and for content-visibility:hidden, which Chrome uses for a
 * closed <details>'s content; so it also sees content slotted into a hidden part of a shadow root.
 * Rendered content the tree leaves out (aria-hidden, inert) is not a hidden section: no control
 * shows it. jsdom has no checkVisibility: there the tree's light-DOM rules (hidesSubtree) stand in.
 */
function isHiddenSection(el: Element, ctx: AxContext): boolean {
  if (typeof el.checkVisibility === 'function') return !el.checkVisibility();
  return hidesSubtree(el, ctx);
}

/** The walker's next node after the current one's subtree (its parent's next sibling, upwards). */
function nextOutside(walker: TreeWalker): Node | null {
  while (walker.parentNode()) {
    const next = walker.nextSibling();
    if (next) return next;
  }
  return null;
}
