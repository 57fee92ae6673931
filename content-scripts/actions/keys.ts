/**
 * Keyboard input: dispatching keydown/keypress/keyup for a chord parsed by shared/key-chord.ts (the
 * parser the approval gate shares).
 */
import {
  canonicalModifiers,
  isPrintable,
  modifierKeyChord,
  type KeyChord,
  type ModifierName,
} from '../../shared/key-chord';

function keyEvent(target: Element, type: string, chord: KeyChord): KeyboardEvent {
  const view = target.ownerDocument.defaultView;
  const Ctor = view?.KeyboardEvent ?? KeyboardEvent;
  const charCode = type === 'keypress' ? chord.key.charCodeAt(0) : 0;
  return new Ctor(type, {
    key: chord.key,
    code: chord.code,
    keyCode: type === 'keypress' ? charCode : chord.keyCode,
    which: type === 'keypress' ? charCode : chord.keyCode,
    charCode,
    ctrlKey: chord.ctrlKey,
    shiftKey: chord.shiftKey,
    altKey: chord.altKey,
    metaKey: chord.metaKey,
    bubbles: true,
    cancelable: true,
    composed: true,
    view,
  });
}

/** keydown only; returns false when the page canceled it (it handled the key itself). */
export function keyDown(target: Element, chord: KeyChord): boolean {
  const ok = target.dispatchEvent(keyEvent(target, 'keydown', chord));
  // UI Events §3.6: keypress follows keydown only for keys that produce a character (Enter included).
  if (ok && (isPrintable(chord) || chord.key === 'Enter') && !chord.ctrlKey && !chord.metaKey) {
    return target.dispatchEvent(keyEvent(target, 'keypress', chord));
  }
  return ok;
}

export function keyUp(target: Element, chord: KeyChord): void {
  target.dispatchEvent(keyEvent(target, 'keyup', chord));
}

/**
 * The modifiers' own keydowns before a chord's key, in order (Control, Alt, Shift, Meta), each with
 * the flags of what is held so far, as a keyboard reports them (UI Events §5.4.1): pages that track
 * modifiers (multi-select with Shift, shortcuts that watch `keydown Control`) see them as from a
 * person. Modifier keys produce no character, so no keypress.
 */
export function modifiersDown(target: Element, names: readonly ModifierName[]): void {
  const held: ModifierName[] = [];
  for (const m of canonicalModifiers(names)) {
    held.push(m);
    target.dispatchEvent(keyEvent(target, 'keydown', modifierKeyChord(m, held)));
  }
}

/** The modifiers' keyups after the chord's key, in reverse order, each without its own flag. */
export function modifiersUp(target: Element, names: readonly ModifierName[]): void {
  const held = canonicalModifiers(names);
  while (held.length > 0) {
    const m = held.pop();
    if (m) target.dispatchEvent(keyEvent(target, 'keyup', modifierKeyChord(m, held)));
  }
}
