/**
 * Accessible name and description computation, W3C accname 1.2 §4.3 ("Text alternative
 * computation"), with the host-language rules of HTML-AAM §4.1 and SVG-AAM §7.
 * Step numbers in comments refer to accname 1.2 §4.3.2.
 */
import { flatChildList, idRefs, isElement } from './flat-tree';
import { embeddedControlValue } from './name-embedded';
import { firstHeading, NAME_FROM_HEADING_ROLES } from './name-from-heading';
import { nativeTextAlternative, nativeFallbackAfterTitle } from './name-native';
import { NAME_FROM_CONTENT_ROLES } from './role-tables';
import { computeRole, isFocusable } from './roles';
import { createStyleContext, type AxContext, type NameLookup } from './style-cache';
import { ownedElements, ownerOf } from './aria-owns';
import { hiddenByVisibilityOnly, isAriaHidden, isHiddenFromAx } from './visibility';

export interface Traversal {
  readonly ctx: AxContext;
  /** The element whose name is being computed (excluded from its own label's content). */
  readonly root: Element;
  /** Elements already used in this computation: each contributes once (and cycles end). */
  readonly visited: Set<Element>;
  /** Inside an aria-labelledby/-describedby traversal: nested references are not followed (2B). */
  readonly inReference: boolean;
  /** The traversal started at a hidden referenced node, so hidden content counts (2A). */
  readonly includeHidden: boolean;
  /** Computing a description rather than a name (2B uses aria-describedby then). */
  readonly description: boolean;
}

/** Collapses ASCII whitespace (not NBSP, which authors use on purpose) and trims. */
/** What roles.ts reaches through the context (see NameLookup in style-cache.ts). */
export const NAME_LOOKUP: NameLookup = {
  forRole: (el, role, c) => computeNameForRole(el, role, c),
  hasAuthorLabel: (el, c) => hasAuthorLabel(el, c),
};

/** One-off context for a call without one (correct, uncached across calls). */
function resolveContext(el: Element, ctx?: AxContext): AxContext {
  return ctx ?? createStyleContext(el.ownerDocument, NAME_LOOKUP);
}

export function normalizeName(text: string): string {
  return text.replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '');
}

export function computeName(el: Element, ctx?: AxContext): string {
  const c = resolveContext(el, ctx);
  const hit = c.names.get(el);
  if (hit !== undefined) return hit;
  const name = computeNameForRole(el, computeRole(el, c), c);
  c.names.set(el, name);
  return name;
}

/** The name the element would have with the given role (roles.ts asks this for landmarks that
 * need a name, before the role itself is settled). */
function computeNameForRole(el: Element, role: string, ctx?: AxContext): string {
  const c = resolveContext(el, ctx);
  const t: Traversal = {
    ctx: c,
    root: el,
    visited: new Set(),
    inReference: false,
    includeHidden: false,
    description: false,
  };
  return normalizeName(textAlternative(el, t, role, true));
}

/** True when aria-labelledby or aria-label gives a non-empty name (what turns img alt="" into an image). */
function hasAuthorLabel(el: Element, ctx?: AxContext): boolean {
  if (el.getAttribute('aria-label')?.trim()) return true;
  const refs = idRefs(el, 'aria-labelledby');
  if (!refs.length) return false;
  const c = resolveContext(el, ctx);
  return refs.some((r) => normalizeName(referencedText(r, baseTraversal(el, c, false))) !== '');
}

function baseTraversal(root: Element, ctx: AxContext, description: boolean): Traversal {
  return { ctx, root, visited: new Set(), inReference: false, includeHidden: false, description };
}

export function computeDescription(el: Element, ctx?: AxContext): string {
  const c = resolveContext(el, ctx);
  const t = baseTraversal(el, c, true);
  const refs = idRefs(el, 'aria-describedby');
  if (refs.length) {
    const text = normalizeName(refs.map((r) => referencedText(r, t)).join(' '));
    if (text) return text;
  }
  const description = el.getAttribute('aria-description');
  if (description?.trim()) return normalizeName(description);
  // HTML-AAM §4.1.2: title describes the element when it did not already name it.
  const title = el.getAttribute('title');
  if (title?.trim()) {
    const normalized = normalizeName(title);
    if (computeName(el, c) !== normalized) return normalized;
  }
  return '';
}

