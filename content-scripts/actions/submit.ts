/**
 * focus_type's submit step. A combobox (by its role, or by what it does: actsAsCombobox) commits its
 * highlighted suggestion with ArrowDown then Enter (WAI-ARIA APG combobox pattern keyboard interaction); a field in a form submits through
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

/** ids in an IDREF list attribute, resolved in the element's own tree (document or shadow root). */
function referenced(el: Element, attr: string): Element[] {
  const root = el.getRootNode();
  const byId = (id: string): Element | null =>
    root instanceof Document || root instanceof ShadowRoot ? root.getElementById(id) : null;
  return (el.getAttribute(attr) ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map(byId)
    .filter((x): x is Element => x !== null);
}

/**
 * A field that behaves as a combobox without saying so (no role=combobox, no aria-autocomplete, no
 * `list`): it names a listbox in aria-controls / aria-owns (ARIA 1.2 §combobox: the popup is
 * referenced by aria-controls), or a listbox with options shows right after it, within its own
 * wrapper, once it is typed into. Enter there must commit a suggestion, not submit the form.
 */
function actsAsCombobox(el: Element): boolean {
  for (const attr of ['aria-controls', 'aria-owns']) {
    if (referenced(el, attr).some((r) => r.getAttribute('role') === 'listbox')) return true;
  }
  let wrapper: Element | null = el.parentElement;
  for (let depth = 0; wrapper && depth < 2; depth++, wrapper = wrapper.parentElement) {
    for (const lb of wrapper.querySelectorAll('[role="listbox"]')) {
      const after = (el.compareDocumentPosition(lb) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      if (after && visualState(lb).hidden === null && lb.querySelector('[role="option"]')) return true;
    }
  }
  return false;
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
  if (combobox || actsAsCombobox(el)) {
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
