/**
 * Accessible name and description computation, W3C accname 1.2 §4.3 ("Text alternative
 * computation"), with the host-language rules of HTML-AAM §4.1 and SVG-AAM §7.
 * Step numbers in comments refer to accname 1.2 §4.3.2.
 */
import { flatChildren, idRefs, isElement } from './flat-tree';
import { embeddedControlValue } from './name-embedded';
import { nativeTextAlternative, nativeFallbackAfterTitle } from './name-native';
import { NAME_FROM_CONTENT_ROLES } from './role-tables';
import { computeRole } from './roles';
import { resolveContext, type AxContext, isBlockDisplay } from './style-cache';
import { isHiddenFromAx } from './visibility';

export interface Traversal {
  readonly ctx: AxContext;
  /** The element whose name is being computed (excluded from its own label's content). */
  readonly root: Element;
  /** Elements entered on the current path (aria-owns and labelledby cycles). */
  readonly visiting: Set<Element>;
  /** Inside an aria-labelledby/-describedby traversal: nested references are not followed (2B). */
  readonly inReference: boolean;
  /** The traversal started at a hidden referenced node, so hidden content counts (2A). */
  readonly includeHidden: boolean;
  /** Computing a description rather than a name (2B uses aria-describedby then). */
  readonly description: boolean;
}

/** Collapses ASCII whitespace (not NBSP, which authors use on purpose) and trims. */
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
export function computeNameForRole(el: Element, role: string, ctx?: AxContext): string {
  const c = resolveContext(el, ctx);
  const t: Traversal = {
    ctx: c,
    root: el,
    visiting: new Set(),
    inReference: false,
    includeHidden: false,
    description: false,
  };
  return normalizeName(textAlternative(el, t, role, true));
}

/** True when aria-labelledby or aria-label gives a non-empty name (what turns img alt="" into an image). */
export function hasAuthorLabel(el: Element, ctx?: AxContext): boolean {
  if (el.getAttribute('aria-label')?.trim()) return true;
  const refs = idRefs(el, 'aria-labelledby');
  if (!refs.length) return false;
  const c = resolveContext(el, ctx);
  return refs.some((r) => normalizeName(referencedText(r, baseTraversal(el, c, false))) !== '');
}

function baseTraversal(root: Element, ctx: AxContext, description: boolean): Traversal {
  return { ctx, root, visiting: new Set(), inReference: false, includeHidden: false, description };
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
    // labelledby is followed one level only, so a fresh path set cannot loop.
    visiting: new Set(),
    inReference: true,
    // 2A: a hidden referenced node contributes its content, hidden descendants included.
    includeHidden: t.includeHidden || isHiddenFromAx(target, t.ctx),
  };
  return textAlternative(target, next, computeRole(target, t.ctx), false, true);
}

/**
 * The recursive text alternative of one element. `isRoot` marks the element whose name is
 * requested; `referenced` marks the start of an aria-labelledby traversal (name from content
 * applies whatever the role, 2F).
 */
export function textAlternative(
  el: Element,
  t: Traversal,
  role: string,
  isRoot: boolean,
  referenced = false,
): string {
  // 2A: hidden and not reached through a hidden reference.
  if (!isRoot && !t.includeHidden && isHiddenFromAx(el, t.ctx)) return '';
  if (t.visiting.has(el)) return '';
  t.visiting.add(el);
  try {
    return computeSteps(el, t, role, isRoot, referenced);
  } finally {
    t.visiting.delete(el);
  }
}

function computeSteps(
  el: Element,
  t: Traversal,
  role: string,
  isRoot: boolean,
  referenced: boolean,
): string {
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
  // 2D: aria-label.
  const label = el.getAttribute('aria-label');
  if (label && label.trim() && !(role === 'none' && !isRoot)) return label;
  // 2E: host-language label (label elements, alt, value, legend, caption, <title>…).
  if (role !== 'none' || isRoot) {
    const native = nativeTextAlternative(el, t, isRoot);
    if (native !== null) return native;
  }
  // 2F/2H: name from content, for roles that allow it and for every node below the root.
  if (!isRoot || referenced || NAME_FROM_CONTENT_ROLES.has(role)) {
    const content = nameFromContent(el, t);
    if (content.trim()) return content;
  }
  // 2I: tooltip attribute.
  const title = el.getAttribute('title');
  if (title && title.trim()) return title;
  if (isRoot) return nativeFallbackAfterTitle(el) ?? '';
  return '';
}

/** 2F: ::before, each flat-tree child (and aria-owns'd element), ::after; blocks add spaces. */
export function nameFromContent(el: Element, t: Traversal): string {
  const ctx = t.ctx;
  let out = '';
  const before = ctx.pseudo(el, '::before');
  if (before.text) out += before.block ? ` ${before.text} ` : before.text;
  for (const child of contentChildren(el)) {
    out += childText(child, t);
  }
  const after = ctx.pseudo(el, '::after');
  if (after.text) out += after.block ? ` ${after.text} ` : after.text;
  return out;
}

function childText(child: Node, t: Traversal): string {
  if (child.nodeType === 3) return child.nodeValue ?? '';
  if (!isElement(child)) return '';
  if (child.localName === 'br') return ' ';
  const role = computeRole(child, t.ctx);
  const text = textAlternative(child, t, role, false);
  if (!text) return '';
  const style = t.ctx.style(child);
  // accname 1.2 §4.3.2 2F.iii: inline content joins without a space, block content is separated.
  if (style ? isBlockDisplay(style.display) : false) return ` ${text} `;
  // Table cells and other layout boxes without a style (jsdom) still deserve a separator.
  if (!style && /^(div|p|li|td|th|tr|h[1-6])$/.test(child.localName)) return ` ${text} `;
  return text;
}

/** Flat-tree children plus aria-owns targets that live elsewhere (WAI-ARIA §6.6 aria-owns). */
function contentChildren(el: Element): Node[] {
  const children = flatChildren(el);
  const owned = idRefs(el, 'aria-owns');
  if (!owned.length) return children;
  return children.concat(owned.filter((o) => !el.contains(o)));
}

export { computeFallbackLabel } from './name-fallback';
