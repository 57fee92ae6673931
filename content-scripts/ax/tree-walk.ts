/**
 * One pass over the flat (composed) tree that produces the kept nodes, their text, and the open
 * overlays. Every element is visited once, its computed style read once (through the context's
 * cache), and layout is read only for the 'visible' filter.
 *
 * A node is "kept" (gets a line) when it has a ref, a meaningful role, or a name. Everything else
 * (generic wrappers, paragraphs, inline formatting) is transparent: its children attach to the
 * nearest kept ancestor and it adds no depth.
 */
import { ownedElements } from './aria-owns';
import { finalize, flushText, newNode, type AxNode } from './ax-node';
import { INTERACTIVE_ROLES, refKind, type ClickHints, type RefKind } from './clickable';
import { flatParent, isElement } from './flat-tree';
import { linkAreasOf, mapOf } from './image-map';
import { computeFallbackLabel, computeHintLabel } from './name-fallback';
import { computeName } from './names';
import { overlayOf, scanPopups, type OverlayInfo } from './overlays';
import { cap, collapse, formatAttrs, formatStates, printedRole, type Capper, type PageBase } from './render';
import type { RefRegistry } from './ref-registry';
import { NAME_FROM_CONTENT_ROLES } from './role-tables';
import { computeRole } from './roles';
import { computeStates, computeValue } from './states';
import type { AxContext } from './style-cache';
import { hiddenByDisplay, hiddenByMarkup, isInvisible } from './visibility';
import {
  CONTEXT_ROLES,
  FIELD_ROLES,
  LEAF_TAGS,
  NAME_FROM_CHILDREN_ONLY,
  PRESENTATIONAL_CHILDREN,
  QUIET_ROLES,
} from './walk-rules';

export type { AxNode } from './ax-node';

export interface WalkHints extends ClickHints {
  /** Open or closed shadow root (Chromium content scripts: chrome.dom.openOrClosedShadowRoot). */
  shadowRootOf?(el: Element): ShadowRoot | null;
  /** Whether the element is in the viewport ('visible' filter); default: getBoundingClientRect. */
  inViewport?(el: Element): boolean;
}

/**
 * A walk limited to some elements (find's pre-pass, content-scripts/find/prefilter.ts): a child
 * outside `keep` is skipped with its subtree; inside an element in `full` every child is walked.
 */
export interface WalkPrune {
  keep: Set<Element>;
  full: Set<Element>;
}

interface WalkStats {
  elements: number;
  depthCuts: number;
  optionsCut: number;
}

export interface WalkEnv {
  ctx: AxContext;
  registry: RefRegistry;
  hints: WalkHints;
  maxDepth: number;
  testIdAttributes: readonly string[];
  base: PageBase | null;
  capper: Capper;
  /** Hoist overlays to the banner (off when the walk is anchored at a ref). */
  hoist: boolean;
  /** Only nodes in the viewport ('visible' filter). */
  viewportOnly: boolean;
  overlays: AxNode[];
  /** The ref_id element the walk starts at: always printed, so the model sees what it zoomed into. */
  anchor: Element | null;
  /** A select printed with all its options (the walk is anchored at it). */
  fullSelect: Element | null;
  /** Popup element -> the expanded control that owns it (aria-controls / aria-owns). */
  popupTargets: Map<Element, Element>;
  /** Image maps whose areas were printed (under the first rendered image that uses them). */
  usedMaps: Set<Element>;
  /** aria-owns: owned element -> owner (aria-owns.ts); owned elements print under their owner. */
  owners: ReadonlyMap<Element, Element>;
  stats: WalkStats;
  prune?: WalkPrune | undefined;
}

