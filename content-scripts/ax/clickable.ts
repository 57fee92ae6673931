/**
 * Which elements get a ref: everything a person could act on. ARIA widget roles and focusable
 * elements are the easy part; real sites are also full of `<div>`s and `<span>`s that only a click
 * listener makes interactive, which the accessibility tree does not expose at all. Their only
 * outward signs are an `onclick` handler, a pointer cursor, or a tabindex, so those are read here.
 */
import { isNativelyFocusable } from './roles';
import type { AxContext } from './style-cache';

/** WAI-ARIA widget roles a user operates directly (§5.3.3 widget subclasses, plus iframe). */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'combobox',
  'gridcell',
  'iframe',
  'link',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'scrollbar',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
  'treeitem',
]);

/**
 * Roles that carry no behaviour of their own: a click signal on one of these is the page's own
 * doing. Semantic widgets and landmarks are excluded because a pointer cursor on them says nothing
 * new (a `main` with cursor:pointer is a styling accident, not a control).
 */
const NON_SEMANTIC_ROLES: ReadonlySet<string> = new Set([
  'generic',
  'none',
  'group',
  'image',
  'graphics-document',
  'graphics-symbol',
  'listitem',
  'row',
  'cell',
  'paragraph',
  'heading',
  'strong',
  'emphasis',
  'time',
  'figure',
  'article',
  'term',
  'definition',
  'caption',
  'code',
  'mark',
]);

/** Optional signals a browser-specific host can plug in (e.g. a main-world listener registry). */
export interface ClickHints {
  hasClickListener?(el: Element): boolean;
}

/** tabindex as the HTML "rules for parsing integers" would read it; null when absent or invalid. */
function tabIndexOf(el: Element): number | null {
  const raw = el.getAttribute('tabindex');
  if (raw === null) return null;
  const m = /^\s*([-+]?\d+)/.exec(raw);
  return m && m[1] ? Number(m[1]) : null;
}

function hasOnclick(el: Element): boolean {
  if (el.hasAttribute('onclick')) return true;
  // The IDL property catches handlers assigned from script (`el.onclick = …`), which set no attribute.
  return 'onclick' in el && el.onclick !== null && el.onclick !== undefined;
}

/**
 * Why an element deserves a ref: 'control' (a widget role, focusable, a click handler) or 'pointer'
 * (only its pointer cursor says it is clickable, a weaker sign: the walk drops that ref when the
 * element merely wraps one control that has its own, like `<div style="cursor:pointer"><button>`
 * or a web component host around its inner `<button>`). null: no ref.
 */
export type RefKind = 'control' | 'pointer' | null;

/**
 * Whether the element deserves a ref, and why. The pointer-cursor rule ignores a cursor inherited
 * from the parent (inside a link or a clickable card every descendant shows the pointer, and only
 * the outermost element is the control) and a pointer on the inner parts of a control that has its
 * own ref (web components style their shadow parts with cursor:pointer). `parent` is the element
 * whose style the element inherits from (its flat-tree parent); `inWidget`: inside a control that
 * already has a ref (a custom checkbox's styled box, a tab's label). The cursors are read last,
 * only when the rule still applies: each read is a style query.
 */
export function refKind(
  el: Element,
  role: string,
  parent: Element | null,
  inWidget: boolean,
  hints: ClickHints,
  ctx: AxContext,
): RefKind {
  // Each DOM getter is a call into the browser: the tag is read once.
  const tag = el.localName;
  if (needsControlRef(el, tag, role, hints)) return 'control';
  if (!NON_SEMANTIC_ROLES.has(role) || inWidget || NEVER_CLICKABLE_TAGS.has(tag)) return null;
  if (ctx.cursor(el) !== 'pointer') return null;
  return parent !== null && ctx.cursor(parent) === 'pointer' ? null : 'pointer';
}

/** A label forwards its clicks to its control; body and html are the page, not a control. */
const NEVER_CLICKABLE_TAGS: ReadonlySet<string> = new Set(['label', 'body', 'html']);

function needsControlRef(el: Element, tag: string, role: string, hints: ClickHints): boolean {
  if (INTERACTIVE_ROLES.has(role)) return true;
  // Any tabindex makes an element focusable (HTML "focusable area"), -1 included: Chrome reports
  // those as focusable, and an agent may need to focus or anchor on them (dialogs, route headings).
  // A tabindex that tabIndexOf rejects is no focus signal either (isFocusable's test is stricter).
  if (tabIndexOf(el) !== null || isNativelyFocusable(el)) return true;
  // An open <dialog> (modal or not) is focusable in Chromium: showModal() and the dialog focusing
  // steps (HTML §4.11.3) can land on the dialog itself, and an agent may need to anchor on it.
  if (tag === 'dialog' && el.hasAttribute('open') && role === 'dialog') return true;
  // A draggable="true" element (HTML §6.11.7) is something a person drags: the drag tool needs its ref.
  if (el.getAttribute('draggable') === 'true') return true;
  // A header that states its sort order (WAI-ARIA 1.2 aria-sort) is how grids (Tabulator, AG Grid)
  // sort on click, often with no button inside; when it holds its own button, that one gets the ref.
  if ((role === 'columnheader' || role === 'rowheader') && el.hasAttribute('aria-sort'))
    return !el.querySelector('button, a[href], [role="button"], input, select');
  if (!NON_SEMANTIC_ROLES.has(role) || NEVER_CLICKABLE_TAGS.has(tag)) return false;
  if (hasOnclick(el)) return true;
  return hints.hasClickListener?.(el) === true;
}
