/**
 * Widgets that are not what they seem: enhanced selects (tom-select, choices.js, select2-likes) hide
 * the native `<select>` (often "accessibly": a 1px clip) and draw their own control and list. The
 * hidden list is there for screen readers and form posts; a person only ever touches what is drawn.
 * These helpers find the drawn control for a hidden one, and the drawn twin of a hidden option.
 */
import { describe, isHtmlElement, isSelect, roleOf, shortName } from './element-info';
import { controlledBy } from './evidence';
import { flatContains } from './pointer';
import { flatParentOf, visualState } from './reachability';
import { squish } from '../../shared/text';

const WIDGET_SELECTOR = '[role="combobox"], [aria-haspopup]:not([aria-haspopup="false"]), [role="listbox"]';
const LIST_SELECTOR = '[role="listbox"], [role="menu"]';
const OPTION_SELECTOR = '[role="option"], [role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';
export const OPTION_ROLES: ReadonlySet<string> = new Set(['option', 'menuitem', 'menuitemradio', 'menuitemcheckbox']);
const LIST_ROLES = new Set(['listbox', 'menu', 'tree', 'grid']);

export function norm(s: string): string {
  return squish(s);
}

export function isShown(el: Element): boolean {
  const s = visualState(el);
  return s.hidden === null && s.pointerDisabled === null;
}

function firstShown(scope: Element, hidden: Element): Element | null {
  for (const c of scope.querySelectorAll(WIDGET_SELECTOR)) {
    if (c !== hidden && !flatContains(hidden, c) && isShown(c)) return c;
  }
  return null;
}

/**
 * The drawn control that stands for a hidden select or list: the widget rendered right beside it (its
 * next or previous sibling, as tom-select and select2 insert it), else inside their shared parent when
 * that parent holds no other select. Null when nothing drawn is near.
 */
export function renderedWidgetFor(hidden: Element): Element | null {
  const own = hidden.closest('select') ?? hidden.closest(LIST_SELECTOR) ?? hidden;
  for (const sib of [own.nextElementSibling, own.previousElementSibling]) {
    if (!sib) continue;
    if (sib.matches(WIDGET_SELECTOR) && isShown(sib)) return sib;
    const inner = firstShown(sib, own);
    if (inner) return inner;
  }
  for (let node = flatParentOf(own), i = 0; node && i < 2; node = flatParentOf(node), i++) {
    if (node.localName === 'body' || node.localName === 'form') break;
    // choices.js keeps the native select inside the element it draws.
    if (node.matches(WIDGET_SELECTOR) && isShown(node)) return node;
    if (node.querySelectorAll('select, [role="listbox"]').length > 1 + node.querySelectorAll(LIST_SELECTOR).length)
      break;
    const inner = firstShown(node, own);
    if (inner) return inner;
  }
  return null;
}

/** Visible lists the control owns: what its ARIA relations point at, or lists inside them. */
export function controlledLists(trigger: Element): Element[] {
  const out: Element[] = [];
  for (const c of controlledBy([trigger])) {
    if (!isShown(c)) continue;
    if (LIST_ROLES.has(roleOf(c))) out.push(c);
    else {
      const inner = [...c.querySelectorAll(LIST_SELECTOR)].filter(isShown);
      out.push(...(inner.length > 0 ? inner : [c]));
    }
  }
  return out;
}

/**
 * The choosable items of a list: ARIA options, else (a list drawn with plain elements) its visible
 * leaf items that carry text.
 */
export function itemsOf(list: Element): Element[] {
  const aria = [...list.querySelectorAll(OPTION_SELECTOR)];
  if (aria.length > 0) return aria;
  const out: Element[] = [];
  for (const el of list.querySelectorAll('*')) {
    if (out.length >= 200) break;
    if (!isHtmlElement(el) || !norm(el.innerText)) continue;
    const hasTextChild = [...el.children].some((c) => isHtmlElement(c) && norm(c.innerText) !== '');
    if (!hasTextChild && isShown(el)) out.push(el);
  }
  return out;
}

export interface Twin {
  el: Element | null;
  /** When no drawn twin is found: exactly what to use instead. */
  instead: string;
}

/**
 * For an option of a list that is not rendered: the drawn item with the same name in the popup of the
 * widget that stands for that list (or any open list), or a sentence naming the control to use.
 */
export function renderedTwin(option: Element, ref: string): Twin {
  const name = norm(shortName(option)).toLowerCase();
  const list = option.closest('select') ?? option.closest(LIST_SELECTOR);
  const widget = list ? renderedWidgetFor(list) : null;
  const scopes = widget ? controlledLists(widget) : [];
  for (const lb of option.ownerDocument.querySelectorAll(LIST_SELECTOR))
    if (!scopes.includes(lb) && (!list || !flatContains(list, lb)) && isShown(lb)) scopes.push(lb);
  for (const scope of scopes) {
    const twin = itemsOf(scope).find((i) => i !== option && isShown(i) && norm(shortName(i)).toLowerCase() === name);
    if (twin) return { el: twin, instead: '' };
  }
  const label = JSON.stringify(norm(shortName(option)));
  const use = widget ?? (list && isSelect(list) ? list : null);
  const how = use
    ? `use select_option on ${describe(use)} with label ${label}, or click_ax it to open the list, re-read the tree and click the drawn option`
    : 're-read the tree and click the option the page draws';
  return {
    el: null,
    instead: `${ref} (option ${label}) is in a list hidden for screen readers, not the one the page draws; ${how}`,
  };
}