interface Frame {
  node: AxNode;
  /** Depth at which a new child node would print. */
  depth: number;
  /** The flat-tree parent element, whose style the element inherits (the pointer-cursor rule). */
  parentEl: Element | null;
  /** Computed style of the DOM parent element, read lazily (only popups need its position). */
  parentStyle: CSSStyleDeclaration | null;
  /** Text here is rendered (visibility is inherited, so the nearest element decides). */
  textVisible: boolean;
  inView: boolean;
  /** Inside a role whose children are presentational (button, tab, option…): only refs survive. */
  presentational: boolean;
  /** Inside a kept node with an interactive role (its styled inner parts are not controls). */
  inWidget: boolean;
  /** DOM nesting level, to stop before a pathological page exhausts the call stack. */
  domDepth: number;
  inOverlay: boolean;
  /**
   * Options of a drop-down `<select>` (role combobox): listed so the model knows the choices, with
   * no refs (select_option takes the select's ref and a value or label; Chromium exposes these
   * options as invisible) and no {selected} (the select's value="…" already names it).
   */
  inDropDown: boolean;
}

/** How an element is reached: from its flat-tree parent, under its image (an area), its owner, or as the root. */
type Via = 'dom' | 'map' | 'owned' | 'root';

const OPTION_LIMIT = 30;
/** Real pages stay far below this; the walk recurses, and the call stack is finite. */
const MAX_DOM_DEPTH = 1000;
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Walks `root` (itself included) and returns the container its top-level nodes hang under. */
export function walkTree(root: Element, env: WalkEnv): AxNode {
  const top = newNode(null, true);
  const parent = flatParent(root);
  const parentStyle = parent ? env.ctx.style(parent) : null;
  const frame: Frame = {
    node: top,
    depth: 0,
    parentEl: parent,
    parentStyle,
    textVisible: true,
    inView: true,
    presentational: false,
    inWidget: false,
    domDepth: 0,
    inOverlay: !env.hoist,
    inDropDown: false,
  };
  if (env.hoist) scanPopups(root.ownerDocument, env.ctx, env.popupTargets);
  visitElement(root, frame, env, 'root');
  finalize(top, env.capper);
  return top;
}

function isInline(display: string | null): boolean {
  const d = display ?? 'inline';
  return d === 'contents' || d.startsWith('inline');
}

function walkNode(n: Node, frame: Frame, env: WalkEnv): void {
  if (isElement(n)) {
    if (env.prune === undefined || env.prune.keep.has(n)) visitElement(n, frame, env);
  } else if (isText(n) && frame.textVisible && frame.inView && !frame.presentational) frame.node.pending += n.data;
}

/** A contenteditable host that no role marks as a text field: the model must know it can type there. */
/** A contenteditable host that is not already a text field prints `{editable}` (render: formatStates). */
export function isEditableHost(el: Element, role: string): boolean {
  if (role === 'textbox' || role === 'searchbox' || role === 'combobox') return false;
  const v = el.getAttribute('contenteditable');
  return v !== null && v.toLowerCase() !== 'false';
}

function isText(n: Node): n is Text {
  return n.nodeType === 3;
}

function isSlot(el: Element): el is HTMLSlotElement {
  return el.localName === 'slot' && 'assignedNodes' in el;
}

function inViewport(el: Element, env: WalkEnv): boolean {
  if (env.hints.inViewport) return env.hints.inViewport(el);
  const win = env.ctx.win;
  if (!win) return true;
  const r = el.getBoundingClientRect();
  return (
    r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < win.innerHeight && r.left < win.innerWidth
  );
}

/*
 * The per-element steps below are plain functions taking what they need as arguments: this is the
 * tree builder's hot path (once per element), so no step allocates a closure or a result object.
 */
