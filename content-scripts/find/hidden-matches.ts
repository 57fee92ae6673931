/**
 * Matches `find` cannot show (issue 28, the seed's visibility rule): the tree's walk skips subtrees
 * the page hides (display:none, `hidden`, a closed `<details>`, aria-hidden, inert), so an element in
 * a collapsed section, a closed accordion or an unopened tab does not match at all, and "nothing
 * matched" would send the model to other words for an element that is there. When nothing visible
 * matched, this counts the hidden sections whose text holds every content word of the query and names
 * the control that shows each (a closed `<details>`'s summary; a web component's own collapsed control
 * in its shadow root; a control with `aria-expanded="false"`
 * whose `aria-controls` names the section or an ancestor, WAI-ARIA 1.2 §6.6; the accordion pattern's
 * button just before the section), as the tree line with its ref, so the model can click it. Shadow
 * trees are scanned as the tree reads them, closed ones included: the roots come from find's
 * pre-pass, which read them with the tree's own reader (chrome.dom.openOrClosedShadowRoot, or
 * Firefox's openOrClosedShadowRoot), so a section the tree would print once opened is seen here.
 */
import { newNode } from '../ax/ax-node';
import type { RefRegistry } from '../ax/ref-registry';
import { describeElement } from '../ax/describe';
import { nodeLine } from '../ax/serialize';
import type { AxContext } from '../ax/style-cache';
import { hidesSubtree, NEVER_RENDERED } from '../ax/visibility';
import { isDocument, isElement, isShadowRoot } from '../ax/flat-tree';
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

interface Scan {
  words: readonly string[];
  root: Element;
  /** Every shadow root under the scope by host, closed ones included: find's pre-pass found them. */
  roots: ReadonlyMap<Element, ShadowRoot>;
  /** The text of the shadow trees under each element (textContent stops at a shadow root). */
  shadowText: Map<Element, string>;
  /** Collapsed controls by each id their `aria-controls` names, per tree scope (IDREFs resolve there). */
  controls: Map<Node, Map<string, Element>>;
}

function controlsIn(scope: Node, s: Scan): ReadonlyMap<string, Element> {
  const known = s.controls.get(scope);
  if (known) return known;
  const byId = new Map<string, Element>();
  if (isDocument(scope) || isShadowRoot(scope)) {
    for (const c of scope.querySelectorAll('[aria-expanded="false"][aria-controls]')) {
      for (const id of (c.getAttribute('aria-controls') ?? '').split(/\s+/)) if (id && !byId.has(id)) byId.set(id, c);
    }
  }
  s.controls.set(scope, byId);
  return byId;
}

/** The control that shows the hidden section `el`, when the page says which. */
function openerOf(el: Element, s: Scan): Element | null {
  const parent = el.parentElement;
  if (parent?.localName === 'details' && !parent.hasAttribute('open')) return parent.querySelector(':scope > summary');
  // A web component that slots its content into its own collapsible part (Shoelace's sl-details: a
  // closed <details> in its shadow root) holds its control there, in a closed root too.
  const inHost = parent ? (s.roots.get(parent) ?? parent.shadowRoot)?.querySelector('[aria-expanded="false"]') : null;
  if (inHost) return inHost;
  const controls = controlsIn(el.getRootNode(), s);
  for (let a: Element | null = el; a; a = a.parentElement) {
    const byControls = a.id ? controls.get(a.id) : undefined;
    if (byControls) return byControls;
    if (a === s.root) break;
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

/**
 * Each shadow root's text, added to its host and every ancestor up the composed tree to the scope:
 * the words a subtree holds, shadow trees included, without asking every element for its root.
 */
function shadowTexts(scope: Element, roots: ReadonlyMap<Element, ShadowRoot>): Map<Element, string> {
  const out = new Map<Element, string>();
  for (const [host, root] of roots) {
    const text = root.textContent ?? '';
    if (!text.trim()) continue;
    for (let n: Node | null = host; n; n = isShadowRoot(n) ? n.host : n.parentNode) {
      if (!isElement(n)) continue;
      out.set(n, `${out.get(n) ?? ''} ${text}`);
      if (n === scope) break;
    }
  }
  return out;
}

function holdsAll(el: Element, s: Scan): boolean {
  const own = `${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''} ${s.shadowText.get(el) ?? ''}`;
  const text = collapse(own).toLowerCase();
  return s.words.every((w) => text.includes(w));
}

/**
 * Hidden sections under `root` holding the query's words, and the controls that show them. The walk
 * goes where the tree's goes: into every shadow root, closed ones through `roots` (the pre-pass read
 * them with the tree's own reader), and through the light children a host slots.
 */
export function hiddenMatches(
  root: Element,
  q: QueryWords,
  registry: RefRegistry,
  ctx: AxContext,
  roots: ReadonlyMap<Element, ShadowRoot> = new Map(),
): HiddenMatches {
  // Role words ("button") name a role, which hidden text need not say.
  const words = q.label.filter((w) => !q.roleWords.has(w));
  const out: HiddenMatches = { count: 0, openers: [] };
  if (words.length === 0) return out;
  const s: Scan = { words, root, roots, shadowText: shadowTexts(root, roots), controls: new Map() };
  const stack: Element[] = [root];
  for (let seen = 0; stack.length > 0 && seen < SCAN_MAX; seen++) {
    const el = stack.pop();
    // A subtree without the words, or a hidden one (counted once, as a whole), is not entered; nor
    // what is never content (an inline script's data, the head's title), which is not counted.
    if (!el || NEVER_RENDERED.has(el.localName) || !holdsAll(el, s)) continue;
    if (el !== root && isHiddenSection(el, ctx)) {
      out.count++;
      const opener = openerOf(el, s);
      if (opener && out.openers.length < OPENERS_MAX) {
        const line = lineOf(opener, registry, ctx);
        if (!out.openers.includes(line)) out.openers.push(line);
      }
      continue;
    }
    // Pushed in reverse, so the shadow tree is visited first, then the light children, in order.
    for (let c = el.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
    const shadow = roots.get(el) ?? el.shadowRoot;
    if (shadow) for (let c = shadow.lastElementChild; c; c = c.previousElementSibling) stack.push(c);
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
