/**
 * The ways text can be put into a field, each followed by a read-back. Order matters: the cheapest
 * method that frameworks accept comes first, the more invasive ones only when the text did not land.
 *
 * - value-setter: the prototype's native `value` setter (bypasses React's and Vue's instance-level
 *   value tracking, so their onChange/v-model see a real change) plus `input` and `change` events.
 * - keys: per character keydown → keypress → beforeinput → value → input → keyup, for widgets that
 *   listen to keys only (autocomplete comboboxes that search on keyup, masked inputs).
 * - exec-command: `document.execCommand('insertText')`, the browser's own editing path; it fires
 *   trusted beforeinput/input, so editors (ProseMirror, Lexical, Quill, Slate) handle it natively.
 * - input-events: a cancelable `beforeinput` (Input Events Level 2) then, if no editor took it, a DOM
 *   insertion plus `input`; the last resort for contenteditable.
 */
import type { TypeMethod } from '../../shared/tools/actions';
import { isInput, isTextArea } from './element-info';
import { chordFor, chordModifiers } from '../../shared/key-chord';
import { keyDown, keyUp, modifiersDown, modifiersUp } from './keys';

export type TextControl = HTMLInputElement | HTMLTextAreaElement;

export function readValue(el: Element): string {
  if (isInput(el) || isTextArea(el)) return el.value;
  const text = 'innerText' in el && typeof el.innerText === 'string' ? el.innerText : (el.textContent ?? '');
  return text;
}

function norm(s: string): string {
  return s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Loose comparison for masks and formatters that add separators ("5551234" → "555-1234"). */
function alnum(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Did the text land? Exact for text controls, whitespace-normalised containment for rich text. */
export function landed(
  el: Element,
  expected: string,
  clear: boolean,
  typed: string,
): { ok: boolean; reformatted: boolean } {
  const value = readValue(el);
  if (isInput(el) || isTextArea(el)) {
    if (value === expected) return { ok: true, reformatted: false };
    const loose = alnum(expected) !== '' && alnum(value) === alnum(expected);
    return { ok: loose, reformatted: loose };
  }
  const v = norm(value);
  const t = norm(typed);
  if (clear) return { ok: v === t, reformatted: false };
  return { ok: t === '' || v.endsWith(t) || v.includes(t), reformatted: false };
}

function setNativeValue(el: TextControl, value: string): void {
  const proto = Object.getPrototypeOf(el);
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
}

function inputEvent(el: Element, type: 'beforeinput' | 'input', inputType: string, data: string | null): InputEvent {
  const view = el.ownerDocument.defaultView;
  const Ctor = view?.InputEvent ?? InputEvent;
  return new Ctor(type, { bubbles: true, cancelable: type === 'beforeinput', composed: true, inputType, data });
}

function fireChange(el: Element): void {
  const view = el.ownerDocument.defaultView;
  el.dispatchEvent(new (view?.Event ?? Event)('change', { bubbles: true }));
}

export function byValueSetter(el: TextControl, text: string, clear: boolean): void {
  const next = clear ? text : el.value + text;
  setNativeValue(el, next);
  el.dispatchEvent(inputEvent(el, 'input', clear ? 'insertReplacementText' : 'insertText', text));
  fireChange(el);
}

export function byKeys(el: TextControl, text: string, clear: boolean): void {
  if (clear && el.value !== '') {
    setNativeValue(el, '');
    el.dispatchEvent(inputEvent(el, 'input', 'deleteContentBackward', null));
  }
  for (const char of text) {
    const chord = chordFor(char);
    // A capital is typed with Shift held: its own keydown/keyup around the key (UI Events §5.4.1).
    const held = chordModifiers(chord);
    modifiersDown(el, held);
    const proceed = keyDown(el, chord);
    // A canceled keydown means the widget consumed the key; the browser would not insert it either.
    if (proceed && el.dispatchEvent(inputEvent(el, 'beforeinput', 'insertText', char))) {
      setNativeValue(el, el.value + char);
      el.dispatchEvent(inputEvent(el, 'input', 'insertText', char));
    }
    keyUp(el, chord);
    modifiersUp(el, held);
  }
  fireChange(el);
}

export function selectAllIn(el: Element, clear: boolean): void {
  if (isInput(el) || isTextArea(el)) {
    try {
      if (clear) el.select();
      else el.setSelectionRange(el.value.length, el.value.length);
    } catch {
      // Some input types (email, number) refuse selection ranges; select() still works there.
      if (clear) el.select();
    }
    return;
  }
  const sel = el.ownerDocument.getSelection();
  if (!sel) return;
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  if (!clear) range.collapse(false);
  sel.removeAllRanges();
  sel.addRange(range);
}

/**
 * The `beforeinput` a person's typing sends first (Input Events Level 2 §4.1), with the selection as
 * its target range. Editors that keep their own model and apply only what `beforeinput` announces
 * (Slate; Quill and Lexical for a replacement) take the text here and cancel the event: the browser's
 * default insertion must then not happen. Chrome's `execCommand('insertText')` fires no `beforeinput`,
 * so without this Slate's DOM showed the text while its document kept the old one. Returns true when
 * an editor took the event (canceled it).
 */
function announce(el: Element, text: string, clear: boolean): boolean {
  const doc = el.ownerDocument;
  const view = doc.defaultView;
  const sel = doc.getSelection();
  const range = sel && sel.rangeCount > 0 ? sel.getRangeAt(0) : null;
  const Static = view?.StaticRange ?? StaticRange;
  const targetRanges = range
    ? [
        new Static({
          startContainer: range.startContainer,
          startOffset: range.startOffset,
          endContainer: range.endContainer,
          endOffset: range.endOffset,
        }),
      ]
    : [];
  const Ctor = view?.InputEvent ?? InputEvent;
  const inputType = text === '' ? 'deleteContentBackward' : clear ? 'insertReplacementText' : 'insertText';
  const event = new Ctor('beforeinput', {
    bubbles: true,
    cancelable: true,
    composed: true,
    inputType,
    data: inputType === 'insertReplacementText' || inputType === 'insertText' ? text : null,
    targetRanges,
  });
  return !el.dispatchEvent(event);
}

export function byExecCommand(el: Element, text: string, clear: boolean): boolean {
  selectAllIn(el, clear);
  const doc = el.ownerDocument;
  if (!isInput(el) && !isTextArea(el) && announce(el, text, clear)) return true;
  // execCommand is deprecated but remains the only page-side path that produces trusted editing
  // events; every engine still implements insertText (https://w3c.github.io/editing/docs/execCommand/).
  if (text === '') return doc.execCommand('delete', false);
  return doc.execCommand('insertText', false, text);
}

export function byInputEvents(el: HTMLElement, text: string, clear: boolean): void {
  selectAllIn(el, clear);
  const accepted = el.dispatchEvent(
    inputEvent(el, 'beforeinput', clear ? 'insertReplacementText' : 'insertText', text),
  );
  if (accepted) {
    const sel = el.ownerDocument.getSelection();
    const range = sel && sel.rangeCount > 0 ? sel.getRangeAt(0) : null;
    if (clear || !range || !el.contains(range.startContainer)) {
      if (clear) el.textContent = text;
      else el.append(el.ownerDocument.createTextNode(text));
    } else {
      range.deleteContents();
      range.insertNode(el.ownerDocument.createTextNode(text));
      range.collapse(false);
    }
    el.dispatchEvent(inputEvent(el, 'input', 'insertText', text));
  }
}

export interface Attempt {
  method: TypeMethod;
  value: string;
  ok: boolean;
  reformatted: boolean;
}
