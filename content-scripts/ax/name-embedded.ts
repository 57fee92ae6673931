/**
 * accname 1.2 §4.3.2 step 2C: a control embedded in the label of another element contributes its
 * current value (textbox), its selected option (combobox, listbox) or its value text (range).
 */
import { isInput, isSelect, isTextArea } from '../../shared/dom';
import { idRefs } from './flat-tree';
import { normalizeName, textAlternative, type Traversal } from './names';
import { computeRole } from './roles';

const RANGE_ROLES = new Set(['slider', 'spinbutton', 'scrollbar', 'progressbar', 'meter']);

export { isSelect };

export function embeddedControlValue(el: Element, role: string, t: Traversal): string | null {
  if (role === 'textbox' || role === 'searchbox') {
    if (isInput(el) || isTextArea(el)) return el.value;
    return el.textContent ?? '';
  }
  if (role === 'combobox' || role === 'listbox') {
    if (isSelect(el)) {
      const selected = Array.from(el.selectedOptions);
      return selected.map((o) => optionText(o, t)).join(' ');
    }
    if (isInput(el)) return el.value;
    return selectedOptionsText(el, t);
  }
  if (RANGE_ROLES.has(role)) {
    const valueText = el.getAttribute('aria-valuetext');
    if (valueText !== null && valueText.trim()) return valueText;
    const now = el.getAttribute('aria-valuenow');
    if (now !== null && now.trim()) return now.trim();
    if (isInput(el)) return el.value;
    const value = el.getAttribute('value');
    return value ?? '';
  }
  return null;
}

function optionText(option: Element, t: Traversal): string {
  return normalizeName(textAlternative(option, t, 'option', false, true));
}

/** ARIA listbox/combobox: the options marked selected, in it or in the popup it controls. */
function selectedOptionsText(el: Element, t: Traversal): string {
  const scopes = [el, ...idRefs(el, 'aria-controls'), ...idRefs(el, 'aria-owns')];
  for (const scope of scopes) {
    const options = Array.from(scope.querySelectorAll('[aria-selected="true"]')).filter(
      (o) => computeRole(o, t.ctx) === 'option',
    );
    if (options.length) return options.map((o) => optionText(o, t)).join(' ');
  }
  if (computeRole(el, t.ctx) === 'combobox') return el.textContent ?? '';
  return '';
}
