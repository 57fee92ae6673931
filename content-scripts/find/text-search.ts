/**
 * `text_search`: where a string occurs in the live, composed text of the page (open and closed
 * shadow roots, slotted content, portals: everything rendered in the document), in full rather than
 * the tree's 300-character cut. `count` is the true total; each reported match names the nearest
 * element the tree prints, with its ref. Hidden subtrees (display:none, `hidden`, closed <details>)
 * and visibility:hidden text count only with includeHidden.
 */
import { err, ok, type Result } from '../../shared/result';
import { scopeRoot } from '../ax/scope-root';
import type { TextSearchMatch, TextSearchOptions, TextSearchPageResult } from '../../shared/find-contract';
import { createAxContext } from '../ax/ax-context';
import { isElement, isShadowRoot } from '../ax/flat-tree';
import { computeName } from '../ax/names';
import type { RefRegistry } from '../ax/ref-registry';
import { cap, collapse, lineStates, printLine } from '../../shared/tree-print';
import { computeStates } from '../ax/states';
import { computeRole } from '../ax/roles';
import type { AxContext } from '../ax/style-cache';
import { isEditableHost, type WalkHints } from '../ax/tree-walk';
import { QUIET_ROLES } from '../ax/walk-rules';
import { collectionPlace, contextText } from './collection';
import { clippedBox } from './geometry';
import { knownRoots, shadowCache } from './shadow-cache';
import { eachChild, HAS_TEXT, markRelevance, NO_TEXT, RELEVANT, stripSpace, type Relevance } from './text-relevance';
import { flatParentOf } from '../ax/hit-test';
import { separatesText } from '../reads/page-text';

const SNIPPET_SIDE = 30;
const NAME_MAX = 80;

interface Segment {
  start: number;
  el: Element;
  /** Text that cannot be part of an occurrence (text-relevance.ts): shown in snippets, never matched. */
  opaque: boolean;
}

interface Gather {
  ctx: AxContext;
  hints: WalkHints;
  includeHidden: boolean;
  /** Text pieces, joined once at the end: reading the end of a growing string would flatten it each time. */
  parts: string[];
  length: number;
  endsInSpace: boolean;
  segments: Segment[];
  /** Subtree flags from the pre-pass (text-relevance.ts). */
  flags: ReadonlyMap<Element, number>;
}

function isText(n: Node): n is Text {
  return n.nodeType === 3;
}

function push(g: Gather, t: string): void {
  g.parts.push(t);
  g.length += t.length;
  g.endsInSpace = t.endsWith(' ');
}

function append(g: Gather, data: string, el: Element | null, opaque = false): void {
  let t = collapse(data);
  if (t === '' || t === ' ') {
    if (g.length > 0 && !g.endsInSpace) push(g, ' ');
    return;
  }
  if (t.startsWith(' ') && (g.length === 0 || g.endsInSpace)) t = t.slice(1);
  if (el) g.segments.push({ start: g.length, el, opaque });
  push(g, t);
}

function hiddenSubtree(el: Element, g: Gather): boolean {
  if (NO_TEXT.has(el.localName)) return true;
  if (g.includeHidden) return false;
  const s = g.ctx.style(el);
  return s?.display === 'none' || el.hasAttribute('hidden');
}

/** `from`: the flat-tree parent `n` was reached from (a slot, for a host's slotted text). */
function gather(n: Node, g: Gather, textVisible: boolean, from: Element | null = null): void {
  if (isText(n)) {
    if (textVisible || g.includeHidden) {
      const p = n.parentNode;
      // Slotted text is drawn in its slot, inside the control the tree prints for it (Shoelace's
      // <sl-button>Save</sl-button> is the inner button), not on the host that holds it in the DOM.
      const holder = from?.localName === 'slot' ? from : p && isShadowRoot(p) ? p.host : n.parentElement;
      append(g, n.data, holder);
    }
    return;
  }
  if (!isElement(n)) return;
  const flags = g.flags.get(n) ?? 0;
  if ((flags & (RELEVANT | HAS_TEXT)) === HAS_TEXT) {
    // Text no occurrence can use: its words stay (for snippets), unstyled, and the search skips them.
    append(g, n.textContent ?? '', n, true);
    return;
  }
  if (hiddenSubtree(n, g)) return;
  const s = g.ctx.style(n);
  const block = s !== null && separatesText(s.display);
  if (block) append(g, ' ', null);
  if (flags & RELEVANT) {
    const visible = s ? s.visibility !== 'hidden' && s.visibility !== 'collapse' : textVisible;
    eachChild(n, g.includeHidden, g.hints.shadowRootOf, (c) => gather(c, g, visible, n));
  }
  // No text at all (an image, a field): only its box can part words, which `block` did.
  if (block) append(g, ' ', null);
}

/** Whether an occurrence at [at, end) touches text the pre-pass ruled out (a match it cannot be). */
function touchesOpaque(segments: readonly Segment[], from: number, end: number): boolean {
  for (let i = from; i < segments.length; i++) {
    const seg = segments[i];
    if (!seg || seg.start >= end) return false;
    if (seg.opaque) return true;
  }
  return false;
}

