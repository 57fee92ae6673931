/**
 * Agent-friendly label for a form field that the spec leaves unnamed: the text right before it
 * ("Every [1] month(s)" names the field "Every"), or, failing that, the text right after it.
 * Deliberately outside accname so conformance figures measure the spec path only.
 */
import { flatParent, isElement } from './flat-tree';
import { normalizeName } from './names';
import { resolveContext, type AxContext } from './style-cache';
import { isHiddenFromAx } from './visibility';

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
  return keep === 'end' ? `…${text.slice(-MAX_CHARS)}` : `${text.slice(0, MAX_CHARS)}…`;
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
