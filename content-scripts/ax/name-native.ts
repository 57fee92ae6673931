/**
 * accname 1.2 step 2E, host-language labels: HTML-AAM §4.1.1 "Accessible name computations by
 * HTML element" and SVG-AAM §7.1. Returns null when the host language offers nothing, so the
 * computation goes on to name from content and the tooltip.
 */
import { TEXT_INPUT_TYPES } from '../../shared/dom';
import { inputType } from './roles';
import { normalizeName, textAlternative, type Traversal } from './names';
import { computeRole } from './roles';
import type { AxContext } from './style-cache';
import { isDocument, isShadowRoot } from './flat-tree';
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
    return tag !== 'button' && labelCount(el, t.ctx) > 0 ? '' : null;
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
  return fromLabels || (labelCount(el, t.ctx) > 0 ? '' : null);
}

function labelCount(el: Element, ctx: AxContext): number {
  return hasLabels(el) ? labelsOf(el, ctx).length : 0;
}

function hasLabels(el: Element): el is Element & { labels: NodeListOf<HTMLLabelElement> } {
  return 'labels' in el && el.labels !== null && typeof el.labels === 'object';
}

/** Text of the element's <label>s (label[for] and the wrapping label), in tree order. */
function labelsText(el: Element, t: Traversal): string {
  if (!hasLabels(el)) return '';
  const parts: string[] = [];
  for (const label of labelsOf(el, t.ctx)) {
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

/** Per build: each tree scope's labels by the control they label. */
const labelIndexes = new WeakMap<AxContext, Map<Node, Map<Element, HTMLLabelElement[]>>>();
const NO_LABELS: readonly HTMLLabelElement[] = [];

/**
 * `el.labels` as a list. In Chromium that live list is found by walking the element's whole tree
 * scope for labels whose control is the element, once per field (quadratic on a form-heavy page,
 * issue 26); one pass over the scope's labels per build gives the same lists: HTML §4.10.4, the
 * labels of an element are the label elements of its tree whose labeled control (`control`) it is,
 * in tree order. An element outside a document or shadow tree asks `el.labels` itself.
 */
function labelsOf(el: Element & { labels: NodeListOf<HTMLLabelElement> }, ctx: AxContext): readonly HTMLLabelElement[] {
  const root = el.getRootNode();
  if (!isShadowRoot(root) && !isDocument(root)) return Array.from(el.labels);
  let scopes = labelIndexes.get(ctx);
  if (!scopes) {
    scopes = new Map();
    labelIndexes.set(ctx, scopes);
  }
  let byControl = scopes.get(root);
  if (!byControl) {
    byControl = new Map();
    for (const label of Array.from(root.querySelectorAll('label'))) {
      const control = 'control' in label ? label.control : null;
      if (!control) continue;
      const list = byControl.get(control);
      if (list) list.push(label);
      else byControl.set(control, [label]);
    }
    scopes.set(root, byControl);
  }
  return byControl.get(el) ?? NO_LABELS;
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
