/**
 * select_option: native `<select>` through the value setter and input/change events; ARIA listboxes
 * and comboboxes (Radix, downshift, headless UI…) by opening them like a person, finding the option
 * wherever it rendered (portals included) and clicking it, then reading the choice back.
 */
import type { SelectArgs, SelectResult } from '../../src/tools/actions';
import { err, ok, type Result } from '../../src/result';
import { getRefRegistry } from '../ax/ref-registry';
import { describe, isHtmlElement, isLabel, isSelect, roleOf, shortName } from './element-info';
import { keyDown, keyUp, parseChord } from './keys';
import { Observation, settle } from './observe';
import { syntheticClick } from './pointer';
import { visualState } from './reachability';

function norm(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** Exact, then case-insensitive, then a unique prefix, then a unique substring match. */
export function pickByText<T>(
  items: readonly T[],
  wanted: string,
  textOf: (item: T) => string,
): T | 'ambiguous' | null {
  const w = norm(wanted);
  const lw = w.toLowerCase();
  const tiers: ((t: string) => boolean)[] = [
    (t) => t === w,
    (t) => t.toLowerCase() === lw,
    (t) => t.toLowerCase().startsWith(lw),
    (t) => t.toLowerCase().includes(lw),
  ];
  for (const [i, test] of tiers.entries()) {
    const hits = items.filter((item) => test(norm(textOf(item))));
    if (hits.length === 1) return hits[0] ?? null;
    if (hits.length > 1) return i < 2 ? (hits[0] ?? null) : 'ambiguous';
  }
  return null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function selectNative(
  ref: string,
  sel: HTMLSelectElement,
  value: string | undefined,
  label: string | undefined,
  doc: Document,
): Promise<Result<SelectResult>> | Result<SelectResult> {
  const options = [...sel.options];
  const listing = options
    .slice(0, 25)
    .map((o) => `${JSON.stringify(norm(o.label || o.text))} (value ${JSON.stringify(o.value)})`);
  const wanted = value ?? label ?? '';
  const pick =
    value !== undefined
      ? (options.find((o) => o.value === value) ?? pickByText(options, value, (o) => o.value))
      : pickByText(options, wanted, (o) => o.label || o.text);
  if (pick === null || pick === 'ambiguous') {
    return err(
      'option_not_found',
      `${ref} has no ${pick === 'ambiguous' ? 'single' : ''} option matching ${value !== undefined ? 'value' : 'label'} ${JSON.stringify(wanted)}; options: ${listing.join(', ')}${options.length > 25 ? ', …' : ''}`,
    );
  }
  if (pick.disabled)
    return err(
      'option_disabled',
      `option ${JSON.stringify(norm(pick.text))} of ${ref} is disabled and cannot be chosen`,
    );
  if (sel.matches(':disabled'))
    return err('target_disabled', `${ref} is disabled; it can be changed only once enabled`);
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

function visibleListboxes(doc: Document, trigger: Element): Element[] {
  const out: Element[] = [];
  const ids = `${trigger.getAttribute('aria-controls') ?? ''} ${trigger.getAttribute('aria-owns') ?? ''}`
    .split(/\s+/)
    .filter(Boolean);
  for (const id of ids) {
    const lb = doc.getElementById(id);
    if (lb && visualState(lb).hidden === null) out.push(lb);
  }
  if (roleOf(trigger) === 'listbox') out.push(trigger);
  for (const lb of doc.querySelectorAll('[role="listbox"], [role="menu"]')) {
    if (!out.includes(lb) && visualState(lb).hidden === null) out.push(lb);
  }
  return out;
}

async function waitForListbox(doc: Document, trigger: Element, ms: number): Promise<Element[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = visibleListboxes(doc, trigger).filter((lb) =>
      lb.querySelector('[role="option"], [role="menuitem"], [role="menuitemradio"]'),
    );
    if (found.length > 0 || Date.now() >= deadline) return found;
    await sleep(40);
  }
}

function optionValue(o: Element): string {
  return o.getAttribute('data-value') ?? o.getAttribute('value') ?? o.id;
}

async function selectAria(
  ref: string,
  trigger: Element,
  value: string | undefined,
  label: string | undefined,
  doc: Document,
): Promise<Result<SelectResult>> {
  const obs = new Observation(doc, [trigger]);
  let listboxes = await waitForListbox(doc, trigger, 0);
  if (listboxes.length === 0) {
    // Open it like a person: a click, then (for widgets that open on keys only) ArrowDown.
    syntheticClick(trigger);
    listboxes = await waitForListbox(doc, trigger, 600);
  }
  if (listboxes.length === 0 && isHtmlElement(trigger)) {
    trigger.focus({ preventScroll: true });
    const down = parseChord('ArrowDown');
    if (down) {
      keyDown(trigger, down);
      keyUp(trigger, down);
    }
    listboxes = await waitForListbox(doc, trigger, 600);
  }
  if (listboxes.length === 0) {
    obs.stop();
    return err(
      'listbox_not_found',
      `${ref} (${describe(trigger, false)}) did not open a list of options; click_ax it, re-read the tree and click the option`,
    );
  }
  const options = listboxes.flatMap((lb) => [
    ...lb.querySelectorAll('[role="option"], [role="menuitem"], [role="menuitemradio"]'),
  ]);
  const wanted = value ?? label ?? '';
  const pick =
    value !== undefined
      ? (options.find((o) => optionValue(o) === value) ?? pickByText(options, value, shortName))
      : pickByText(options, wanted, shortName);
  if (pick === null || pick === 'ambiguous') {
    obs.stop();
    const listing = options.slice(0, 25).map((o) => JSON.stringify(shortName(o)));
    return err(
      'option_not_found',
      `no ${pick === 'ambiguous' ? 'single ' : ''}option matching ${JSON.stringify(wanted)} in the list ${ref} opened; options: ${listing.join(', ')}`,
    );
  }
  if (pick.getAttribute('aria-disabled') === 'true') {
    obs.stop();
    return err('option_disabled', `option "${shortName(pick)}" is disabled and cannot be chosen`);
  }
  const chosen = shortName(pick);
  if (isHtmlElement(pick)) pick.scrollIntoView({ block: 'nearest', behavior: 'instant' });
  syntheticClick(pick);
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
    ...(optionValue(pick) ? { value: optionValue(pick) } : {}),
    changes: report.changes,
    ...(success
      ? {}
      : { hint: `clicked "${chosen}" but ${ref} does not show it; re-read the tree to check the choice` }),
  });
}

export async function selectOption(args: SelectArgs, doc: Document): Promise<Result<SelectResult>> {
  const { ref_id: ref, value, label } = args;
  const resolved = getRefRegistry(globalThis).resolve(ref);
  if (!resolved.ok) return resolved;
  let el = resolved.data;
  if (isLabel(el) && el.control) el = el.control;
  if (isHtmlElement(el)) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  if (isSelect(el)) return selectNative(ref, el, value, label, doc);
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
