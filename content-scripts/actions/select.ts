/**
 * select_option: native `<select>` through the value setter and input/change events; ARIA listboxes
 * and comboboxes (Radix, downshift, headless UI…) by opening them like a person, finding the option
 * wherever it rendered (portals included) and clicking it, then reading the choice back.
 */
import type { SelectArgs, SelectResult } from '../../shared/tools/actions';
import { ariaOptionValue, NATIVE_OPTION_KEYS, pickOption } from '../../shared/option-pick';
import { err, ok, type Result } from '../../shared/result';
import { mayChoose } from './judged-choice';
import { ARIA_OPTION_KEYS } from './option-keys';
import { getRefRegistry } from '../ax/ref-registry';
import { describe, isHtmlElement, isLabel, isSelect, roleOf, shortName } from './element-info';
import { parseChord } from '../../shared/key-chord';
import { keyDown, keyUp } from './keys';
import { Observation, settle } from './observe';
import { relatedTo } from './evidence';
import { centreOf, hittablePoint, syntheticClick } from './pointer';
import { visualState } from './reachability';
import { controlledLists, isShown, itemsOf, norm, renderedWidgetFor } from './widget-twin';
import { sleep } from '../../shared/timeout';

/** The option resolved now is not one the approval gate judged: the page changed the list in between. */
function changedSinceApproval(ref: string): Result<never> {
  return err(
    'target_changed',
    `the option ${ref} would now choose is not the one checked before acting (the list changed, or it was not rendered and the option was named by value or part of its label); open it with click_ax, re-read the tree, then choose by the option's full label`,
  );
}

function pickNative(
  ref: string,
  sel: HTMLSelectElement,
  value: string | undefined,
  label: string | undefined,
): Result<HTMLOptionElement> {
  const options = [...sel.options];
  const listing = options
    .slice(0, 25)
    .map((o) => `${JSON.stringify(norm(o.label || o.text))} (value ${JSON.stringify(o.value)})`);
  const wanted = value ?? label ?? '';
  const pick = pickOption(options, { value, label }, NATIVE_OPTION_KEYS);
  if (pick === null || pick === 'ambiguous') {
    return err(
      'option_not_found',
      `${ref} has no ${pick === 'ambiguous' ? 'single' : ''} option matching ${value !== undefined ? 'value' : 'label'} ${JSON.stringify(wanted)}; options: ${listing.join(', ')}${options.length > 25 ? ', …' : ''}`,
    );
  }
  if (!mayChoose(sel, pick, pick.label || pick.text)) return changedSinceApproval(ref);
  if (pick.disabled)
    return err(
      'option_disabled',
      `option ${JSON.stringify(norm(pick.text))} of ${ref} is disabled and cannot be chosen`,
    );
  if (sel.matches(':disabled'))
    return err('target_disabled', `${ref} is disabled; it can be changed only once enabled`);
  return ok(pick);
}

function selectNative(
  ref: string,
  sel: HTMLSelectElement,
  value: string | undefined,
  label: string | undefined,
  doc: Document,
): Promise<Result<SelectResult>> | Result<SelectResult> {
  const picked = pickNative(ref, sel, value, label);
  if (!picked.ok) return picked;
  const pick = picked.data;
  const obs = new Observation(doc, [sel]);
  sel.focus({ preventScroll: true });
  if (sel.multiple) pick.selected = true;
  else {
    // The prototype setter, as for text inputs, so React's tracked value sees a real change.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(sel), 'value')?.set;
    if (setter) setter.call(sel, pick.value);
    else sel.value = pick.value;
  }
  const view = doc.defaultView;
  sel.dispatchEvent(new (view?.Event ?? Event)('input', { bubbles: true }));
  sel.dispatchEvent(new (view?.Event ?? Event)('change', { bubbles: true }));
  return settle(obs).then((report) => {
    const success = pick.selected;
    return ok({
      success,
      method: 'native',
      selected: norm(pick.label || pick.text),
      value: pick.value,
      changes: report.changes,
      ...(success
        ? {}
        : { hint: 'the page reverted the choice (a controlled select that rejected it?); re-read the tree' }),
    });
  });
}

