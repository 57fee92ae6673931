/**
 * `find`: ranked natural-language lookup over what the tree would print (docs/find.md). Scores every
 * candidate (rank.ts), places the best ones on screen (geometry.ts), puts the actionable ones first
 * and named containers after interactive matches, and returns each as its tree line with its ref.
 */
import { err, ok, type Result } from '../../shared/result';
import { scopeRoot } from '../ax/scope-root';
import type { FindOptions, FindPageResult, FindPageCandidate } from '../../shared/find-contract';
import { collapse } from '../ax/render';
import type { RefRegistry } from '../ax/ref-registry';
import { inlineText, nodeLine } from '../ax/serialize';
import { cap, inlineTextPart } from '../../shared/tree-print';
import type { WalkHints } from '../ax/tree-walk';
import { computeName } from '../ax/names';
import type { AxContext } from '../ax/style-cache';
import { ariaOwners } from '../ax/aria-owns';
import { createAxContext } from '../ax/ax-context';
import { CONTAINER_ROLES, parentAcross, walkForFind, type Candidate, type Walked } from './candidates';
import { FIELD_TAGS, prefilter } from './prefilter';
import { knownRoots } from './shadow-cache';
import { collectionPlace, contextText, rowTextFor, rowTextOf, type CollectionPlace } from './collection';
import { place, type Placement } from './geometry';
import { hiddenMatches } from './hidden-matches';
import { scoreCandidate, type Features } from './rank';
import { parseQuery, type QueryWords } from './tokens';

const ON_STATES = /\{[^}]*\b(selected|pressed|checked|on)\b/;
const DISABLED = /\{[^}]*\bdisabled\b/;
const LINE_TEXT_MAX = 80;

interface Scored {
  c: Candidate;
  score: number;
  /** Its row or list item; the context text is spelled out only for the candidates returned. */
  place: CollectionPlace | null;
  placement?: Placement;
  /** Matched only through a synonym or a live region's role (rank.ts): after every direct match. */
  weak: boolean;
}

/**
 * A candidate's own text (with its title tooltip): a weak signal for controls whose name is empty or
 * an icon. Not for containers other than headings and generic wrappers: a table's text is every row.
 */
function ownText(c: Candidate): string {
  const role = c.node.role;
  if (CONTAINER_ROLES.has(role) && role !== 'generic' && role !== 'heading') return '';
  const title = c.el.getAttribute('title');
  return collapse(`${c.el.textContent ?? ''} ${title ?? ''}`)
    .trim()
    .slice(0, 200)
    .toLowerCase();
}

function featuresOf(c: Candidate): Features {
  const placeholder = c.el.getAttribute('placeholder') ?? c.el.getAttribute('aria-placeholder');
  return {
    fieldIds: FIELD_TAGS.has(c.el.localName) ? `${c.el.getAttribute('name') ?? ''} ${c.el.id}`.trim() : '',
    role: c.node.role,
    name: c.node.name,
    testId: c.testId,
    text: ownText(c),
    rowText: '',
    on: ON_STATES.test(c.node.states),
    placeholder: placeholder ? collapse(placeholder).trim().toLowerCase() : '',
  };
}

/**
 * Extra name weight for query words few candidates carry (an order number among a thousand rows
 * that all say "order"): half a point per halving of the share, at most 3.
 */
function rarityOf(label: readonly string[], features: readonly Features[], base: number): Map<string, number> {
  const out = new Map<string, number>();
  const n = Math.max(base, features.length);
  for (const w of label) {
    let df = 0;
    for (const f of features) if (f.name.toLowerCase().includes(w) || f.text.includes(w)) df++;
    if (df > 0) out.set(w, Math.min(3, Math.max(0, (Math.log2(n / df) - 1) / 2)));
  }
  return out;
}

const SECTION_TAGS: ReadonlySet<string> = new Set(['section', 'form', 'fieldset', 'nav', 'aside', 'dialog']);
const SECTION_ROLES: ReadonlySet<string> = new Set(['region', 'form', 'group', 'dialog', 'navigation', 'toolbar']);

/** The name of the nearest labelled section, form, group or dialog around `el`, lower-cased. */
function sectionName(el: Element, ctx: AxContext, cache: Map<Element, string>): string {
  for (let a = parentAcross(el); a; a = parentAcross(a)) {
    const known = cache.get(a);
    if (known !== undefined) {
      if (known) return known;
      continue;
    }
    const role = (a.getAttribute('role') ?? '').trim();
    const labelled = a.hasAttribute('aria-label') || a.hasAttribute('aria-labelledby') || a.localName === 'fieldset';
    const sectioning = SECTION_TAGS.has(a.localName) || SECTION_ROLES.has(role);
    const name = sectioning && labelled ? collapse(computeName(a, ctx)).trim().toLowerCase() : '';
    cache.set(a, name);
    if (name) return name;
  }
  return '';
}

const EXPANDABLE = /\{[^}]*\b(expanded|collapsed)\b/;

/**
 * Containers that can be the target themselves ("the second article", "that list item"): never
 * demoted below interactive matches (browxai's find: listitem, article and section are not
 * containers). A region, a landmark or a toolbar only encloses the control and is demoted. A list
 * stays demoted, unlike browxai's: as a peer of the heading that names it, the list outranked the
 * heading a query asked for (find-eval's "team members heading").
 */
const TARGET_CONTAINERS: ReadonlySet<string> = new Set(['listitem', 'article', 'section', 'feed']);

/**
 * A wrapper or landmark, not a control: a generic element with a ref is a clickable (pointer cursor),
 * and a listbox or menu that opens and closes (aria-expanded, ARIA 1.2 §6.6) is the trigger a person
 * clicks (Choices.js puts role=listbox on its button), not a list to pick inside.
 */