function segmentIndex(segments: readonly Segment[], offset: number): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((segments[mid]?.start ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The nearest element at or above `el`, in the flat tree (slotted text belongs to the control its
 * slot sits in: `<sl-button>Save</sl-button>` is the inner button the tree prints), that the tree
 * prints as a line of its own. Text with no such element below the scope (a bare text line at the
 * top of the tree) is reported on the innermost element with a box around it, not on the whole page.
 */
function printedAncestor(
  el: Element,
  root: Element,
  ctx: AxContext,
  registry: RefRegistry,
  rootOf: (el: Element) => ShadowRoot | null,
): { el: Element; role: string; bare: boolean } {
  let innermost: Element | null = null;
  for (let a: Element | null = el; a; a = flatParentOf(a, rootOf)) {
    // A label's text is its control's name (HTML §4.10.4, accname 1.2 step 2D): the tree prints the
    // control, named by it, and no line for the label.
    const control = a.localName === 'label' && 'control' in a ? a.control : null;
    if (control instanceof Element && control !== el)
      return { el: control, role: computeRole(control, ctx), bare: false };
    const role = computeRole(a, ctx);
    if (registry.peek(a) !== undefined || (role !== '' && !QUIET_ROLES.has(role))) return { el: a, role, bare: false };
    if (a === root) break;
    if (!innermost && a.localName !== 'slot' && ctx.style(a)?.display !== 'contents') innermost = a;
  }
  if (innermost) return { el: innermost, role: computeRole(innermost, ctx), bare: true };
  return { el: root, role: computeRole(root, ctx), bare: false };
}

/** `bareText`: for an element the tree prints no line for, the text it holds there. */
function lineOf(el: Element, role: string, ref: string, ctx: AxContext, bareText: string | null): string {
  // The tree's cut (never inside a surrogate pair), at a pointer's length.
  const capper = { limit: NAME_MAX, cut: 0 };
  const name = cap(collapse(computeName(el, ctx)).trim(), capper);
  const shown = role || 'generic';
  // The tree's role and states (`h2 "Pricing"`, `checkbox "Remember me" {checked}`), so a match reads
  // as the line the tree prints for the element.
  const states = lineStates(computeStates(el, shown, ctx), shown, isEditableHost(el, shown));
  // An unnamed element is known by its text, the tree's own form (`generic [ref_3]: "We never share it"`).
  const text = bareText === null || name ? '' : bareText.trim();
  return printLine({
    role: shown,
    ...(name ? { name } : {}),
    ref,
    states,
    ...(text ? { text: cap(text, capper) } : {}),
  });
}

export function searchText(
  doc: Document,
  options: TextSearchOptions,
  registry: RefRegistry,
  hints: WalkHints = {},
): Result<TextSearchPageResult> {
  const started = performance.now();
  const needle = collapse(options.text).trim();
  if (!needle) return err('bad_arguments', 'text_search needs non-blank text');
  registry.sweep();
  const scope = scopeRoot(doc, options.ref_id, registry);
  if (!scope.ok) return scope;
  const root = scope.data;
  const ctx = createAxContext(doc);
  const shadow = shadowCache(hints.shadowRootOf);
  const relevance: Relevance = {
    needle: stripSpace(options.exact ? needle : needle.toLowerCase()),
    caseSensitive: options.exact,
    includeHidden: options.includeHidden,
    shadowRootOf: shadow.read,
    flags: new Map(),
  };
  markRelevance(root, relevance);
  const rootOf = knownRoots(shadow.known);
  const g: Gather = {
    ctx,
    hints: { ...hints, shadowRootOf: rootOf },
    includeHidden: options.includeHidden,
    parts: [],
    length: 0,
    endsInSpace: false,
    segments: [],
    flags: relevance.flags,
  };
  gather(root, g, true);
  const all = g.parts.join('');
  const hay = options.exact ? all : all.toLowerCase();
  const want = options.exact ? needle : needle.toLowerCase();
  const matches: TextSearchMatch[] = [];
  // Each element is listed once, however many occurrences it holds; count counts them all.
  const listed = new Set<Element>();
  let count = 0;
  for (let at = hay.indexOf(want); at >= 0; at = hay.indexOf(want, at + want.length)) {
    const index = segmentIndex(g.segments, at);
    const seg = g.segments[index];
    if (!seg || touchesOpaque(g.segments, index, at + want.length)) continue;
    // exact: the whole text of the element holding it equals the string (case-sensitive), not a part of it.
    if (options.exact && collapse(seg.el.textContent ?? '').trim() !== needle) continue;
    count++;
    if (matches.length >= options.maxMatches) continue;
    const printed = printedAncestor(seg.el, root, ctx, registry, rootOf);
    if (listed.has(printed.el)) continue;
    listed.add(printed.el);
    const ref = registry.refFor(printed.el);
    const from = Math.max(0, at - SNIPPET_SIDE);
    const to = Math.min(all.length, at + want.length + SNIPPET_SIDE);
    const snippet = `${from > 0 ? '…' : ''}${all.slice(from, to).trim()}${to < all.length ? '…' : ''}`;
    const bareText = printed.bare ? all.slice(seg.start, g.segments[index + 1]?.start ?? all.length) : null;
    // Off-screen text is not visible text (issue 28): the box of the element that holds it, clipped
    // like find's; hidden text (includeHidden) has none.
    const box = ctx.style(seg.el)?.visibility === 'visible' ? clippedBox(seg.el, ctx, rootOf) : null;
    const line = lineOf(printed.el, printed.role, ref, ctx, bareText);
    const m: TextSearchMatch = { ref, line, snippet, visible: box !== null, box };
    const place = collectionPlace(seg.el);
    if (place) m.context = contextText(place, ctx);
    matches.push(m);
  }
  return ok({
    text: options.text,
    url: doc.URL,
    count,
    matches,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
}
