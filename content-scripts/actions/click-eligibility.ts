/**
 * Which targets may receive the one trusted CDP retry. CSS-hidden, pointer-disabled, native,
 * stateful/toggle, form, download and potentially mutating targets are never auto-retried, because
 * for them either a synthetic click is already exactly a user click (native activation behaviour,
 * HTML §6.4 and UI Events §3.5: `click()` runs the same activation steps as a trusted click), or a
 * second activation could undo or repeat what the first did (a toggle flips back, a form submits
 * twice), which breaks "nothing hard to undo happens without approval".
 */
import { isContentEditable, isHtmlElement, roleOf, shortName } from './element-info';
import type { VisualState } from './reachability';

/** Elements whose activation behaviour runs identically for synthetic clicks (HTML §6.4). */
const NATIVE = new Set([
  'a',
  'area',
  'button',
  'input',
  'select',
  'textarea',
  'option',
  'label',
  'summary',
  'details',
  'video',
  'audio',
]);
const TOGGLE_ROLES = new Set([
  'checkbox',
  'switch',
  'radio',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'tab',
  'treeitem',
]);
const STATE_ATTRS = ['aria-pressed', 'aria-checked', 'aria-expanded', 'aria-selected'];
/** Words that mark an action a second activation must not repeat. */
const MUTATING =
  /\b(delete|remove|erase|destroy|pay|buy|purchase|order|checkout|send|submit|confirm|transfer|publish|post|save|archive|unsubscribe|subscribe|sign ?out|log ?out|accept|approve|reject|decline|book|reserve|donate|upload|install|uninstall|reset|clear|cancel|like|follow|vote|share|add to)\b/i;

/**
 * The reason the retry is not allowed, or null when the target is a safe generic element. In a child
 * frame this is only the frame's half: what the parents draw over the frame is checked by the worker,
 * which asks every ancestor to hit-test the point before it clicks (background/frames/frame-hit.ts).
 */
export function fallbackVeto(el: Element, target: Element, state: VisualState): string | null {
  if (state.hidden !== null) return `not tried: the target is hidden (${state.hidden})`;
  if (state.pointerDisabled !== null) return `not tried: ${state.pointerDisabled}`;
  for (const node of new Set([el, target])) {
    if (NATIVE.has(node.localName) || node.closest('a[href], button, label, summary')) {
      return `not tried: <${node.localName}> is a native control, which a synthetic click already activates fully`;
    }
    const role = roleOf(node);
    if (TOGGLE_ROLES.has(role) || STATE_ATTRS.some((a) => node.hasAttribute(a))) {
      return `not tried: ${role} is a stateful/toggle control; a second click could undo the first`;
    }
    if (node.closest('form')) return 'not tried: the target is inside a form, where a second click could submit twice';
    if (node.closest('[download]')) return 'not tried: the target starts a download';
    if (isContentEditable(node)) return 'not tried: the target is editable text';
    const name = shortName(node);
    if (MUTATING.test(name) || MUTATING.test(node.getAttribute('title') ?? '')) {
      return `not tried: "${name}" may change data, and a second activation could repeat it`;
    }
  }
  if (!isHtmlElement(target)) return 'not tried: the target is not an HTML element';
  return null;
}

/**
 * The reason the trusted retry is not allowed after a click whose handler called an API that needs
 * user activation (a popup, fullscreen, a clipboard write) and was refused, or null. Native controls
 * are retried here: their synthetic click ran the handler but gave it no activation (HTML §6.4.3), so
 * the gated step never happened. What a second activation could repeat is still vetoed: the worker
 * vetoes a click that sent requests or opened a tab, the page side one that changed anything
 * (the caller checks), a download, editable text and words that change data.
 */
export function activationVeto(el: Element, target: Element, state: VisualState): string | null {
  if (state.hidden !== null) return `not tried: the target is hidden (${state.hidden})`;
  if (state.pointerDisabled !== null) return `not tried: ${state.pointerDisabled}`;
  for (const node of new Set([el, target])) {
    if (node.closest('[download]')) return 'not tried: the target starts a download';
    if (isContentEditable(node)) return 'not tried: the target is editable text';
    if (node.closest('form') && node.closest('button, input[type=submit], input[type=image]'))
      return 'not tried: the target submits a form, and a second click could submit twice';
    const name = shortName(node);
    if (MUTATING.test(name) || MUTATING.test(node.getAttribute('title') ?? ''))
      return `not tried: "${name}" may change data, and a second activation could repeat it`;
  }
  if (!isHtmlElement(target)) return 'not tried: the target is not an HTML element';
  return null;
}