function visitElement(el: Element, frame: Frame, env: WalkEnv, via: Via = 'dom'): void {
  // An owned element is walked under its owner instead (WAI-ARIA 1.2 §6.6 aria-owns).
  if (via === 'dom' && env.owners.size > 0 && env.owners.has(el)) return;
  env.stats.elements++;
  const mapped = via === 'map';
  if (frame.domDepth > MAX_DOM_DEPTH) {
    cutHere(frame, env);
    return;
  }
  const ctx = env.ctx;
  const tag = el.localName;
  // An area is never rendered where it sits (UA sheet: display:none); it prints under its image.
  if (!mapped && (tag === 'area' || hiddenByMarkup(el))) return;
  // Each property read of a live computed style is a style query in Chromium: the context reads
  // display and visibility once per element (names and hidden-ness ask about them too).
  const display = ctx.display(el);
  if (!mapped && hiddenByDisplay(el, display)) return;
  if (tag === 'br') {
    frame.node.pending += ' ';
    return;
  }
  const style = ctx.style(el);
  const visibleSelf = !isInvisible(ctx.visibility(el));
  // An area has no box of its own: it is in view when its image is.
  const inView = env.viewportOnly ? (mapped ? frame.inView : inViewport(el, env)) : true;
  const role = computeRole(el, ctx);

  const overlay =
    env.hoist && !frame.inOverlay && visibleSelf
      ? overlayOf(el, role, style, frame.parentStyle, env.popupTargets)
      : null;
  // A popup reached through aria-owns prints apart, under the banner: its owner's presentational
  // or drop-down context does not follow it there (Chrome keeps a button's owned menu whole).
  const fresh = via === 'owned' && overlay !== null;
  const presentational = frame.presentational && !fresh;
  const kind =
    visibleSelf && !frame.inDropDown ? refKind(el, role, frame.parentEl, frame.inWidget, env.hints, ctx) : null;
  const wantsRef = kind !== null;
  const authorLabelled = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
  const name = lineName(el, role, visibleSelf, wantsRef, authorLabelled, ctx);
  const keep =
    visibleSelf &&
    inView &&
    !(presentational && !wantsRef) &&
    (wantsRef || name !== '' || !QUIET_ROLES.has(role) || overlay !== null || el === env.anchor);

  if (overlay === null && keep && frame.depth >= env.maxDepth) {
    cutHere(frame, env);
    return;
  }
  const node = openNode(el, keep, overlay, frame, env);
  // An overlay prints under the banner, at the top level.
  const depth = overlay !== null ? 0 : frame.depth;
  if (node && keep) describeNode(node, el, role, name, kind, authorLabelled, frame.inDropDown, env);

  const childFrame: Frame = {
    node: node ?? frame.node,
    depth: node ? (node.transparent ? depth : depth + 1) : frame.depth,
    parentEl: el,
    parentStyle: style,
    textVisible: visibleSelf,
    inView,
    presentational: presentational || (keep && PRESENTATIONAL_CHILDREN.has(role)),
    inWidget: frame.inWidget || (keep && INTERACTIVE_ROLES.has(role)),
    domDepth: frame.domDepth + 1,
    inOverlay: frame.inOverlay || overlay !== null,
    inDropDown: (frame.inDropDown && !fresh) || (tag === 'select' && role === 'combobox'),
  };

  if (LEAF_TAGS.has(tag) || el.namespaceURI === SVG_NS) {
    walkLeaf(el, visibleSelf && inView, node, depth, frame, childFrame, env);
    if (node) finalize(node, env.capper);
    return;
  }
  if (style && style.getPropertyValue('content-visibility') === 'hidden') {
    if (node) finalize(node, env.capper);
    return;
  }
  walkContents(el, tag, display, node, childFrame, env);
  if (node) {
    finalize(node, env.capper);
    if (kind === 'pointer' && keep) settlePointerRef(node, frame, el === env.anchor || overlay !== null, env);
    // A node whose children were cut gets a ref so the model can zoom in with ref_id.
    if (node.omitted > 0 && !node.ref && node.el) node.ref = env.registry.refFor(node.el);
  }
}

/**
 * The element's own node: an overlay goes to the banner list (transparent when it prints no line),
 * a kept element hangs under its parent's node (ending the parent's text run), else none.
 */
function openNode(el: Element, keep: boolean, overlay: OverlayInfo | null, frame: Frame, env: WalkEnv): AxNode | null {
  if (overlay !== null) {
    const node = newNode(el, !keep);
    node.popupOf = overlay.controller;
    env.overlays.push(node);
    return node;
  }
  if (!keep) return null;
  flushText(frame.node, env.capper);
  const node = newNode(el, false);
  frame.node.children.push(node);
  return node;
}

