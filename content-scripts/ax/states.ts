/**
 * States and values as WAI-ARIA 1.2 §6.6/§6.7 define them, with HTML-AAM §4.2 native mappings
 * (checked, disabled, required, readonly, selected, expanded for <select>/<details>).
 */
import { isSelect } from './name-embedded';
import { deepActiveElement, isInput, isShadowRoot } from '../../shared/dom';
import { isDocument } from './flat-tree';
import { inputType } from './roles';
import { resolveContext, type AxContext } from './ax-context';
import { CHECKED_BY_DEFAULT_FALSE, type AxStates } from '../../shared/tree-print';

export type { AxStates } from '../../shared/tree-print';

const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'option']);
const SELECTABLE = new Set(['option', 'tab', 'gridcell', 'row', 'treeitem', 'columnheader', 'rowheader']);
const READONLY_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'spinbutton',
  'slider',
  'grid',
  'gridcell',
  'listbox',
  'radiogroup',
  'treegrid',
  'checkbox',
  'switch',
  'columnheader',
  'rowheader',
  'menuitemcheckbox',
  'menuitemradio',
]);
const REQUIRED_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'spinbutton',
  'listbox',
  'radiogroup',
  'checkbox',
  'switch',
  'radio',
  'gridcell',
  'tree',
  'treegrid',
  'columnheader',
  'rowheader',
]);
const LEVEL_ROLES = new Set(['heading', 'treeitem', 'listitem', 'row', 'comment']);

function isOption(el: Element): el is HTMLOptionElement {
  return el.localName === 'option' && 'selected' in el;
}

function tristate(value: string | null): 'true' | 'false' | 'mixed' | undefined {
  if (value === null) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'false' || v === 'mixed') return v;
  return undefined;
}

function bool(value: string | null): boolean | undefined {
  if (value === null) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'true') return true;
  if (v === 'false') return false;
  return undefined;
}

export function computeStates(el: Element, role: string, ctx?: AxContext): AxStates {
  const c = resolveContext(el, ctx);
  const s: AxStates = {};
  const checked = checkedState(el, role);
  if (checked) s.checked = checked;

  if (role === 'button' || role === 'link') {
    const pressed = tristate(el.getAttribute('aria-pressed'));
    if (pressed && role === 'button') s.pressed = pressed;
  }

  const expanded = expandedState(el, role);
  if (expanded !== undefined) s.expanded = expanded;

  if (SELECTABLE.has(role)) {
    if (isOption(el)) {
      if (el.selected) s.selected = true;
    } else if (bool(el.getAttribute('aria-selected')) === true) {
      s.selected = true;
    }
  }

  const formState = mayMatchFormState(el);
  if (isDisabled(el, formState, c)) s.disabled = true;
  if (REQUIRED_ROLES.has(role)) {
    if (el.hasAttribute('required') && isFormControl(el)) s.required = true;
    else if (bool(el.getAttribute('aria-required')) === true) s.required = true;
  }
  if (READONLY_ROLES.has(role)) {
    if (el.hasAttribute('readonly') && (el.localName === 'textarea' || el.localName === 'input')) {
      s.readonly = true;
    } else if (bool(el.getAttribute('aria-readonly')) === true) {
      s.readonly = true;
    } else if (el.getAttribute('contenteditable')?.toLowerCase() === 'false' && role === 'textbox') {
      s.readonly = true;
    }
  }
  const invalid = el.getAttribute('aria-invalid');
  if (invalid !== null && invalid.trim() !== '' && invalid.trim().toLowerCase() !== 'false') {
    s.invalid = true;
  } else if (formState && matchesSafe(el, ':user-invalid')) {
    s.invalid = true;
  }
  if (isFocused(el, c)) s.focused = true;
  if (LEVEL_ROLES.has(role)) {
    const level = headingLevel(el, role);
    if (level !== undefined) s.level = level;
  }
  const current = el.getAttribute('aria-current');
  if (current !== null) {
    const v = current.trim().toLowerCase();
    if (v && v !== 'false') s.current = v;
  }
  return s;
}

