/**
 * Small, layout-aware facts about one element that every action needs: its role (explicit or the
 * HTML-AAM implicit one for the elements actions care about), a short accessible name, its box, and
 * how it is described back to the model. Kept independent of the tree builder's full accname so the
 * action bundle stays small; names here are for messages, not for matching.
 */
import type { Rect } from '../../shared/tools/actions';
import { getRefRegistry } from '../ax/ref-registry';
import { printLine } from '../../shared/tree-print';
import { isAnchor, isHtmlElement, isInput, isLabel, isSelect, isShadowRoot, isTextArea } from '../../shared/dom';
import { cut, squish } from '../../shared/text';

const NAME_MAX = 80;

// Element kinds, one copy (shared/dom.ts); action code imports them from here.
export { isAnchor, isHtmlElement, isInput, isLabel, isSelect, isTextArea };
/** Elements with a `labels` list (HTML §4.10.2 labelable elements). */
export function labelsOf(el: Element): readonly HTMLLabelElement[] {
  if (isInput(el) || isTextArea(el) || isSelect(el)) return el.labels ? [...el.labels] : [];
  return [];
}

export { isElement as isElementNode } from '../../shared/dom';

// One copy of each DOM primitive (shared/dom.ts); action code imports them from here.
export { deepActiveElement, isShadowRoot, TEXT_INPUT_TYPES } from '../../shared/dom';
/** Input types with a fixed value syntax (HTML §2.3.5 dates and times). */
export const FORMATTED_INPUT_TYPES: Readonly<Record<string, string>> = {
  date: 'yyyy-mm-dd, e.g. 2024-03-15',
  time: 'hh:mm or hh:mm:ss, e.g. 14:30',
  'datetime-local': 'yyyy-mm-ddThh:mm, e.g. 2024-03-15T14:30',
  month: 'yyyy-mm, e.g. 2024-03',
  week: 'yyyy-Www, e.g. 2024-W11',
  color: '#rrggbb, e.g. #3366ff',
  range: 'a number within the slider range',
};

function inputTypeOf(el: Element): string {
  return isInput(el) ? el.type.toLowerCase() : '';
}

/** The role an agent would recognise: explicit first token, else the implicit role of common controls. */
export function roleOf(el: Element): string {
  const explicit = el.getAttribute('role')?.trim().split(/\s+/)[0]?.toLowerCase();
  if (explicit && explicit !== 'none' && explicit !== 'presentation') return explicit;
  const tag = el.localName;
  switch (tag) {
    case 'a':
      return el.hasAttribute('href') ? 'link' : 'generic';
    case 'button':
    case 'summary':
      return 'button';
    case 'select':
      return el.hasAttribute('multiple') || Number(el.getAttribute('size') ?? '0') > 1 ? 'listbox' : 'combobox';
    case 'textarea':
      return 'textbox';
    case 'option':
      return 'option';
    case 'dialog':
      return 'dialog';
    // Lists and named sections, as the tree prints them (HTML-AAM §4): what a drag reports it moved between.
    case 'ul':
    case 'ol':
      return 'list';
    case 'li':
      return 'listitem';
    case 'section':
      return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : 'generic';
    case 'input': {
      const type = inputTypeOf(el);
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (['submit', 'button', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
      if (el.hasAttribute('list')) return 'combobox';
      return type === 'hidden' ? 'none' : 'textbox';
    }
    default:
      if (isContentEditable(el)) return 'textbox';
      return tag.includes('-') ? tag : 'generic';
  }
}

export function isContentEditable(el: Element): boolean {
  return isHtmlElement(el) && el.isContentEditable;
}

function clip(s: string): string {
  const t = squish(s);
  return cut(t, NAME_MAX);
}

function textOfIds(el: Element, ids: string): string {
  const root = el.getRootNode();
  const scope: Document | ShadowRoot = isShadowRoot(root) ? root : el.ownerDocument;
  return ids
    .split(/\s+/)
    .map((id) => (id ? (scope.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

/** A short name in accname order for the common cases (aria-label, labelledby, label, alt, title, text). */
export function shortName(el: Element): string {
  const label = el.getAttribute('aria-label');
  if (label?.trim()) return clip(label);
  const labelledby = el.getAttribute('aria-labelledby');
  if (labelledby) {
    const t = textOfIds(el, labelledby);
    if (t.trim()) return clip(t);
  }
  const labels = labelsOf(el);
  if (labels.length > 0) {
    const t = labels.map((l) => l.textContent ?? '').join(' ');
    if (t.trim()) return clip(t);
  }
  if (isSelect(el)) {
    const opt = el.selectedOptions[0];
    if (opt) return clip(opt.label || opt.text);
  }
  for (const attr of ['alt', 'title', 'placeholder']) {
    const v = el.getAttribute(attr);
    if (v?.trim()) return clip(v);
  }
  const type = inputTypeOf(el);
  if (isInput(el) && ['submit', 'button', 'reset'].includes(type)) return clip(el.value);
  const text = isHtmlElement(el) ? el.innerText || el.textContent || '' : (el.textContent ?? '');
  return clip(text);
}

export function rectOf(el: Element): Rect {
  const r = el.getBoundingClientRect();
  const round = (n: number): number => Math.round(n * 10) / 10;
  return { x: round(r.x), y: round(r.y), width: round(r.width), height: round(r.height) };
}

/** `role "name" [ref_N]`, the way the tree prints it, so the model can act on it next. */
export function describe(el: Element, withRef = true): string {
  const name = shortName(el);
  // A heading prints as the tree prints it, `h2 "Pricing"` (shared/tree-print.ts printLine).
  const tagLevel = /^h([1-6])$/.exec(el.localName)?.[1];
  const role = roleOf(el) === 'generic' && tagLevel ? 'heading' : roleOf(el);
  const level = role === 'heading' ? (el.getAttribute('aria-level')?.trim() ?? tagLevel) : undefined;
  return printLine({
    role,
    ...(name ? { name } : {}),
    ...(level ? { states: [`level=${level}`] } : {}),
    ...(withRef ? { ref: getRefRegistry(globalThis).refFor(el) } : {}),
  });
}

/** Semantic states that prove a control changed (ARIA 1.2 §6.6 states; HTML checkedness, open). */
export function semanticStates(el: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const attr of [
    'aria-checked',
    'aria-expanded',
    'aria-pressed',
    'aria-selected',
    'aria-current',
    'aria-disabled',
  ]) {
    const v = el.getAttribute(attr);
    if (v !== null) out[attr.slice(5)] = v;
  }
  if (isInput(el) && (el.type === 'checkbox' || el.type === 'radio')) {
    out.checked = el.indeterminate ? 'mixed' : String(el.checked);
  }
  if (el.localName === 'details' || el.localName === 'dialog') out.open = String(el.hasAttribute('open'));
  if (isSelect(el)) out.value = el.value;
  if (el.localName === 'option' && 'selected' in el) out.selected = String(el.selected);
  // Form-associated custom elements (Shoelace sl-checkbox) expose checked as a property.
  if (el.localName.includes('-') && 'checked' in el) out.checked = String(Boolean(el.checked));
  return out;
}

export function diffStates(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: string[] = [];
  for (const k of keys) {
    if (before[k] !== after[k]) out.push(`${k}: ${before[k] ?? '(none)'} → ${after[k] ?? '(none)'}`);
  }
  return out;
}