function isContainer(c: Candidate): boolean {
  if (!CONTAINER_ROLES.has(c.node.role) || TARGET_CONTAINERS.has(c.node.role)) return false;
  if (c.node.role === 'generic' && c.node.ref !== undefined) return false;
  return !(c.node.ref !== undefined && EXPANDABLE.test(c.node.states));
}

/**
 * Actionable ones first; among those, containers after interactive matches when there is one;
 * matches through a synonym only after all of them.
 */
function tier(s: Scored, interactiveActionable: boolean): number {
  if (s.weak) return s.placement?.actionable === true ? 3 : 4;
  if (s.placement?.actionable !== true) return 2;
  return interactiveActionable && isContainer(s.c) ? 1 : 0;
}

/** Scores every walked candidate; the matches, best first. */
function rankWalked(walked: Walked, q: QueryWords, rarityBase: number): Scored[] {
  const features = walked.candidates.map((c) => featuresOf(c));
  const rarity = rarityOf(q.label, features, rarityBase);
  const sections = new Map<Element, string>();
  const matched: Scored[] = [];
  walked.candidates.forEach((c, i) => {
    const f = features[i];
    if (!f) return;
    let s = scoreCandidate(q, f, rarity);
    // Row and section words only add to a match, or stand in for a name beside a role word.
    if (!s.matched && !q.roles.has(f.role)) return;
    const place = collectionPlace(c.el);
    const around = `${place ? rowTextOf(place) : ''} ${sectionName(c.el, walked.ctx, sections)}`.trim();
    if (around) s = scoreCandidate(q, { ...f, rowText: around }, rarity);
    if (s.matched) matched.push({ c, score: s.score, place, weak: s.weak === true });
  });
  return matched;
}

export function findElements(
  doc: Document,
  options: FindOptions,
  registry: RefRegistry,
  hints: WalkHints = {},
): Result<FindPageResult> {
  const started = performance.now();
  const q = parseQuery(options.query);
  if (q.all.length === 0) return err('bad_arguments', 'find needs a query with at least one word, e.g. "save button"');
  registry.sweep();
  const scope = scopeRoot(doc, options.ref_id, registry);
  if (!scope.ok) return scope;
  const root = scope.data;
  const anchored = options.ref_id !== undefined;
  const ctx = createAxContext(doc);
  // The cheap pass first: the tree's walk over what can match. Only when that finds nothing is every
  // element walked (a name the pre-pass cannot see coming, such as a field named by the text beside it).
  const pruned = prefilter(root, q, options.testIdAttributes, ariaOwners(ctx), hints.shadowRootOf);
  const walkHints: WalkHints = { ...hints, shadowRootOf: knownRoots(pruned.hosts) };
  let walked = walkForFind(doc, root, anchored, registry, walkHints, options.testIdAttributes, ctx, pruned);
  let matched = rankWalked(walked, q, pruned.estimate);
  if (matched.length === 0) {
    walked = walkForFind(doc, root, anchored, registry, walkHints, options.testIdAttributes, ctx);
    matched = rankWalked(walked, q, 0);
  }
  matched.sort((a, b) => b.score - a.score || a.c.order - b.c.order);

  // Placement needs layout (a reflow at most, then cached geometry): only for the best few.
  const probe = matched.slice(0, Math.max(options.maxCandidates * 4, 30));
  for (const s of probe) {
    s.placement = place(s.c.el, DISABLED.test(s.c.node.states), walked.ctx, walkHints.shadowRootOf);
  }
  let pool = probe;
  if (options.visibleOnly) pool = pool.filter((s) => s.placement?.actionable === true);
  const interactiveActionable = pool.some((s) => !s.weak && s.placement?.actionable === true && !isContainer(s.c));
  const ranked = pool
    .map((s, i) => ({ s, i, t: tier(s, interactiveActionable) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.s)
    .slice(0, options.maxCandidates);

  const candidates: FindPageCandidate[] = ranked.map((s) => {
    const node = s.c.node;
    // A candidate the tree prints without a ref (a heading, a test-id div) gets one now; the tree
    // prints the same ref from then on wherever it prints the element.
    if (!node.ref) node.ref = registry.refFor(s.c.el);
    let line = nodeLine(node, registry);
    const text = inlineText(node);
    // The tree's cut, which never splits a surrogate pair (an emoji), at a pointer's length.
    if (text !== undefined) line += inlineTextPart(cap(text, { limit: LINE_TEXT_MAX, cut: 0 }));
    const out: FindPageCandidate = {
      ref: node.ref,
      line,
      score: s.score,
      actionable: s.placement?.actionable ?? 'off-screen',
      box: s.placement?.box ?? null,
    };
    const context = s.place ? contextText(s.place, walked.ctx) : '';
    if (context) out.context = context;
    const rowText = s.place ? rowTextFor(s.place, context) : '';
    if (rowText) out.rowText = rowText;
    if (s.c.unprinted) out.unprinted = true;
    return out;
  });
  // Nothing the tree shows matched: say whether hidden sections hold the words, and what opens them.
  const hidden = matched.length === 0 ? hiddenMatches(root, q, registry, walked.ctx, pruned.hosts) : null;
  return ok({
    query: options.query,
    url: doc.URL,
    candidates,
    ...(hidden && hidden.count > 0 ? { hidden } : {}),
    matches: matched.length,
    actionableMatches: probe.filter((s) => s.placement?.actionable === true).length,
    topScore: matched[0]?.score ?? 0,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
}
