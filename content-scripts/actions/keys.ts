/**
 * Keyboard input: dispatching keydown/keypress/keyup for a chord parsed by src/key-chord.ts (the
 * parser the approval gate shares).
 */
import { isPrintable, type KeyChord } from '../../src/key-chord';

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
