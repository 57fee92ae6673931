/**
 * `find`'s cheap pre-pass (docs/find.md "Speed"): one style-free walk over the flat tree that marks
 * the elements whose own text or label-bearing attributes hold a query word ("hot"). The tree's walk
 * then visits only hot elements, their flat-tree ancestors (a button whose text sits in a span, the
 * row and section around a match) and the whole subtree of each hot element, so roles, names, styles
 * and refs are computed for the few elements that can match instead of for every element. What it
 * does compute is the tree's own code on the same elements, so lines and refs stay the tree's.
 *
 * Names that come from elsewhere are followed: `<label>` to its control (HTML §4.10.4),
 * aria-labelledby to its referrer (accname 1.2 step 2B), aria-owns to its owner (WAI-ARIA §6.6), a
 * legend or labelled section to its whole content, and (when the query names a role: "counter
 * button") a row or list item to its whole content, since row text can stand in for a name there.
 */
import { flatParent, isElement, isShadowRoot } from '../ax/flat-tree';
import type { WalkPrune } from '../ax/tree-walk';
import { shadowCache, type ShadowCache } from './shadow-cache';
import { compoundSplits, LIVE_ROLES, synonymsOf, type QueryWords } from './tokens';

/** Attributes a name, tooltip, value, hint label or test id is read from (names.ts, name-fallback.ts). */
const WORD_ATTRS: ReadonlySet<string> = new Set([
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'value',
  'label',
  'class',
  'data-action',
  'data-direction',
  'data-nav',
  'data-icon',
]);
/** Form controls, whose `name` and `id` are read as words too (rank.ts). */
export const FIELD_TAGS: ReadonlySet<string> = new Set(['input', 'select', 'textarea', 'button']);
/** Attributes that make an element a likely candidate, whatever its tag. */
const MARKS_CANDIDATE: ReadonlySet<string> = new Set(['role', 'tabindex', 'onclick']);
const NO_TEXT: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template']);
const LIKELY_CANDIDATE_TAGS: ReadonlySet<string> = new Set([
  'a',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

export interface Prefiltered extends WalkPrune {
  /** Every shadow root under the scope (closed ones through the hook), for the test-id scan. */
  shadowRoots: ShadowRoot[];
  /** About how many elements the full walk would rank: the base of the rarity bonus. */
  estimate: number;
  /** Shadow roots by host, for the walk that follows (shadow-cache.ts). */
  hosts: Map<Element, ShadowRoot>;
}

interface Pass {
  words: readonly string[];
  /** Live-region roles the query names ("the status message"): their elements match by role alone. */
  liveRoles: ReadonlySet<string>;
  attrs: ReadonlySet<string>;
  /** Test attribute names, lower-cased (HTML attribute names are, and hasAttribute lower-cases). */
  testIdSet: ReadonlySet<string>;
  shadow: ShadowCache;
  hot: Element[];
  labelled: Element[];
  out: Prefiltered;
}

function holdsWord(text: string, words: readonly string[]): boolean {
  const lc = text.toLowerCase();
  for (const w of words) if (lc.includes(w)) return true;
  return false;
}

function isHot(el: Element, p: Pass): boolean {
  const attrs = el.attributes;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    if (a && p.attrs.has(a.name) && a.value && holdsWord(a.value, p.words)) return true;
  }
  return el.localName === 'input' && !el.hasAttribute('value') && submitTypeHot(el, p.words);
}

/** HTML §4.10.5.1.17-18: a submit or reset button without a value is named by its type. */
function submitTypeHot(el: Element, words: readonly string[]): boolean {
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  return (type === 'submit' || type === 'reset') && holdsWord(type, words);
}

/**
 * One look at `el`'s attributes (their names in one call, values only for the few that can hold a
 * word): whether one holds a query word, whether the element is a likely candidate, and whether it
 * is labelled by other elements. Same answers as isHot and per-attribute hasAttribute calls, for a
 * fraction of the DOM calls; this runs on every element of the page.
 */
function scanAttributes(el: Element, p: Pass): { hot: boolean; likely: boolean } {
  let hot = false;
  let likely = LIKELY_CANDIDATE_TAGS.has(el.localName);
  for (const name of el.getAttributeNames()) {
    if (!likely && (MARKS_CANDIDATE.has(name) || p.testIdSet.has(name))) likely = true;
    if (!hot && name === 'role' && p.liveRoles.size > 0 && p.liveRoles.has((el.getAttribute('role') ?? '').trim())) {
      hot = true;
    }
    if (name === 'aria-labelledby') p.labelled.push(el);
    if (!hot && (p.attrs.has(name) || ((name === 'name' || name === 'id') && FIELD_TAGS.has(el.localName)))) {
      const value = el.getAttribute(name);
      if (value && holdsWord(value, p.words)) hot = true;
    }
  }
  if (!hot && el.localName === 'input' && !el.hasAttribute('value')) hot = submitTypeHot(el, p.words);
  return { hot, likely };
}

function visit(el: Element, p: Pass): void {
  if (NO_TEXT.has(el.localName)) return;
  let hot = false;
  if (el.hasAttributes()) {
    const seen = scanAttributes(el, p);
    hot = seen.hot;
    if (seen.likely) p.out.estimate++;
  } else if (LIKELY_CANDIDATE_TAGS.has(el.localName)) p.out.estimate++;
  // <output> is a status (HTML-AAM).
  if (!hot && el.localName === 'output' && p.liveRoles.has('status')) hot = true;
  const sr = p.shadow.read(el);
  // Light children too, even under a shadow host: a slotted child is reached from its slot by the
  // tree's walk, and marking goes up the flat tree (flatParent), so visiting it here is enough.
  if (sr) {
    p.out.shadowRoots.push(sr);
    for (let c = sr.firstChild; c; c = c.nextSibling) if (isElement(c)) visit(c, p);
  }
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (isElement(c)) visit(c, p);
    else if (!hot && c.nodeType === 3 && holdsWord(c.nodeValue ?? '', p.words)) hot = true;
  }
  if (hot) p.hot.push(el);
}

