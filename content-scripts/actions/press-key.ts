/**
 * press_key: keydown (keypress) keyup on the ref or the focused element. Synthetic key events carry
 * no browser default action (UI Events §3.10: untrusted events do not trigger defaults), so when the
 * page did not cancel the key we perform the default ourselves for the keys agents rely on: Tab
 * moves focus, Enter submits / activates, Space activates, Control+A selects, Backspace/Delete and
 * printable characters edit, arrows move a native select, PageUp/PageDown/Home/End scroll.
 */
import type { KeyResult, PressKeyArgs } from '../../shared/tools/actions';
import { err, ok, type Result } from '../../shared/result';
import { getRefRegistry } from '../ax/ref-registry';
import {
  deepActiveElement,
  describe,
  isContentEditable,
  isHtmlElement,
  isInput,
  isSelect,
  isTextArea,
} from './element-info';
import { chordModifiers, describeChord, isPrintable, parseChord, type KeyChord } from '../../shared/key-chord';
import { keyDown, keyUp, modifiersDown, modifiersUp } from './keys';
import { isAgentsOwn, noteAgentWrote, textHolder } from './agent-typed';
import { Observation, settle } from './observe';
import { visualState } from './reachability';
import { offerTrustedKey } from './press-key-trusted';

const TABBABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]:not([contenteditable="false"])';

function tabbables(doc: Document): HTMLElement[] {
  const all = [...doc.querySelectorAll(TABBABLE)].filter(
    (el): el is HTMLElement =>
      isHtmlElement(el) &&
      el.tabIndex >= 0 &&
      !el.matches(':disabled') &&
      !(isInput(el) && el.type === 'hidden') &&
      visualState(el).hidden === null,
  );
  // HTML §6.6.3 sequential navigation: positive tabindex first in ascending order, then DOM order.
  const positive = all.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex);
  return [...positive, ...all.filter((e) => e.tabIndex === 0)];
}

function isEditable(el: Element): boolean {
  return (
    isTextArea(el) ||
    isContentEditable(el) ||
    (isInput(el) &&
      !['checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color'].includes(el.type))
  );
}

/** Performs the browser's default for an uncanceled key; returns what it did, or undefined. */
function emulateDefault(target: Element, chord: KeyChord, doc: Document): string | undefined {
  const mod = chord.ctrlKey || chord.metaKey;
  if (chord.key === 'Tab' && !mod && !chord.altKey) return moveTabFocus(target, chord.shiftKey, doc);
  if (mod && chord.key.toLowerCase() === 'a') {
    if (isInput(target) || isTextArea(target)) target.select();
    else doc.execCommand('selectAll');
    return 'selected all';
  }
  if (chord.key === 'Enter' && !mod) return enterDefault(target, doc);
  if (
    chord.key === ' ' &&
    !mod &&
    isHtmlElement(target) &&
    target.matches(
      'button, summary, input[type="checkbox"], input[type="radio"], input[type="submit"], input[type="button"]',
    )
  ) {
    target.click();
    return 'activated it';
  }
  if ((chord.key === 'Backspace' || chord.key === 'Delete') && isEditable(target)) {
    doc.execCommand(chord.key === 'Backspace' ? 'delete' : 'forwardDelete');
    return 'deleted';
  }
  if (isPrintable(chord) && isEditable(target)) {
    doc.execCommand('insertText', false, chord.key);
    return `inserted "${chord.key}"`;
  }
  if (isSelect(target) && (chord.key === 'ArrowDown' || chord.key === 'ArrowUp') && !target.multiple) {
    return stepSelect(target, chord.key === 'ArrowDown' ? 1 : -1, doc);
  }
  const view = doc.defaultView;
  if (view && !isEditable(target) && ['PageDown', 'PageUp', 'Home', 'End', ' '].includes(chord.key) && !mod) {
    return scrollByKey(chord, view, doc);
  }
  return undefined;
}

/** Tab / Shift+Tab: the next or previous tabbable element, wrapping round the document. */
function moveTabFocus(target: Element, backwards: boolean, doc: Document): string | undefined {
  const list = tabbables(doc);
  const at = list.findIndex((e) => e === target || e.contains(target));
  const next = list[backwards ? (at <= 0 ? list.length - 1 : at - 1) : (at + 1) % list.length];
  if (!next) return undefined;
  next.focus();
  return `focus moved to ${describe(next)}`;
}

