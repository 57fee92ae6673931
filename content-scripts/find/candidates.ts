/**
 * What `find` ranks: every node the tree would print with a ref, every element carrying a test
 * attribute (printed or not), and named containers (headings, dialogs, landmarks, tables, lists) as
 * context. Candidates come from the tree's own walk (tree-walk.ts), so role, name, ref and line are
 * exactly what get_accessibility_tree prints for the same element.
 */
import { ariaOwners } from '../ax/aria-owns';
import { createAxContext } from '../ax/ax-context';
import { newNode, type AxNode } from '../ax/ax-node';
import { composedParent as parentAcross } from '../../shared/dom';
import type { RefRegistry } from '../ax/ref-registry';
import { collapse, pageBase } from '../ax/render';
import { hintPart } from '../../shared/tree-print';
import { walkTree, type WalkEnv, type WalkHints } from '../ax/tree-walk';
import type { Prefiltered } from './prefilter';
import { LIVE_ROLES } from './tokens';
import { hidesSubtree } from '../ax/visibility';
import { computeName } from '../ax/names';
import { computeRole } from '../ax/roles';
import type { AxContext } from '../ax/style-cache';

/** Roles that give context rather than a target; ranked, but demoted below interactive matches. */
export const CONTAINER_ROLES: ReadonlySet<string> = new Set([
  'heading',
  'dialog',
  'alertdialog',
  'region',
  'navigation',
  'main',
  'banner',
  'contentinfo',
  'complementary',
  'search',
  'form',
  'toolbar',
  'group',
  'generic',
  'table',
  'grid',
  'treegrid',
  'tablist',
  'menubar',
  'menu',
  'radiogroup',
  'list',
  'listbox',
  'tree',
  'document',
  'article',
  'tabpanel',
]);

export interface Candidate {
  el: Element;
  node: AxNode;
  /** Document order, for stable ties. */
  order: number;
  /** The first configured test attribute's value, if any. */
  testId: string;
  /** Not printed by the tree (a test-id-only element): its ref is minted on demand. */
  unprinted: boolean;
}

export interface Walked {
  candidates: Candidate[];
  ctx: AxContext;
  env: WalkEnv;
}

/**
 * The tree's walk over `root` with the tree's default options ('all' filter, 300-character text);
 * with `pruned`, only over what the pre-pass kept (prefilter.ts).
 */
export function walkForFind(
  doc: Document,
  root: Element,
  anchored: boolean,
  registry: RefRegistry,
  hints: WalkHints,
  testIdAttributes: readonly string[],
  ctx: AxContext = createAxContext(doc),
  pruned?: Prefiltered,
): Walked {
  // The walk already visits every rendered shadow root (closed ones through the hook): note them, so
  // the test-id scan below queries those roots instead of asking every element for one.
  const roots: ShadowRoot[] = [];
  const read = hints.shadowRootOf;
  const recording: WalkHints = {
    ...hints,
    shadowRootOf(el) {
      const r = read ? read(el) : el.shadowRoot;
      if (r) roots.push(r);
      return r;
    },
  };
  const env: WalkEnv = {
    ctx,
    registry,
    hints: recording,
    maxDepth: 1000,
    testIdAttributes,
    base: pageBase(doc.baseURI),
    capper: { limit: 300, cut: 0 },
    hoist: !anchored,
    viewportOnly: false,
    overlays: [],
    anchor: anchored ? root : null,
    fullSelect: null,
    popupTargets: new Map(),
    usedMaps: new Set(),
    owners: ariaOwners(ctx),
    stats: { elements: 0, depthCuts: 0, optionsCut: 0 },
    prune: pruned,
  };
  const top = walkTree(root, env);
  const candidates: Candidate[] = [];
  const seen = new Set<Element>();
  const visit = (node: AxNode): void => {
    const el = node.el;
    // A scoped find ranks what is inside the scope, not the scope itself.
    if (el && !node.transparent && !seen.has(el) && !(anchored && el === root)) {
      const testId = testIdOf(el, testIdAttributes);
      if (
        node.ref !== undefined ||
        testId !== '' ||
        (node.name !== '' && CONTAINER_ROLES.has(node.role)) ||
        LIVE_ROLES.has(node.role)
      ) {
        seen.add(el);
        candidates.push({ el, node, order: candidates.length, testId, unprinted: false });
      }
    }
    for (const c of node.children) if (c.kind === 'node') visit(c);
  };
  for (const o of env.overlays) visit(o);
  visit(top);
  // A pruned walk entered only some shadow roots: the pre-pass saw them all.
  addTestIdElements(root, pruned ? pruned.shadowRoots : roots, seen, candidates, { ctx, testIdAttributes, pruned });
  return { candidates, ctx, env };
}

function testIdOf(el: Element, attrs: readonly string[]): string {
  for (const a of attrs) {
    const v = el.getAttribute(a);
    if (v) return v;
  }
  return '';
}

interface TestIdScan {
  ctx: AxContext;
  testIdAttributes: readonly string[];
  pruned: Prefiltered | undefined;
}

/** Whether a pruned walk would have reached `el`: kept, or inside a subtree walked whole. */
function covered(el: Element, pruned: Prefiltered): boolean {
  if (pruned.keep.has(el)) return true;
  for (let a = parentAcross(el); a; a = parentAcross(a)) if (pruned.full.has(a)) return true;
  return false;
}

/**
 * Elements with a test attribute that the tree does not print (a `data-testid` div around text):
 * found under the root and in every shadow root the walk entered, skipping hidden subtrees.
 */
function addTestIdElements(
  root: Element,
  shadowRoots: readonly ShadowRoot[],
  seen: Set<Element>,
  out: Candidate[],
  scan: TestIdScan,
): void {
  if (scan.testIdAttributes.length === 0) return;
  // Names are checked against ATTRIBUTE_NAME_PATTERN by the argument parsers, so they need no escaping.
  const selector = scan.testIdAttributes.map((a) => `[${a}]`).join(',');
  for (const scope of [root, ...shadowRoots]) {
    for (const el of scope.querySelectorAll(selector)) {
      if (seen.has(el) || (scan.pruned && !covered(el, scan.pruned)) || hiddenUpTo(el, root, scan.ctx)) continue;
      seen.add(el);
      const node = newNode(el, false);
      node.role = computeRole(el, scan.ctx);
      node.name = collapse(computeName(el, scan.ctx)).trim();
      node.attrs = scan.testIdAttributes
        .filter((a) => el.getAttribute(a))
        .map((a) => hintPart(a, el.getAttribute(a) ?? ''))
        .join('');
      out.push({ el, node, order: out.length, testId: testIdOf(el, scan.testIdAttributes), unprinted: true });
    }
  }
}

/** Whether `el` or an ancestor up to `root` hides its subtree (display:none, hidden, inert, aria-hidden). */
function hiddenUpTo(el: Element, root: Element, ctx: AxContext): boolean {
  for (let e: Element | null = el; e; e = parentAcross(e)) {
    if (hidesSubtree(e, ctx)) return true;
    if (e === root) return false;
  }
  return false;
}

/** The parent element, crossing a shadow root to its host (shared/dom.ts). */
export { parentAcross };