/** Text of an element referenced by aria-labelledby/-describedby (2B: each IDREF in turn). */
function referencedText(target: Element, t: Traversal): string {
  const next: Traversal = {
    ...t,
    inReference: true,
    // 2A: a hidden referenced node contributes its content, hidden descendants included.
    includeHidden: t.includeHidden || isHiddenFromAx(target, t.ctx),
  };
  return textAlternative(target, next, computeRole(target, t.ctx), false, true);
}

/**
 * Roles whose content never contributes to an ancestor's name: containers of many objects and
 * widgets whose content is not their value (Chromium's AXObject::SupportsNameFromContents, which
 * the WPT manual cases encode, e.g. a role=menu inside a label adds nothing).
 */
const NO_CONTENT_IN_RECURSION = new Set([
  'alert',
  'alertdialog',
  'application',
  'article',
  'banner',
  'complementary',
  'contentinfo',
  'dialog',
  'document',
  'feed',
  'form',
  'graphics-document',
  'grid',
  'listbox',
  'log',
  'main',
  'marquee',
  'math',
  'menu',
  'menubar',
  'meter',
  'navigation',
  'note',
  'progressbar',
  'radiogroup',
  'region',
  'scrollbar',
  'search',
  'searchbox',
  'slider',
  'spinbutton',
  'status',
  'tablist',
  'tabpanel',
  'textbox',
  'timer',
  'toolbar',
  'tree',
  'treegrid',
  'image',
  'combobox',
  'iframe',
]);

/**
 * The recursive text alternative of one element. `isRoot` marks the element whose name is
 * requested; `referenced` marks the start of an aria-labelledby or label traversal (name from
 * content applies whatever the role, 2F).
 */
export function textAlternative(el: Element, t: Traversal, role: string, isRoot: boolean, referenced = false): string {
  if (!isRoot) {
    // The element being named is left out of its own label (`<label>Name <input></label>`).
    if (el === t.root && !referenced) return '';
    // accname 1.2 §4.3.2: each node contributes once per computation, so an image already
    // referenced by aria-labelledby is not repeated by its link's content.
    if (t.visited.has(el)) return '';
    t.visited.add(el);
    // 2A: hidden and not reached through a hidden reference.
    if (!t.includeHidden && isHiddenFromAx(el, t.ctx)) {
      // visibility:hidden can be undone by a descendant with visibility:visible.
      return hiddenByVisibilityOnly(el, t.ctx) ? nameFromContent(el, t, true) : '';
    }
  }
  return computeSteps(el, t, role, isRoot, referenced);
}

function computeSteps(el: Element, t: Traversal, role: string, isRoot: boolean, referenced: boolean): string {
  // 2B: aria-labelledby (aria-describedby for descriptions is handled by computeDescription).
  if (!t.inReference && !t.description) {
    const refs = idRefs(el, 'aria-labelledby');
    if (refs.length) {
      const text = refs.map((r) => referencedText(r, t)).join(' ');
      if (text.trim()) return text;
    }
  }
  // 2C: a control embedded in another element's label contributes its value, not its name.
  if (el !== t.root) {
    const value = embeddedControlValue(el, role, t);
    if (value !== null) return value;
  }
  const presentational = role === 'none' && !isRoot;
  // 2D: aria-label. A <slot> is not rendered itself (display:contents), so its label is moot.
  const label = el.localName === 'slot' ? null : el.getAttribute('aria-label');
  if (label && label.trim() && !presentational) return label;
  // 2E: host-language label (label elements, alt, value, legend, caption, <title>…).
  if (!presentational) {
    const native = nativeTextAlternative(el, t, referenced);
    if (native !== null) return native;
  }
  // 2F/2H: name from content, for roles that allow it and for nodes below the root.
  const fromContent = isRoot
    ? referenced || NAME_FROM_CONTENT_ROLES.has(role)
    : referenced || !NO_CONTENT_IN_RECURSION.has(role);
  if (fromContent) {
    const content = nameFromContent(el, t, false);
    // Below the root, even whitespace matters: it separates the words around it.
    if (!isRoot ? content !== '' : content.trim()) return content;
  }
  // 2I: tooltip attribute (SVG 1.1 also has xlink:title). Presentational nodes have none.
  if (presentational) return '';
  // WAI-ARIA 1.2 §5.2.8.6: naming is prohibited on generic, paragraph, strong… Chromium still
  // honours aria-label/-labelledby there, and title only when the element is focusable
  // (`<span title="Dismiss">✕</span>` is generic ""; with tabindex it is named).
  if (isRoot && NAME_PROHIBITED.has(role) && !TITLED_GENERIC_TAGS.has(el.localName) && !isFocusable(el)) return '';
  const title = el.getAttribute('title') ?? el.getAttributeNS(XLINK_NS, 'title');
  if (title && title.trim()) return title;
  if (isRoot && !t.description && NAME_FROM_HEADING_ROLES.has(role)) {
    const heading = firstHeading(el, t.ctx, (e) => computeRole(e, t.ctx));
    if (heading) return computeName(heading, t.ctx);
  }
  if (isRoot) return nativeFallbackAfterTitle(el) ?? '';
  return '';
}

