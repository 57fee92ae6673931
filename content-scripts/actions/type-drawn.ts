/**
 * Typing into a drawn editor (drawn-editor.ts): the textarea's value is a window of the document that
 * the editor rewrites, so no read-back of it can match the text, and each retry of another method
 * used to insert the text again (Monaco ended with several copies, issue 25). Here the text goes in
 * once, the way a person's typing reaches the editor: its own select-all (or end-of-document) key,
 * then the browser's own insertion at the textarea's selection, which the editor turns into an edit
 * of its model (Monaco: `TextAreaState.deduceInput` on `input`). The verdict is read from what the
 * editor draws, and whatever changed, nothing is inserted a second time.
 *
 * An EditContext element (Monaco's default in Chrome) has no value to insert into and no default
 * action for a paste: the text goes in as the `paste` the editor handles itself (Monaco:
 * `NativeEditContext` reads `clipboardData` and applies it as one edit), whatever its length.
 */
import { parseChord, chordModifiers, type KeyChord } from '../../shared/key-chord';
import { sleep } from '../../shared/timeout';
import { drawnText, ownsEditContext } from './drawn-editor';
import { isTextArea } from './element-info';
import { keyDown, keyUp, modifiersDown, modifiersUp } from './keys';
import type { Attempt } from './type-methods';

/** How long the editor may take to draw an edit (Monaco renders on the next animation frame). */
const DRAW_WAIT_MS = 600;
const POLL_MS = 30;

function isMac(doc: Document): boolean {
  return /Mac|iPhone|iPad/.test(doc.defaultView?.navigator.platform ?? '');
}

/** Sends a chord with its modifiers' own keys; true when the editor handled it (canceled the keydown). */
function sendChord(el: HTMLElement, chord: KeyChord): boolean {
  const held = chordModifiers(chord);
  modifiersDown(el, held);
  const handled = !keyDown(el, chord);
  keyUp(el, chord);
  modifiersUp(el, held);
  return handled;
}

/**
 * Selects what the text replaces: the whole document (clear) or a caret at its end. The editor's own
 * keys move its model's selection, whatever part of the document the textarea holds; a key the editor
 * did not handle gets the textarea's default action, as in a browser (an EditContext element has none).
 */
function placeSelection(el: HTMLElement, clear: boolean): void {
  const mod = isMac(el.ownerDocument) ? 'Meta' : 'Control';
  const chord = parseChord(`${mod}+${clear ? 'a' : 'End'}`);
  if ((chord && sendChord(el, chord)) || !isTextArea(el)) return;
  if (clear) el.select();
  else el.setSelectionRange(el.value.length, el.value.length);
}

function inputEvent(el: HTMLElement, inputType: string, data: string | null): InputEvent {
  const Ctor = el.ownerDocument.defaultView?.InputEvent ?? InputEvent;
  return new Ctor('input', { bubbles: true, inputType, data });
}

/**
 * Several lines go in as a paste, as a person would bring them: typed, they would pass through the
 * editor's per-character interceptors (Monaco types a multi-character string one character at a
 * time, so auto-indent after each newline would indent the pasted indentation again). A `paste` with
 * the text in its DataTransfer (Clipboard API §4) is what editors read; one nobody handles gets the
 * browser's own insertion, announced as `insertFromPaste` (Input Events Level 2).
 */
function pasteAtSelection(el: HTMLElement, text: string): void {
  const view = el.ownerDocument.defaultView;
  const data = new (view?.DataTransfer ?? DataTransfer)();
  data.setData('text/plain', text);
  const Ctor = view?.ClipboardEvent ?? ClipboardEvent;
  const paste = new Ctor('paste', { bubbles: true, cancelable: true, composed: true, clipboardData: data });
  if (!el.dispatchEvent(paste) || !isTextArea(el)) return;
  el.setRangeText(text, el.selectionStart, el.selectionEnd, 'end');
  el.dispatchEvent(inputEvent(el, 'insertFromPaste', text));
}

/** The browser's own edit at the selection (fires `input`), or a spec-shaped one where it refuses. */
function insertAtSelection(el: HTMLElement, text: string): void {
  if (text.includes('\n') || !isTextArea(el)) return pasteAtSelection(el, text);
  const doc = el.ownerDocument;
  const before = el.value;
  const done = text === '' ? doc.execCommand('delete', false) : doc.execCommand('insertText', false, text);
  if (done || el.value !== before) return;
  el.setRangeText(text, el.selectionStart, el.selectionEnd, 'end');
  el.dispatchEvent(inputEvent(el, text === '' ? 'deleteContentBackward' : 'insertText', text || null));
}

function norm(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function occurrences(hay: string, needle: string): number {
  if (needle === '') return 0;
  let n = 0;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Waits until the drawn text differs from `before`, up to DRAW_WAIT_MS; returns what is drawn. */
async function drawnAfter(surface: HTMLElement, input: HTMLElement, before: string): Promise<string> {
  for (let waited = 0; waited < DRAW_WAIT_MS; waited += POLL_MS) {
    await sleep(POLL_MS);
    const now = drawnText(surface, input);
    if (now !== before) {
      // One more frame: an editor may draw a long edit over two.
      await sleep(POLL_MS);
      return drawnText(surface, input);
    }
  }
  return drawnText(surface, input);
}

export interface DrawnOutcome {
  attempt: Attempt;
  /** The drawn document changed: any other method could insert the text a second time. */
  changed: boolean;
}

/**
 * One insertion, judged by the drawn document: a replacement shows the text where the old document
 * was; an append shows one more copy of the text than before (whitespace-normalised, as rich text).
 */
export async function typeIntoDrawn(
  el: HTMLElement,
  surface: HTMLElement,
  text: string,
  clear: boolean,
): Promise<DrawnOutcome> {
  const before = drawnText(surface, el);
  placeSelection(el, clear);
  // Editors rewrite the textarea for the new selection (Monaco synchronously, others on a frame).
  await sleep(POLL_MS);
  insertAtSelection(el, text);
  const after = await drawnAfter(surface, el, before);
  const t = norm(text);
  const ok = clear
    ? t === ''
      ? norm(after) === ''
      : norm(after) === t || (norm(after).includes(t) && occurrences(norm(after), t) === 1 && after !== before)
    : t === '' || occurrences(norm(after), t) > occurrences(norm(before), t);
  const method = ownsEditContext(el) ? 'input-events' : 'exec-command';
  return { attempt: { method, value: after, ok, reformatted: false }, changed: after !== before };
}
