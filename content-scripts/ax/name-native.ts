/**
 * accname 1.2 step 2E, host-language labels: HTML-AAM §4.1.1 "Accessible name computations by
 * HTML element" and SVG-AAM §7.1. Returns null when the host language offers nothing, so the
 * computation goes on to name from content and the tooltip.
 */
import { TEXT_INPUT_TYPES } from '../../shared/dom';
import { inputType } from './roles';
import { normalizeName, textAlternative, type Traversal } from './names';
import { computeRole } from './roles';
import { isHiddenFromAx } from './visibility';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';

const LABELABLE = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);

export function nativeTextAlternative(el: Element, t: Traversal, referenced: boolean): string | null {
  if (el.namespaceURI === SVG_NS) return svgTitle(el);
  if (el.namespaceURI !== HTML_NS) return null;
  const tag = el.localName;
  if (tag === 'input') return inputName(el, t);
  if (LABELABLE.has(tag)) {
    const fromLabels = labelsText(el, t);
    if (fromLabels) return fromLabels;
    return tag !== 'button' && labelCount(el) > 0 ? '' : null;
  }
  switch (tag) {
    case 'img':
    case 'area': {
      // alt="" is an explicit "no name" that the tooltip does not replace, except when the image
      // is itself the target of aria-labelledby (accname manual test 566: its title is used).
      const alt = el.getAttribute('alt');
      return alt === '' && referenced ? null : alt;
    }
    case 'fieldset':
      return childContent(el, 'legend', t);
    case 'table':
      return childContent(el, 'caption', t);
    case 'optgroup':
      return el.getAttribute('label');
    case 'option': {
      const label = el.getAttribute('label');
      return label && label.trim() ? label : null;
    }
    default:
      return null;
  }
}

/** Steps after the tooltip for the root only: placeholder (HTML-AAM input/textarea), image
 * button's "Submit" default. */
export function nativeFallbackAfterTitle(el: Element): string | null {
  if (el.namespaceURI !== HTML_NS) return null;
  if (el.localName === 'input') {
    const type = inputType(el);
    if (type === 'image') return 'Submit';
    if (TEXT_INPUT_TYPES.has(type) || !KNOWN_INPUT_TYPES.has(type)) return placeholder(el);
    return null;
  }
  if (el.localName === 'textarea') return placeholder(el);
  if (el.getAttribute('contenteditable') !== null || el.hasAttribute('aria-placeholder')) {
    return el.getAttribute('aria-placeholder');
  }
  return null;
}

const KNOWN_INPUT_TYPES = new Set([
  'button',
  'checkbox',
  'color',
  'date',
  'datetime-local',
  'email',
  'file',
  'hidden',
  'image',
  'month',
  'number',
  'password',
  'radio',
  'range',
  'reset',
  'search',
  'submit',
  'tel',
  'text',
  'time',
  'url',
  'week',
]);

function placeholder(el: Element): string | null {
  const p = el.getAttribute('placeholder') ?? el.getAttribute('aria-placeholder');
  return p && p.trim() ? p : null;
}

function inputName(el: Element, t: Traversal): string | null {
  const type = inputType(el);
  if (type === 'hidden') return '';
  if (type === 'button' || type === 'submit' || type === 'reset') {
    const fromLabels = labelsText(el, t);
    if (fromLabels) return fromLabels;
    const value = el.getAttribute('value');
    if (value !== null && value.trim()) return value;
    if (type === 'submit') return 'Submit';
    if (type === 'reset') return 'Reset';
    return null;
  }
  if (type === 'image') {
    const fromLabels = labelsText(el, t);
    if (fromLabels) return fromLabels;
    const alt = el.getAttribute('alt');
    if (alt !== null && alt.trim()) return alt;
    const value = el.getAttribute('value');
    if (value !== null && value.trim()) return value;
    return null;
  }
  const fromLabels = labelsText(el, t);
  // Chromium: an associated <label>, even an empty or aria-hidden one (Shoelace's inputs carry
  // one), is the field's name: title and placeholder are not consulted (verified on Chromium 156).
  return fromLabels || (labelCount(el) > 0 ? '' : null);
}

function labelCount(el: Element): number {
  return hasLabels(el) ? el.labels.length : 0;
}

function hasLabels(el: Element): el is Element & { labels: NodeListOf<HTMLLabelElement> } {
  return 'labels' in el && el.labels !== null && typeof el.labels === 'object';
}

/** Text of the element's <label>s (label[for] and the wrapping label), in tree order. */
function labelsText(el: Element, t: Traversal): string {
  if (!hasLabels(el)) return '';
  const parts: string[] = [];
  for (const label of Array.from(el.labels)) {
    const next: Traversal = {
      ...t,
      // 2A: content of a hidden label counts, since the label itself is the traversal root.
      includeHidden: t.includeHidden || isHiddenFromAx(label, t.ctx),
    };
    const text = textAlternative(label, next, computeRole(label, t.ctx), false, true);
    if (text.trim()) parts.push(text);
  }
  return normalizeName(parts.join(' '));
}

function childContent(el: Element, tag: string, t: Traversal): string | null {
  const found = Array.from(el.children).find((c) => c.localName === tag);
  if (!found) return null;
  const text = textAlternative(found, t, computeRole(found, t.ctx), false, true);
  return text.trim() ? text : null;
}

/** SVG-AAM §7.1: a direct <title> child names SVG elements; a link may use xlink:title. */
function svgTitle(el: Element): string | null {
  for (const child of Array.from(el.children)) {
    if (child.localName === 'title' && child.namespaceURI === SVG_NS) {
      const text = child.textContent ?? '';
      return text.trim() ? text : null;
    }
  }
  if (el.localName === 'a') {
    const title = el.getAttributeNS('http://www.w3.org/1999/xlink', 'title');
    if (title && title.trim()) return title;
  }
  return null;
}