const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Generic in ARIA terms but their own roles in Chromium (Abbr, LabelText…), which keep the title. */
const TITLED_GENERIC_TAGS: ReadonlySet<string> = new Set(['abbr', 'label', 'ruby', 'legend', 'figcaption']);

/** WAI-ARIA 1.2 roles that prohibit an author name (§5.2.8.6), as Chromium maps them. */
const NAME_PROHIBITED: ReadonlySet<string> = new Set([
  'caption',
  'code',
  'deletion',
  'emphasis',
  'generic',
  'insertion',
  'paragraph',
  'strong',
  'subscript',
  'superscript',
]);

/** 2F: ::before, each flat-tree child (and aria-owns'd element), ::after; blocks add spaces. */
function nameFromContent(el: Element, t: Traversal, skipOwnText: boolean): string {
  const ctx = t.ctx;
  let out = '';
  if (!skipOwnText) {
    const before = ctx.pseudo(el, '::before');
    if (before.text) out += before.block ? ` ${before.text} ` : before.text;
  }
  const owned = ownedElements(el, t.ctx);
  const transform = skipOwnText ? '' : textTransform(el, t.ctx);
  const children = flatChildList(el);
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (!child) continue;
    if (child.nodeType === 3) {
      if (!skipOwnText) out += applyTransform(child.nodeValue ?? '', transform);
    } else if (isElement(child)) {
      if (!owned.includes(child) && ownerOf(child, t.ctx)) continue; // moved by aria-owns
      out += childText(child, t);
    }
  }
  for (const child of owned) {
    // aria-hidden on the owned element itself still applies after relocation.
    if (t.includeHidden || !isAriaHidden(child)) out += childText(child, t, true);
  }
  if (!skipOwnText) {
    const after = ctx.pseudo(el, '::after');
    if (after.text) out += after.block ? ` ${after.text} ` : after.text;
  }
  return out;
}

function childText(child: Element, t: Traversal, owned = false): string {
  if (child.localName === 'br') return ' ';
  const role = computeRole(child, t.ctx);
  // An owned element leaves its DOM parent: hidden-ness inherited from there no longer applies.
  const text = owned
    ? textAlternative(child, { ...t, includeHidden: true }, role, false)
    : textAlternative(child, t, role, false);
  const display = t.ctx.display(child);
  // accname 1.2 §4.3.2 2F.iii: inline content joins without a space; anything laid out as its
  // own box (block, inline-block, table cell, form control) is separated from its neighbours.
  const separated =
    display !== null
      ? display !== 'inline' && display !== 'contents' && display !== 'none'
      : /^(div|p|li|td|th|tr|h[1-6]|input|select|textarea|button)$/.test(child.localName);
  if (separated && (text || !isHiddenFromAx(child, t.ctx))) return ` ${text} `;
  return text;
}

function textTransform(el: Element, ctx: AxContext): string {
  const s = ctx.style(el);
  return s ? s.textTransform : '';
}

/** CSS Text 3 §2.1: names read what is rendered, so text-transform applies. */
function applyTransform(text: string, transform: string): string {
  switch (transform) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case 'capitalize':
      return text.replace(/(^|[^\p{L}\p{N}'’])(\p{L})/gu, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
    default:
      return text;
  }
}

export { computeFallbackLabel } from './name-fallback';
