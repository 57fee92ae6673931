/**
 * Data-loss facts for the approval gate (issue 24 item 8): whether typing or a key would delete or
 * replace text the agent did not write. "Did not write" is structural: the content differs from what
 * the agent's own typing last left in that element (actions/agent-typed.ts), so correcting its own
 * typing never asks, while a saved draft, a server-rendered bio or the user's document does.
 */
import { isPrintable, type KeyChord } from '../../shared/key-chord';
import type { GateFacts } from '../../shared/protocol/gate-facts';
import { contentOf, isAgentsOwn, textHolder } from '../actions/agent-typed';
import { isInput, isTextArea, roleOf } from '../actions/element-info';
import { resolveTypeTarget } from '../actions/type';

type Erasure = NonNullable<GateFacts['erases']>;

const FIELDS = 'input, textarea, [contenteditable]:not([contenteditable="false"])';

/**
 * The element type_ax really writes into: the field, or the one field a wrapper or host holds, found
 * as type_ax finds it (`resolveTypeTarget`), so the gate weighs the exact element that will be typed
 * into (a Monaco wrapper holds its EditContext div and an empty IME textarea: CSS alone finds the
 * textarea).
 */
function typedHolder(el: Element): Element | null {
  const own = textHolder(el);
  if (own) return own;
  const target = resolveTypeTarget('', el);
  const resolved = target.ok ? textHolder(target.data.el) : null;
  if (resolved) return resolved;
  const inner = el.shadowRoot?.querySelector(FIELDS) ?? el.querySelector(FIELDS);
  return inner ? textHolder(inner) : null;
}

/** Replacing a search query loses nothing a person wrote to keep. */
function isSearch(holder: Element): boolean {
  return (isInput(holder) && holder.type === 'search') || roleOf(holder) === 'searchbox';
}

function userText(holder: Element): string | null {
  return isAgentsOwn(holder) || isSearch(holder) ? null : contentOf(holder);
}

/** type_ax / focus_type: replacing (clear, the default) a field that holds someone else's text. */
export function typeErasure(el: Element, clear: boolean): Erasure | null {
  const holder = clear ? typedHolder(el) : null;
  const text = holder ? userText(holder) : null;
  return text ? { what: 'content', chars: text.length } : null;
}

function selectedChars(holder: Element): number {
  if (isInput(holder) || isTextArea(holder)) {
    // selectionStart is null on input types without a text selection (HTML §4.10.5.2.10).
    const start = holder.selectionStart ?? 0;
    return Math.max(0, (holder.selectionEnd ?? start) - start);
  }
  const sel = holder.ownerDocument.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0) return 0;
  return sel.getRangeAt(0).intersectsNode(holder) ? sel.toString().length : 0;
}

const mod = (c: KeyChord): boolean => c.ctrlKey || c.metaKey;

/** Keys whose default deletes text: Backspace and Delete with any modifiers (word, line), and Cut. */
function deletes(c: KeyChord): boolean {
  return c.key === 'Backspace' || c.key === 'Delete' || (mod(c) && c.key.toLowerCase() === 'x');
}

/** Keys whose default replaces a selection: a character, Enter (a line break), Paste. */
function replacesSelection(c: KeyChord): boolean {
  return isPrintable(c) || c.key === 'Enter' || (mod(c) && c.key.toLowerCase() === 'v');
}

/** press_key on `el` (the ref, or the focused element). */
export function keyErasure(el: Element, chord: KeyChord): Erasure | null {
  const holder = textHolder(el);
  if (!holder) {
    // Outside a text field Delete and Backspace are the app's "delete the selected item" (mail,
    // file managers, drives); the page decides, so the gate asks.
    return chord.key === 'Delete' || chord.key === 'Backspace' ? { what: 'shortcut', chars: 0 } : null;
  }
  const text = userText(holder);
  if (!text) return null;
  if (deletes(chord)) return { what: 'content', chars: text.length };
  const selected = replacesSelection(chord) ? selectedChars(holder) : 0;
  return selected > 0 ? { what: 'selection', chars: selected } : null;
}
