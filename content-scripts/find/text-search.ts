/**
 * `text_search`: where a string occurs in the live, composed text of the page (open and closed
 * shadow roots, slotted content, portals: everything rendered in the document), in full rather than
 * the tree's 300-character cut. `count` is the true total; each reported match names the nearest
 * element the tree prints, with its ref. Hidden subtrees (display:none, `hidden`, closed <details>)
 * and visibility:hidden text count only with includeHidden.
 */
import { err, ok, type Result } from '../../src/result';
import { scopeRoot } from '../ax/scope-root';
import type { TextSearchMatch, TextSearchOptions, TextSearchPageResult } from '../../src/find-contract';
import { createAxContext } from '../ax/ax-context';
import { isElement, isShadowRoot } from '../ax/flat-tree';
import { computeName } from '../ax/names';
import type { RefRegistry } from '../ax/ref-registry';
import { collapse, quote } from '../ax/render';
import { computeRole } from '../ax/roles';
import type { AxContext } from '../ax/style-cache';
import type { WalkHints } from '../ax/tree-walk';
import { QUIET_ROLES } from '../ax/walk-rules';
import { collectionPlace, contextText } from './collection';
import { knownRoots, shadowCache } from './shadow-cache';
import { eachChild, HAS_TEXT, markRelevance, NO_TEXT, RELEVANT, stripSpace, type Relevance } from './text-relevance';
import { parentAcross } from './candidates';

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

function gather(n: Node, g: Gather, textVisible: boolean): void {
  if (isText(n)) {
    if (textVisible || g.includeHidden) {
      const p = n.parentNode;
      append(g, n.data, p && isShadowRoot(p) ? p.host : n.parentElement);
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
  const block = s !== null && !s.display.startsWith('inline') && s.display !== 'contents';
  if (block) append(g, ' ', null);
  if (flags & RELEVANT) {
    const visible = s ? s.visibility !== 'hidden' && s.visibility !== 'collapse' : textVisible;
    eachChild(n, g.includeHidden, g.hints.shadowRootOf, (c) => gather(c, g, visible));
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

/** The nearest element at or above `el` that the tree prints as a line of its own. */
function printedAncestor(
  el: Element,
  root: Element,
  ctx: AxContext,
  registry: RefRegistry,
): { el: Element; role: string } {
  for (let a: Element | null = el; a; a = parentAcross(a)) {
    const role = computeRole(a, ctx);
    if (registry.peek(a) !== undefined || (role !== '' && !QUIET_ROLES.has(role)) || a === root) return { el: a, role };
  }
  return { el: root, role: computeRole(root, ctx) };
}

function lineOf(el: Element, role: string, ref: string, ctx: AxContext): string {
  let name = collapse(computeName(el, ctx)).trim();
  if (name.length > NAME_MAX) name = `${name.slice(0, NAME_MAX)}…`;
  return `${role || 'generic'}${name ? ` ${quote(name)}` : ''} [${ref}]`;
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
  const g: Gather = {
    ctx,
    hints: { ...hints, shadowRootOf: knownRoots(shadow.known) },
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
    const printed = printedAncestor(seg.el, root, ctx, registry);
    if (listed.has(printed.el)) continue;
    listed.add(printed.el);
    const ref = registry.refFor(printed.el);
    const from = Math.max(0, at - SNIPPET_SIDE);
    const to = Math.min(all.length, at + want.length + SNIPPET_SIDE);
    const snippet = `${from > 0 ? '…' : ''}${all.slice(from, to).trim()}${to < all.length ? '…' : ''}`;
    const m: TextSearchMatch = { ref, line: lineOf(printed.el, printed.role, ref, ctx), snippet };
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