/**
 * The lists a trigger opened. When it declares its popup (aria-controls/aria-owns, the relation the
 * tree prints as "(popup of ref_N)"), that popup and nothing else: another widget's open listbox on the
 * same page is not this one's. Otherwise lists that belong to it (labelled by it, in its wrapper), and
 * only when none shows up in time, lists that were not open before this action began.
 */
function candidateLists(doc: Document, trigger: Element, openBefore: ReadonlySet<Element> | null): Element[] {
  const own = controlledLists(trigger);
  if (roleOf(trigger) === 'listbox') own.push(trigger);
  if (own.length > 0) return own;
  const all = [...doc.querySelectorAll('[role="listbox"], [role="menu"]')].filter(isShown);
  const related = all.filter((lb) => relatedTo([trigger], lb));
  if (related.length > 0 || !openBefore) return related;
  return all.filter((lb) => !openBefore.has(lb));
}

async function waitForListbox(
  doc: Document,
  trigger: Element,
  openBefore: ReadonlySet<Element> | null,
  ms: number,
): Promise<Element[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const last = Date.now() >= deadline;
    const found = candidateLists(doc, trigger, last ? openBefore : null).filter((lb) => itemsOf(lb).some(isShown));
    if (found.length > 0 || last) return found;
    await sleep(40);
  }
}

async function selectAria(
  ref: string,
  trigger: Element,
  value: string | undefined,
  label: string | undefined,
  doc: Document,
): Promise<Result<SelectResult>> {
  const openBefore = new Set([...doc.querySelectorAll('[role="listbox"], [role="menu"]')].filter(isShown));
  const obs = new Observation(doc, [trigger]);
  // Already open and its own: a list this trigger declares, or one that belongs to it.
  let listboxes = await waitForListbox(doc, trigger, null, 0);
  if (listboxes.length === 0) {
    // Open it like a person: a click, then (for widgets that open on keys only) ArrowDown.
    syntheticClick(trigger, hittablePoint(trigger) ?? centreOf(trigger));
    listboxes = await waitForListbox(doc, trigger, openBefore, 600);
  }
  if (listboxes.length === 0 && isHtmlElement(trigger)) {
    trigger.focus({ preventScroll: true });
    const down = parseChord('ArrowDown');
    if (down) {
      keyDown(trigger, down);
      keyUp(trigger, down);
    }
    listboxes = await waitForListbox(doc, trigger, openBefore, 600);
  }
  if (listboxes.length === 0) {
    obs.stop();
    return err(
      'listbox_not_found',
      `${ref} (${describe(trigger, false)}) did not open a list of options; click_ax it, re-read the tree and click the option`,
    );
  }
  const options = listboxes.flatMap((lb) => itemsOf(lb));
  const wanted = value ?? label ?? '';
  const pick = pickOption(options, { value, label }, ARIA_OPTION_KEYS);
  if (pick === null || pick === 'ambiguous') {
    obs.stop();
    const listing = options.slice(0, 25).map((o) => JSON.stringify(shortName(o)));
    return err(
      'option_not_found',
      `no ${pick === 'ambiguous' ? 'single ' : ''}option matching ${JSON.stringify(wanted)} in the list ${ref} opened; options: ${listing.join(', ')}`,
    );
  }
  if (!mayChoose(trigger, pick, shortName(pick))) {
    obs.stop();
    return changedSinceApproval(ref);
  }
  if (pick.getAttribute('aria-disabled') === 'true') {
    obs.stop();
    return err('option_disabled', `option "${shortName(pick)}" is disabled and cannot be chosen`);
  }
  const chosen = shortName(pick);
  if (isHtmlElement(pick)) pick.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  syntheticClick(pick, hittablePoint(pick) ?? centreOf(pick));
  await sleep(60);
  const report = await settle(obs);
  const triggerText = norm(shortName(trigger)).toLowerCase();
  const success =
    pick.getAttribute('aria-selected') === 'true' ||
    triggerText.includes(norm(chosen).toLowerCase()) ||
    (isHtmlElement(trigger) &&
      'value' in trigger &&
      String(trigger.value).toLowerCase().includes(norm(chosen).toLowerCase()));
  return ok({
    success,
    method: 'aria-click',
    selected: chosen,
    ...(ariaOptionValue(pick) ? { value: ariaOptionValue(pick) } : {}),
    changes: report.changes,
    ...(success
      ? {}
      : { hint: `clicked "${chosen}" but ${ref} does not show it; re-read the tree to check the choice` }),
  });
}

