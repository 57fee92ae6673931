/**
 * Agent-friendly label for a form field that the spec leaves unnamed: the text right before it
 * ("Every [1] month(s)" names the field "Every"), or, failing that, the text right after it.
 * Deliberately outside accname so conformance figures measure the spec path only.
 */
import { flatParent, isElement } from './flat-tree';
import { normalizeName } from './names';
import { resolveContext, type AxContext } from './style-cache';
import { isHiddenFromAx } from './visibility';
import { sliceSafe } from '../../shared/text';

const CONTROL_TAGS = new Set(['input', 'select', 'textarea', 'button']);
const STOP_TAGS = new Set(['form', 'fieldset', 'body', 'table', 'ul', 'ol', 'dialog']);
const MAX_LEVELS = 3;
const MAX_CHARS = 60;

export function computeFallbackLabel(el: Element, ctx?: AxContext): string {
  const c = resolveContext(el, ctx);
  const before = neighbourText(el, c, 'previous');
  if (before) return clip(before, 'end');
  const after = neighbourText(el, c, 'next');
  return after ? clip(after, 'start') : '';
}

function clip(text: string, keep: 'start' | 'end'): string {
  if (text.length <= MAX_CHARS) return text;
  return keep === 'end' ? `…${text.slice(-MAX_CHARS)}` : `${sliceSafe(text, MAX_CHARS)}…`;
}

function neighbourText(el: Element, c: AxContext, dir: 'previous' | 'next'): string {
  let node: Element | null = el;
  for (let level = 0; node && level < MAX_LEVELS; level++) {
    for (
      let sib = dir === 'previous' ? node.previousSibling : node.nextSibling;
      sib;
      sib = dir === 'previous' ? sib.previousSibling : sib.nextSibling
    ) {
      // Comments and processing instructions have textContent but render nothing (DOM §4.4).
      if (sib.nodeType === 8 || sib.nodeType === 7) continue;
      if (isElement(sib)) {
        if (CONTROL_TAGS.has(sib.localName) || sib.querySelector('input,select,textarea,button')) {
          return '';
        }
        if (isHiddenFromAx(sib, c)) continue;
      }
      const text = normalizeName(sib.textContent ?? '');
      if (text) return text;
    }
    const parent: Element | null = flatParent(node);
    if (!parent || STOP_TAGS.has(parent.localName)) break;
    node = parent;
  }
  return '';
}

/** Words that say what an icon-only control does; a class or data token holding one is a usable hint. */
const ACTION_WORDS =
  /^(next|prev|previous|back|forward|close|dismiss|open|toggle|expand|collapse|more|menu|search|add|plus|remove|minus|delete|edit|clear|settings|play|pause|stop|left|right|up|down|first|last|today|month|year|zoom|share|copy|download|upload|refresh|reload|arrow|chevron|caret)$/;
const HINT_ATTRS = ['data-action', 'data-direction', 'data-nav', 'data-icon', 'data-testid', 'data-test', 'data-cy'];
const MAX_HINT_NODES = 12;

/**
 * No text outside SVG within a small subtree. Bounded, because the tree asks this of every unnamed
 * clickable, and a clickable container can hold the whole page.
 */
function isIconOnly(el: Element): boolean {
  let budget = MAX_HINT_NODES * 2;
  const visit = (node: Node): boolean => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (--budget < 0) return false;
      if (c.nodeType === 3 && normalizeName(c.textContent ?? '') !== '') return false;
      // An icon's own <title>/<desc> is its label, not text beside it.
      if (isElement(c) && c.localName !== 'svg' && !visit(c)) return false;
    }
    return true;
  };
  return visit(el);
}

/** `flatpickr-prev-month` → ["flatpickr","prev","month"]; `navigation--previous`, `btnNext` likewise. */
function words(token: string): string[] {
  return token
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/** The words of a token from its first action word on ("flatpickr-prev-month" → "prev month"). */
function hintFrom(token: string): string {
  const w = words(token);
  const i = w.findIndex((x) => ACTION_WORDS.test(x));
  return i < 0 ? '' : w.slice(i, i + 3).join(' ');
}

/**
 * Agent-only label for a clickable that has no accessible name at all (an icon-only month arrow of a
 * date picker): an SVG `<title>` or icon label inside it, else the first class name, data attribute or
 * `<use href="#icon-…">` of it or its icon that names an action. Like the titled-clickable fallback,
 * it is outside accname: Chrome leaves these unnamed, the agent needs something to tell them apart.
 */
export function computeHintLabel(el: Element): string {
  // Only an icon-only control reads its icon: a container's children speak for themselves.
  const iconOnly = isIconOnly(el);
  const icons = iconOnly ? Array.from(el.querySelectorAll('svg, svg *, i, img, use')).slice(0, MAX_HINT_NODES) : [];
  const nodes = [el, ...icons];
  for (const n of nodes) {
    if (n.localName === 'title' && n.parentElement?.localName === 'svg') {
      const t = normalizeName(n.textContent ?? '');
      if (t) return clip(t, 'start');
    }
  }
  for (const n of nodes) {
    const tokens = [
      ...HINT_ATTRS.map((a) => n.getAttribute(a) ?? ''),
      ...(n.getAttribute('class') ?? '').split(/\s+/),
      (n.getAttribute('href') ?? n.getAttribute('xlink:href') ?? '').replace(/^.*#/, ''),
    ];
    for (const t of tokens) {
      const hint = t ? hintFrom(t) : '';
      if (hint) return hint;
    }
  }
  return '';
}