/** The depth limit stops the walk here: the parent line counts what was left out. */
function cutHere(frame: Frame, env: WalkEnv): void {
  frame.node.omitted++;
  env.stats.depthCuts++;
}

/** The name printed on the element's line ('' when it has none worth computing). */
function lineName(
  el: Element,
  role: string,
  visibleSelf: boolean,
  wantsRef: boolean,
  authorLabelled: boolean,
  ctx: AxContext,
): string {
  let name = '';
  if (visibleSelf && (!NAME_FROM_CHILDREN_ONLY.has(role) || authorLabelled || (wantsRef && role !== 'generic'))) {
    name = collapse(computeName(el, ctx)).trim();
    if (!name && FIELD_ROLES.has(role)) name = computeFallbackLabel(el, ctx);
  }
  // A clickable span's tooltip is often its only label (an "✕" with title="Dismiss").
  if (!name && wantsRef) name = collapse(el.getAttribute('title') ?? '').trim() || computeHintLabel(el);
  return name;
}

/** Fills a kept node's line: role, name, ref, attributes and states. */
function describeNode(
  node: AxNode,
  el: Element,
  role: string,
  name: string,
  kind: RefKind,
  authorLabelled: boolean,
  inDropDown: boolean,
  env: WalkEnv,
): void {
  const ctx = env.ctx;
  node.role = role;
  node.name = cap(name, env.capper);
  node.nameFromContent = NAME_FROM_CONTENT_ROLES.has(role) && !authorLabelled;
  // A drop-down's options have no refs, but the 'interactive' filter must still list the choices.
  node.context = CONTEXT_ROLES.has(role) || (inDropDown && role === 'option');
  // An element that already has a ref (an anchor, a cut node) keeps showing it. A pointer-only
  // ref is minted after the children are walked, once it is known to be more than a wrapper.
  node.ref = kind === 'control' ? env.registry.refFor(el) : env.registry.peek(el);
  const value = computeValue(el, role, ctx);
  node.attrs = formatAttrs({
    el,
    role,
    name,
    value,
    base: env.base,
    capper: env.capper,
    testIdAttributes: env.testIdAttributes,
  });
  const states = computeStates(el, role, ctx);
  if (inDropDown) states.selected = undefined;
  node.states = formatStates(states, role, isEditableHost(el, role));
  const shown = printedRole(role, states);
  if (shown !== role) node.shownRole = shown;
}

/** A leaf (img, input, svg…): no DOM children to walk, but an image's map areas and aria-owns. */
function walkLeaf(
  el: Element,
  shown: boolean,
  node: AxNode | null,
  depth: number,
  frame: Frame,
  childFrame: Frame,
  env: WalkEnv,
): void {
  if (el.localName === 'img' && shown) {
    const target = node && !node.transparent ? node : frame.node;
    walkImageMap(el, { ...frame, node: target, depth: target === frame.node ? frame.depth : depth + 1 }, env);
  }
  walkOwned(el, childFrame, env);
}

/** The element's children (flat tree, or a select's options), then its aria-owns children. */
function walkContents(
  el: Element,
  tag: string,
  display: string | null,
  node: AxNode | null,
  childFrame: Frame,
  env: WalkEnv,
): void {
  const target = childFrame.node;
  // A block box ends a text run: "Intro" in one <div> and "Email" in the next are two lines, and
  // the second can then be recognised as the label of the field that follows.
  const block = !node && !isInline(display);
  if (block) flushText(target, env.capper);
  const prune = env.prune;
  if (prune?.full.has(el)) env.prune = undefined;
  if (tag === 'select') walkSelect(el, childFrame, env);
  else walkChildren(el, tag, childFrame, env);
  walkOwned(el, childFrame, env);
  env.prune = prune;
  if (block) flushText(target, env.capper);
}

