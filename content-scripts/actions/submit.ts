/**
 * focus_type's submit step. A combobox commits its highlighted suggestion with ArrowDown then Enter
 * (WAI-ARIA APG combobox pattern keyboard interaction); a field in a form submits through
 * `form.requestSubmit()` (HTML §4.10.21.3: runs validation and fires `submit` like a user would);
 * anything else gets a plain Enter.
 */
import { isHtmlElement, isInput, isTextArea, shortName } from './element-info';
import { parseChord, type KeyChord } from '../../shared/key-chord';
import { keyDown, keyUp } from './keys';
import { visualState } from './reachability';
import { sleep } from '../../shared/timeout';

function chord(spec: string): KeyChord {
  const c = parseChord(spec);
  if (!c) throw new Error(`internal: bad key spec ${spec}`);
  return c;
}

function press(el: Element, spec: string): boolean {
  const c = chord(spec);
  const proceed = keyDown(el, c);
  keyUp(el, c);
  return proceed;
}

/** The listbox this combobox drives: aria-controls / aria-owns first, else any visible listbox. */
function listboxFor(el: Element, doc: Document): Element | null {
  for (const attr of ['aria-controls', 'aria-owns']) {
    for (const id of (el.getAttribute(attr) ?? '').split(/\s+/)) {
      const lb = id ? doc.getElementById(id) : null;
      if (lb && visualState(lb).hidden === null && lb.querySelector('[role="option"]')) return lb;
    }
  }
  for (const lb of doc.querySelectorAll('[role="listbox"]')) {
    if (visualState(lb).hidden === null && lb.querySelector('[role="option"]')) return lb;
  }
  return null;
}

function activeOption(el: Element, doc: Document): Element | null {
  const id = el.getAttribute('aria-activedescendant');
  const opt = id ? doc.getElementById(id) : null;
  return opt && visualState(opt).hidden === null ? opt : null;
}

async function waitForListbox(el: Element, doc: Document, timeoutMs: number): Promise<Element | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lb = listboxFor(el, doc);
    if (lb || Date.now() >= deadline) return lb;
    await sleep(50);
  }
}

/** Performs the submit and says what it did, in words the model can repeat to the user. */
export async function submitAfterTyping(el: HTMLElement, doc: Document, combobox: boolean): Promise<string> {
  if (combobox) {
    // Suggestions often arrive after a debounce or a fetch; give them a moment before committing.
    const listbox = await waitForListbox(el, doc, 1000);
    if (listbox) {
      let how = 'Enter on the highlighted suggestion';
      if (!activeOption(el, doc)) {
        press(el, 'ArrowDown');
        await sleep(80);
        how = 'ArrowDown + Enter to commit the first suggestion';
      }
      const option = activeOption(el, doc);
      press(el, 'Enter');
      await sleep(120);
      return option ? `${how} ("${shortName(option)}")` : how;
    }
  }
  const form = isInput(el) || isTextArea(el) ? el.form : el.closest('form');
  if (form && !isTextArea(el)) {
    if (!form.checkValidity()) {
      const invalid = [...form.elements].find((f) => isHtmlElement(f) && 'validity' in f && f.matches(':invalid'));
      form.requestSubmit();
      const why = invalid && 'validationMessage' in invalid ? `: ${String(invalid.validationMessage)}` : '';
      return `form not submitted, it failed validation${invalid ? ` at "${shortName(invalid)}"` : ''}${why}`;
    }
    form.requestSubmit();
    return 'form.requestSubmit()';
  }
  const proceed = press(el, 'Enter');
  return proceed ? 'Enter key' : 'Enter key (handled by the page)';
}