/** Whether `el`'s own text, attributes or aria-labelledby targets hold one of `words`. */
function ownWords(el: Element, words: readonly string[], p: Pass): boolean {
  for (let c = el.firstChild; c; c = c.nextSibling)
    if (c.nodeType === 3 && holdsWord(c.nodeValue ?? '', words)) return true;
  return isHot(el, { ...p, words }) || (el.hasAttribute('aria-labelledby') && referencesHot(el, words));
}

/** Keeps `el` and its flat-tree ancestors up to the scope (stops at one already kept: its ancestors are). */
function keepUp(el: Element, root: Element, keep: Set<Element>): void {
  for (let e: Element | null = el; e && !keep.has(e); e = flatParent(e)) {
    keep.add(e);
    if (e === root) return;
  }
}

function isRowOrItem(el: Element): boolean {
  const r = (el.getAttribute('role') ?? '').trim();
  if (r) return r === 'row' || r === 'listitem' || r === 'option' || r === 'article';
  return el.localName === 'tr' || el.localName === 'li';
}

function referencesHot(el: Element, words: readonly string[]): boolean {
  const root = el.getRootNode();
  const byId = (id: string): Element | null =>
    isShadowRoot(root) ? root.getElementById(id) : el.ownerDocument.getElementById(id);
  for (const id of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/)) {
    const target = id ? byId(id) : null;
    if (target && holdsWord(target.textContent ?? '', words)) return true;
  }
  return false;
}

export function prefilter(
  root: Element,
  q: QueryWords,
  testIdAttributes: readonly string[],
  owners: ReadonlyMap<Element, Element>,
  shadowRootOf?: (el: Element) => ShadowRoot | null,
): Prefiltered {
  const shadow = shadowCache(shadowRootOf);
  const out: Prefiltered = { keep: new Set(), full: new Set(), shadowRoots: [], estimate: 0, hosts: shadow.known };
  const p: Pass = {
    words: [...q.label, ...compoundSplits(q.label), ...q.label.flatMap((w) => synonymsOf(w))],
    liveRoles: new Set([...q.roles].filter((r) => LIVE_ROLES.has(r))),
    attrs: new Set([...WORD_ATTRS, ...testIdAttributes]),
    testIdSet: new Set(testIdAttributes.map((a) => a.toLowerCase())),
    shadow,
    hot: [],
    labelled: [],
    out,
  };
  visit(root, p);
  for (const el of p.labelled) if (!p.hot.includes(el) && referencesHot(el, p.words)) p.hot.push(el);
  // Row text stands in for a name only beside a role word ("counter button"), and only a word that
  // is not itself a role word says which row: "select row 3-4" needs row 3-4, not every row.
  const rowWords = q.label.filter((w) => !q.roleWords.has(w));
  const rowsCount = q.roles.size > 0 && rowWords.length > 0;
  const more: Element[] = [];
  for (const el of p.hot) {
    // A label names its control, wherever the control sits.
    const control = el.closest('label')?.control;
    if (control) more.push(control);
    const legend = el.closest('legend');
    if (legend?.parentElement) more.push(legend.parentElement);
    if (rowsCount && ownWords(el, rowWords, p)) {
      for (let a = flatParent(el); a && a !== root; a = flatParent(a)) {
        if (isRowOrItem(a)) {
          more.push(a);
          break;
        }
      }
    }
  }
  for (const el of [...p.hot, ...more]) {
    if (el !== root) out.full.add(el);
    keepUp(el, root, out.keep);
  }
  // An owned element is walked under its owner (aria-owns), so the owner's path must be kept too.
  for (const [owned, owner] of owners) if (out.keep.has(owned) || out.full.has(owned)) keepUp(owner, root, out.keep);
  out.keep.add(root);
  return out;
}