function walkChildren(el: Element, tag: string, frame: Frame, env: WalkEnv): void {
  const root = env.hints.shadowRootOf ? env.hints.shadowRootOf(el) : el.shadowRoot;
  if (root) {
    // DOM §4.2.2.3 flat tree: a shadow host renders its shadow tree; light children only via slots.
    if (env.hoist) scanPopups(root, env.ctx, env.popupTargets);
    for (let c = root.firstChild; c; c = c.nextSibling) walkNode(c, frame, env);
    return;
  }
  if (tag === 'slot' && isSlot(el)) {
    const assigned = el.assignedNodes();
    if (assigned.length > 0) {
      for (const n of assigned) walkNode(n, frame, env);
      return;
    }
  }
  for (let c = el.firstChild; c; c = c.nextSibling) walkNode(c, frame, env);
}

/**
 * WAI-ARIA 1.2 §6.6 aria-owns: owned elements are the owner's children after its DOM children, in
 * aria-owns order. CSS still inherits from the DOM parent, so the pointer-cursor rule compares with
 * that parent's cursor, and an owned element is not a styled part of the owner's widget.
 */
function walkOwned(el: Element, frame: Frame, env: WalkEnv): void {
  if (env.owners.size === 0) return;
  for (const owned of ownedElements(el, env.ctx)) {
    const parent = flatParent(owned);
    const parentStyle = parent ? env.ctx.style(parent) : null;
    const ownedFrame: Frame = { ...frame, parentEl: parent, parentStyle, inWidget: false };
    visitElement(owned, ownedFrame, env, 'owned');
  }
}

/**
 * A pointer cursor on an element whose whole content is one control with its own ref (a styled
 * wrapper, a web component host around its inner button) is the control's cursor, not a second
 * control: the wrapper gets no ref and, when it says nothing else, no line (its child takes its
 * place). Otherwise the pointer-cursor element gets its ref now.
 */
function settlePointerRef(node: AxNode, frame: Frame, pinned: boolean, env: WalkEnv): void {
  if (pinned || node.omitted > 0 || !wrapsOneControl(node)) {
    if (!node.ref && node.el) node.ref = env.registry.refFor(node.el);
    return;
  }
  node.ref = undefined;
  if (node.name || node.attrs || node.states || !QUIET_ROLES.has(node.role)) return;
  const siblings = frame.node.children;
  const at = siblings.lastIndexOf(node);
  if (at >= 0) siblings.splice(at, 1, ...node.children);
}

/** True when the node's content is exactly one ref'd control: no text, no named content beside it. */
function wrapsOneControl(node: AxNode): boolean {
  let refs = 0;
  const visit = (n: AxNode): boolean => {
    for (const c of n.children) {
      if (c.kind === 'text' || c.extra !== undefined) return false;
      if (c.ref) {
        refs++;
        if (refs > 1) return false;
      } else if (c.name || !visit(c)) {
        return false;
      }
    }
    return true;
  };
  return visit(node) && refs === 1;
}

/** The link areas of the image's map, as children of the image (Chromium exposes them so). */
function walkImageMap(img: Element, frame: Frame, env: WalkEnv): void {
  const map = mapOf(img);
  if (!map || env.usedMaps.has(map)) return;
  env.usedMaps.add(map);
  // Only reached for an image in view, so its areas are too.
  const areaFrame: Frame = { ...frame, presentational: false, inView: true, domDepth: frame.domDepth + 1 };
  for (const area of linkAreasOf(map)) visitElement(area, areaFrame, env, 'map');
}

/** A select's options, capped: a country picker's 250 options would drown the page. */
function walkSelect(el: Element, frame: Frame, env: WalkEnv): void {
  const options = el.querySelectorAll('option');
  const shown = env.fullSelect === el ? options.length : Math.min(options.length, OPTION_LIMIT);
  for (let i = 0; i < shown; i++) {
    const option = options[i];
    if (option) visitElement(option, frame, env);
  }
  if (options.length > shown) {
    frame.node.extra = `… ${options.length - shown} more options (all of them: ref_id of this select)`;
    env.stats.optionsCut++;
  }
}