function checkedState(el: Element, role: string): AxStates['checked'] {
  if (!CHECKABLE.has(role)) return undefined;
  if (isInput(el)) {
    const type = inputType(el);
    if (type === 'checkbox' || type === 'radio') {
      // HTML-AAM: indeterminate checkboxes are mixed; aria-checked is ignored on native ones.
      if (type === 'checkbox' && el.indeterminate) return 'mixed';
      return el.checked ? 'true' : 'false';
    }
  }
  const aria = tristate(el.getAttribute('aria-checked'));
  // "mixed" is only supported by checkbox and menuitemcheckbox (WAI-ARIA §6.7 aria-checked).
  if (aria === 'mixed' && (role === 'radio' || role === 'menuitemradio' || role === 'switch')) {
    return 'false';
  }
  if (aria) return aria;
  // Roles where "not checked" is a meaningful state even without aria-checked (WAI-ARIA §6.7).
  return CHECKED_BY_DEFAULT_FALSE.has(role) ? 'false' : undefined;
}

function expandedState(el: Element, role: string): boolean | undefined {
  const aria = bool(el.getAttribute('aria-expanded'));
  if (aria !== undefined) return aria;
  if (el.localName === 'summary' && role === 'button') {
    const details = el.parentElement;
    if (details?.localName === 'details') return details.hasAttribute('open');
  }
  if (isSelect(el) && role === 'combobox') return false;
  return undefined;
}

function isFormControl(el: Element): boolean {
  return ['input', 'select', 'textarea'].includes(el.localName);
}

function matchesSafe(el: Element, selector: string): boolean {
  try {
    return el.matches(selector);
  } catch {
    return false; // Engines without the selector (jsdom) throw a SyntaxError.
  }
}

/**
 * Elements `:disabled` and `:user-invalid` can match (HTML §4.16.3 "actually disabled": button,
 * input, select, textarea, optgroup, option, fieldset, form-associated custom elements; §4.10.20
 * candidates for constraint validation are a subset): other elements skip the selector match,
 * which the tree builder would otherwise run on every printed line (issue 26).
 */
const FORM_STATE_TAGS: ReadonlySet<string> = new Set([
  'button',
  'input',
  'select',
  'textarea',
  'optgroup',
  'option',
  'fieldset',
  'form',
  'output',
  'object',
]);

function mayMatchFormState(el: Element): boolean {
  const tag = el.localName;
  return FORM_STATE_TAGS.has(tag) || tag.includes('-');
}

/** Per-build answers the tree builder asks for every printed line (the DOM is fixed during a build). */
interface StateMemo {
  active: Element | null;
  /** aria-disabled found on the element or its nearest ancestor that sets it (undefined: none). */
  ariaDisabled: Map<Element, boolean | undefined>;
  /** Tree scopes (document, shadow roots) and whether any element in them has aria-disabled. */
  scopesWithAriaDisabled: Map<Node, boolean>;
}

const memos = new WeakMap<AxContext, StateMemo>();

function memoOf(c: AxContext): StateMemo {
  let m = memos.get(c);
  if (!m) {
    m = { active: deepActiveElement(c.doc), ariaDisabled: new Map(), scopesWithAriaDisabled: new Map() };
    memos.set(c, m);
  }
  return m;
}

/** Native disabled (fieldset inheritance included via :disabled) or aria-disabled on the element
 * or an ancestor (WAI-ARIA §6.6 aria-disabled applies to the element and its descendants). */
function isDisabled(el: Element, formState: boolean, c: AxContext): boolean {
  if (formState && matchesSafe(el, ':disabled')) return true;
  const memo = memoOf(c);
  return scopeHasAriaDisabled(el, memo.scopesWithAriaDisabled) && inheritedAriaDisabled(el, memo.ariaDisabled) === true;
}