/**
 * A hidden native select that a widget draws (tom-select, choices.js, select2-likes): setting the
 * hidden select leaves the widget on its placeholder and its own value empty, so operate the widget
 * like a person, then require that the select the form posts agrees. Falls back to the native value
 * only when the widget cannot be operated, and then says whether the widget shows the choice.
 */
async function selectThroughWidget(
  ref: string,
  sel: HTMLSelectElement,
  widget: Element,
  value: string | undefined,
  label: string | undefined,
  doc: Document,
): Promise<Result<SelectResult>> {
  const picked = pickNative(ref, sel, value, label);
  if (!picked.ok) return picked;
  const pick = picked.data;
  const text = norm(pick.label || pick.text);
  const via = `${ref} is hidden; the page draws it as ${describe(widget)}, which was operated instead`;
  const viaWidget = await selectAria(ref, widget, undefined, text, doc);
  if (viaWidget.ok && pick.selected) {
    return ok({ ...viaWidget.data, success: true, value: pick.value, hint: via });
  }
  const native = await selectNative(ref, sel, pick.value, undefined, doc);
  if (!native.ok) return native;
  const shows = norm(widgetArea(widget).innerText || '')
    .toLowerCase()
    .includes(text.toLowerCase());
  return ok({
    ...native.data,
    success: native.data.success && shows,
    hint: shows
      ? `${via}, but that did not take, so the hidden select was set; the widget now shows it`
      : `set the hidden select, but the widget ${describe(widget)} still does not show ${JSON.stringify(text)}; click_ax it, re-read the tree and click the option`,
  });
}

/** The box a widget draws its current choice in (a few levels up from its input). */
function widgetArea(widget: Element): HTMLElement {
  let node: Element = widget;
  for (let i = 0; i < 2; i++) {
    const up = node.parentElement;
    if (!up || up.localName === 'body' || up.querySelector('select:not([hidden])')) break;
    node = up;
  }
  return isHtmlElement(node) ? node : widget.ownerDocument.body;
}

export async function selectOption(args: SelectArgs, doc: Document): Promise<Result<SelectResult>> {
  const { ref_id: ref, value, label } = args;
  const resolved = getRefRegistry(globalThis).resolve(ref);
  if (!resolved.ok) return resolved;
  let el = resolved.data;
  if (isLabel(el) && el.control) el = el.control;
  // An option ref (often one of a hidden list kept for screen readers) stands for its list.
  if (roleOf(el) === 'option') el = el.closest('select, [role="listbox"]') ?? el;
  if (isHtmlElement(el)) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  if (isSelect(el)) {
    const widget = visualState(el).hidden !== null ? renderedWidgetFor(el) : null;
    return widget ? selectThroughWidget(ref, el, widget, value, label, doc) : selectNative(ref, el, value, label, doc);
  }
  const inner = el.shadowRoot?.querySelector('select') ?? el.querySelector('select');
  if (isSelect(inner)) return selectNative(ref, inner, value, label, doc);
  const role = roleOf(el);
  const popup = el.getAttribute('aria-haspopup');
  if (['combobox', 'listbox', 'button', 'menu'].includes(role) || (popup !== null && popup !== 'false')) {
    return selectAria(ref, el, value, label, doc);
  }
  return err(
    'not_selectable',
    `${ref} (${describe(el, false)}) is not a drop-down or list; for a radio group click_ax the radio, otherwise re-read the tree for the combobox`,
  );
}