/** Enter: a line break in multi-line text, implicit submission in a field, activation of a button or link. */
function enterDefault(target: Element, doc: Document): string | undefined {
  if (isTextArea(target) || isContentEditable(target)) {
    doc.execCommand(isContentEditable(target) ? 'insertParagraph' : 'insertLineBreak');
    return 'inserted a line break';
  }
  if (isInput(target) && target.form && isEditable(target)) {
    // HTML §4.10.21.2 implicit submission.
    target.form.requestSubmit();
    return 'submitted the form (implicit submission)';
  }
  if (
    isHtmlElement(target) &&
    target.matches('a[href], button, summary, input[type="submit"], input[type="button"], input[type="reset"]')
  ) {
    target.click();
    return 'activated it';
  }
  return undefined;
}

/** ArrowDown/ArrowUp on a closed single select: the next or previous option, with input and change events. */
function stepSelect(target: HTMLSelectElement, by: 1 | -1, doc: Document): string | undefined {
  const i = Math.max(0, Math.min(target.options.length - 1, target.selectedIndex + by));
  if (i === target.selectedIndex) return undefined;
  target.selectedIndex = i;
  target.dispatchEvent(new (doc.defaultView?.Event ?? Event)('input', { bubbles: true }));
  target.dispatchEvent(new (doc.defaultView?.Event ?? Event)('change', { bubbles: true }));
  return `chose "${target.options[i]?.text ?? ''}"`;
}

/** PageDown/PageUp/Space/Shift+Space/Home/End outside a text field scroll the page. */
function scrollByKey(chord: KeyChord, view: Window, doc: Document): string {
  const page = view.innerHeight * 0.85;
  const scroller = doc.scrollingElement ?? doc.documentElement;
  const top =
    chord.key === 'Home'
      ? 0
      : chord.key === 'End'
        ? scroller.scrollHeight
        : scroller.scrollTop + (chord.key === 'PageUp' || (chord.key === ' ' && chord.shiftKey) ? -page : page);
  view.scrollTo({ top, behavior: 'instant' });
  return 'scrolled the page';
}

export async function pressKey(args: PressKeyArgs, doc: Document): Promise<Result<KeyResult>> {
  const chord = parseChord(args.key);
  if (!chord) {
    return err(
      'bad_key',
      `"${args.key}" is not a key: use names like Enter, Escape, Tab, ArrowDown, PageDown, Backspace, F5, a single character, or chords like Control+a, Shift+Tab`,
    );
  }
  let target: Element = deepActiveElement(doc) ?? doc.body;
  if (args.ref_id) {
    const resolved = getRefRegistry(globalThis).resolve(args.ref_id);
    if (!resolved.ok) return resolved;
    target = resolved.data;
    if (isHtmlElement(target)) {
      target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      target.focus({ preventScroll: true });
    }
  }
  const obs = new Observation(doc, [target]);
  // An edit to text that was the agent's own (or empty) stays the agent's: correcting its own typing
  // never asks (handlers/erasure.ts). Checked before the key, which may change it.
  const holder = textHolder(target);
  const ownBefore = holder !== null && isAgentsOwn(holder);
  modifiersDown(target, chordModifiers(chord));
  const proceed = keyDown(target, chord);
  const emulated = proceed && target.isConnected ? emulateDefault(target, chord, doc) : undefined;
  if (holder && ownBefore) noteAgentWrote(holder);
  // Key events go to the focused element at each moment (UI Events §3.6): a handler may move focus.
  const upTarget = target.isConnected ? target : doc.body;
  keyUp(upTarget, chord);
  modifiersUp(upTarget, chordModifiers(chord));
  const report = await settle(obs);
  const trustedToken = offerTrustedKey(target, doc, {
    chord,
    canceled: !proceed,
    emulated: emulated !== undefined,
    report,
  });
  return ok({
    success: true,
    key: describeChord(chord),
    target: target.isConnected ? describe(target) : 'an element that left the page',
    defaultPrevented: !proceed,
    ...(emulated ? { emulated } : {}),
    changes: report.changes,
    ...(trustedToken ? { trustedToken } : {}),
  });
}