/**
 * The parent-element chain below stays in the element's tree scope (a shadow root's children have
 * no parent element), so a scope with no aria-disabled anywhere answers for all its elements with
 * one selector match instead of a walk per printed line (issue 26: most pages have none).
 */
function scopeHasAriaDisabled(el: Element, scopes: Map<Node, boolean>): boolean {
  const root = el.getRootNode();
  let has = scopes.get(root);
  if (has === undefined) {
    // A detached subtree's root is an element, which querySelector would leave out: walk it.
    has = isShadowRoot(root) || isDocument(root) ? root.querySelector('[aria-disabled]') !== null : true;
    scopes.set(root, has);
  }
  return has;
}

/** The nearest aria-disabled="true|false" on the element or an ancestor, remembered along the way. */
function inheritedAriaDisabled(el: Element, known: Map<Element, boolean | undefined>): boolean | undefined {
  const chain: Element[] = [];
  let result: boolean | undefined;
  for (let p: Element | null = el; p; p = p.parentElement) {
    if (known.has(p)) {
      result = known.get(p);
      break;
    }
    chain.push(p);
    const v = bool(p.getAttribute('aria-disabled'));
    if (v !== undefined) {
      result = v;
      break;
    }
  }
  for (const n of chain) known.set(n, result);
  return result;
}

function isFocused(el: Element, c: AxContext): boolean {
  const active = memoOf(c).active;
  return active === el && active !== c.doc.body;
}

function headingLevel(el: Element, role: string): number | undefined {
  const aria = Number.parseInt(el.getAttribute('aria-level') ?? '', 10);
  if (Number.isFinite(aria) && aria > 0) return aria;
  if (role !== 'heading') return undefined;
  const m = /^h([1-6])$/.exec(el.localName);
  // WAI-ARIA §5.4 heading: aria-level defaults to 2 when neither the element nor ARIA sets one.
  return m ? Number(m[1]) : 2;
}

const RANGE_VALUE_ROLES = new Set(['slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter']);
const TEXT_VALUE_ROLES = new Set(['textbox', 'searchbox', 'combobox']);

/**
 * The value the user sees or set: text fields' contents, a select's chosen option, a range's
 * value text. Password contents are never returned, only a marker that the field is filled.
 */
export function computeValue(el: Element, role: string, _ctx?: AxContext): string | undefined {
  if (RANGE_VALUE_ROLES.has(role)) {
    const valueText = el.getAttribute('aria-valuetext');
    if (valueText !== null && valueText.trim()) return valueText.trim();
    const now = el.getAttribute('aria-valuenow');
    if (now !== null && now.trim()) return now.trim();
    if (el.localName === 'input' && 'value' in el && typeof el.value === 'string') {
      return el.value || undefined;
    }
    if (el.localName === 'progress' || el.localName === 'meter') {
      return el.getAttribute('value') ?? undefined;
    }
    return undefined;
  }
  if (isSelect(el)) {
    const texts = Array.from(el.selectedOptions).map((o) =>
      (o.getAttribute('label') || o.textContent || '').replace(/[\t\n\f\r ]+/g, ' ').trim(),
    );
    return texts.length ? texts.join(', ') : undefined;
  }
  if (TEXT_VALUE_ROLES.has(role)) {
    if ((el.localName === 'input' || el.localName === 'textarea') && 'value' in el) {
      const value = typeof el.value === 'string' ? el.value : '';
      if (!value) return undefined;
      if (el.localName === 'input' && inputType(el) === 'password') return '••••';
      return value;
    }
    return undefined;
  }
  if (el.localName === 'input' && 'value' in el && typeof el.value === 'string') {
    const type = inputType(el);
    if (['color', 'date', 'datetime-local', 'month', 'time', 'week'].includes(type)) {
      return el.value || undefined;
    }
  }
  return undefined;
}
