/**
 * `gate_facts`: what an action is about to activate, for the worker's approval gate. The element is
 * the one that will really be activated, not the one the model named: the focused element for a
 * press_key without a ref, the chosen option for select_option, the form a submit goes to.
 */
import { GateFactsArgsSchema, type GateFacts, type GateFactsArgs } from '../../shared/protocol/gate-facts';
import { err, ok, type Result } from '../../shared/result';
import { deepActiveElement } from '../../shared/dom';
import { parseChord, type KeyChord } from '../../shared/key-chord';
import { NATIVE_OPTION_KEYS, pickOption, type OptionKeys } from '../../shared/option-pick';
import { noteJudged } from '../actions/judged-choice';
import { ARIA_OPTION_KEYS } from '../actions/option-keys';
import { getAxApi, type WbAxApi } from '../ax/api';
import { keyErasure, typeErasure } from './erasure';
import type { ContentHandler } from './types';
import { collapse, squish } from '../../shared/text';

type Target = NonNullable<GateFacts['target']>;

/** Roles whose activation is a click a person would judge by its name (WAI-ARIA 1.2 widget roles). */
const ACTIVATABLE = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'tab']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const OPTION_ROLES = '[role="option"],[role="menuitem"],[role="menuitemradio"],[role="menuitemcheckbox"]';
const PAYMENT = /card|cvc|cvv|csc|iban|expir|security.?code|kreditkarte|tarjeta|carte/i;

function targetOf(api: WbAxApi, el: Element): Target {
  const d = api.describe(el);
  return d.ok ? { role: d.data.role, name: d.data.name } : { role: el.localName, name: '' };
}

function formOf(el: Element): HTMLFormElement | null {
  if (el instanceof HTMLInputElement || el instanceof HTMLButtonElement || el instanceof HTMLTextAreaElement)
    return el.form;
  if (el instanceof HTMLSelectElement) return el.form;
  return el.closest('form');
}

/** The form's facts; its default button is the first submit button in tree order (HTML §4.10.21.2). */
function formFacts(api: WbAxApi, form: HTMLFormElement): NonNullable<GateFacts['form']> {
  const controls = [...form.elements];
  const submitter = controls.find(
    (c) =>
      (c instanceof HTMLButtonElement && c.type === 'submit') ||
      (c instanceof HTMLInputElement && (c.type === 'submit' || c.type === 'image')),
  );
  const inputs = controls.filter((c): c is HTMLInputElement => c instanceof HTMLInputElement);
  return {
    submitter: submitter ? targetOf(api, submitter) : null,
    hasPassword: inputs.some((i) => i.type === 'password'),
    hasPayment: inputs.some(
      (i) =>
        i.autocomplete.startsWith('cc-') ||
        PAYMENT.test(`${i.name} ${i.id} ${i.placeholder} ${i.getAttribute('aria-label') ?? ''}`),
    ),
  };
}

function isMultiline(el: Element): boolean {
  return (
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLElement && el.isContentEditable) ||
    el.getAttribute('aria-multiline') === 'true'
  );
}

function isSubmitButton(el: Element): boolean {
  return (
    (el instanceof HTMLButtonElement && el.type === 'submit' && el.form !== null) ||
    (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'image') && el.form !== null)
  );
}

/** Clicking: the element itself, and the form when it is the form's submit button. */
function clickFacts(api: WbAxApi, el: Element, origin: string): GateFacts {
  const form = isSubmitButton(el) ? formOf(el) : null;
  return { origin, activation: 'click', target: targetOf(api, el), form: form ? formFacts(api, form) : null };
}

/**
 * Committing typed text (Enter, focus_type submit): a field in a form submits it (implicit
 * submission, HTML §4.10.21.2); a multi-line field is a message composer, where Enter or
 * Ctrl/Cmd+Enter sends; a single-line field outside a form is judged by its own name.
 */
function commitFacts(api: WbAxApi, el: Element, origin: string, modified: boolean): GateFacts {
  const target = targetOf(api, el);
  const form = formOf(el);
  if (isMultiline(el)) return { origin, activation: 'send', target, form: form ? formFacts(api, form) : null };
  if (form) return { origin, activation: 'submit', target, form: formFacts(api, form) };
  return { origin, activation: modified ? 'send' : 'click', target, form: null };
}

/** A key as the page will dispatch it: parsed by the dispatcher's own parser (shared/key-chord.ts). */
function keyFacts(api: WbAxApi, el: Element, chord: KeyChord, origin: string): GateFacts {
  const modified = chord.ctrlKey || chord.metaKey;
  const isEnter = chord.key === 'Enter';
  const isSpace = chord.key === ' ';
  if (!isEnter && !isSpace) return { origin, activation: 'none', target: targetOf(api, el), form: null };
  const role = targetOf(api, el).role;
  if (TEXT_ROLES.has(role) || isMultiline(el)) {
    // Space in a text field types a space.
    return isEnter
      ? commitFacts(api, el, origin, modified)
      : { origin, activation: 'none', target: targetOf(api, el), form: null };
  }
  // Enter/Space on anything else is keyboard activation: a click (HTML §6.3 activation behaviour).
  return clickFacts(api, el, origin);
}

/**
 * Every option the call could end on when the shared rule finds no single one in what this frame
 * sees (the dispatcher may see fewer options, e.g. only the list that opens): any option whose value
 * or text contains what was asked for. Judging them all fails closed.
 */
function couldPick<T>(items: readonly T[], wanted: string, keys: OptionKeys<T>): T[] {
  const w = squish(wanted).toLowerCase();
  if (!w) return [];
  const has = (t: string): boolean => collapse(t).toLowerCase().includes(w);
  return items.filter((o) => has(keys.value(o)) || has(keys.valueText(o)) || has(keys.label(o)));
}

/** The list select_option operates for this ref, as selectOption resolves it (actions/select.ts). */
function selectScope(el: Element): Element {
  const list = el.getAttribute('role') === 'option' ? el.closest('select, [role="listbox"]') : null;
  const own = list ?? el;
  if (own instanceof HTMLSelectElement) return own;
  return own.shadowRoot?.querySelector('select') ?? own.querySelector('select') ?? own;
}

function ariaItems(el: Element, doc: Document): Element[] {
  const owned = `${el.getAttribute('aria-controls') ?? ''} ${el.getAttribute('aria-owns') ?? ''}`
    .split(/\s+/)
    .flatMap((id) => (id ? [doc.getElementById(id)] : []))
    .filter((x): x is HTMLElement => x !== null);
  const scopes: ParentNode[] = owned.length ? owned : el.getAttribute('role') === 'listbox' ? [el] : [doc];
  return scopes.flatMap((s) => [...s.querySelectorAll(OPTION_ROLES)]);
}

/**
 * The option select_option will choose, resolved with the dispatcher's own rule and keys
 * (shared/option-pick.ts): a value prefix, `data-value` or `id` names the same option here as there.
 */
function selectFacts(api: WbAxApi, el: Element, args: GateFactsArgs, origin: string, doc: Document): GateFacts {
  const want = { value: args.value, label: args.label };
  const wanted = args.label ?? args.value ?? '';
  const scope = selectScope(el);
  let hits: Element[];
  let textOf: (o: Element) => string;
  if (scope instanceof HTMLSelectElement) {
    const opts = [...scope.options];
    const pick = pickOption(opts, want, NATIVE_OPTION_KEYS);
    hits = pick && pick !== 'ambiguous' ? [pick] : couldPick(opts, wanted, NATIVE_OPTION_KEYS);
    textOf = (o) => (o instanceof HTMLOptionElement ? o.label || o.text : '');
  } else {
    const items = ariaItems(scope, doc);
    const pick = pickOption(items, want, ARIA_OPTION_KEYS);
    hits = pick && pick !== 'ambiguous' ? [pick] : couldPick(items, wanted, ARIA_OPTION_KEYS);
    textOf = ARIA_OPTION_KEYS.label;
  }
  noteJudged(scope, hits, wanted);
  const judged = hits.map((o) => {
    const t = targetOf(api, o);
    return { role: t.role, name: t.name || textOf(o) };
  });
  // Nothing rendered yet (a list built on open): the text the model asked for is all there is to judge.
  const name = judged.length > 0 ? judged.map((t) => t.name).join(' / ') : wanted;
  const role = judged.length === 1 ? (judged[0]?.role ?? 'option') : 'option';
  return { origin, activation: 'choose', target: { role, name }, form: null };
}

/** An absolute http(s)-or-other URL, or null for javascript: and unparsable ones (they load nothing). */
function absolute(raw: string, doc: Document): string | null {
  try {
    const u = new URL(raw, doc.baseURI);
    return u.protocol === 'javascript:' ? null : u.href;
  } catch {
    return null;
  }
}

/**
 * Where submitting `form` from `submitter` loads (HTML §4.10.21.3 form submission algorithm): the
 * submitter's formaction/formmethod override the form's; a missing or empty action is the document's
 * URL; method=dialog closes a dialog and loads nothing. The target (formtarget/target) only picks
 * which browsing context loads it, so it does not change the origin the data goes to.
 */
function submitTarget(form: HTMLFormElement, submitter: Element | null, doc: Document): string | null {
  const over = (attr: string): string | null => submitter?.getAttribute(attr) ?? null;
  // getAttribute, not form.action/form.method: a control named "action" shadows those properties.
  const method = (over('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
  if (method === 'dialog') return null;
  const action = over('formaction') || form.getAttribute('action') || '';
  return action ? absolute(action, doc) : doc.URL;
}

function defaultButton(form: HTMLFormElement): Element | null {
  return (
    [...form.elements].find(
      (c) =>
        (c instanceof HTMLButtonElement && c.type === 'submit') ||
        (c instanceof HTMLInputElement && (c.type === 'submit' || c.type === 'image')),
    ) ?? null
  );
}

/**
 * The URL an activation of `el` would load, from markup alone: a link's href (not `download`
 * links, not same-document fragments, HTML §7.4.2.3.3), or the form a submit goes to. Script-driven
 * navigations (window.open, location=) are not visible here; navigation-guard.ts blocks those.
 */
function navigationOf(el: Element, facts: GateFacts, doc: Document): string | null {
  if (facts.activation === 'click') {
    const link = el.closest('a[href], area[href]');
    if (link && !link.hasAttribute('download')) {
      const href = absolute(link.getAttribute('href') ?? '', doc);
      if (!href) return null;
      const here = new URL(doc.URL);
      const there = new URL(href);
      here.hash = '';
      const fragmentOnly = there.hash !== '' && ((there.hash = ''), there.href === here.href);
      return fragmentOnly ? null : href;
    }
    if (isSubmitButton(el)) {
      const form = formOf(el);
      return form ? submitTarget(form, el, doc) : null;
    }
    return null;
  }
  if (facts.activation === 'submit' || facts.activation === 'send') {
    const form = formOf(el);
    return form ? submitTarget(form, defaultButton(form), doc) : null;
  }
  return null;
}

function gateFacts(args: GateFactsArgs, doc: Document): Result<GateFacts> {
  const r = baseFacts(args, doc);
  if (!r.ok) return r;
  const api = getAxApi(globalThis);
  const el = args.ref && api ? api.registry.resolve(args.ref) : null;
  const target = el ? (el.ok ? el.data : null) : deepActiveElement(doc);
  const resolved = target instanceof HTMLLabelElement && target.control ? target.control : target;
  const erases = resolved ? erasureOf(args, resolved) : null;
  const facts = erases ? { ...r.data, erases } : r.data;
  if (facts.activation === 'none') return ok(facts);
  const url = resolved ? navigationOf(resolved, facts, doc) : null;
  return ok(url && !staysInFrame(url, resolved, doc) ? { ...facts, navigatesTo: url } : facts);
}

/** What typing or a key would delete or replace of text the agent did not write (handlers/erasure.ts). */
function erasureOf(args: GateFactsArgs, el: Element): GateFacts['erases'] | null {
  if (args.tool === 'type') return typeErasure(el, args.clear ?? true);
  const chord = args.tool === 'press_key' ? parseChord(args.key ?? '') : null;
  return chord ? keyErasure(el, chord) : null;
}

/**
 * A load of this frame's own origin into this very frame (no target, or `_self`) carries data only
 * to the server that already holds the frame and sees what is typed into it; the gate need not ask.
 * A link or form aimed at `_top`, `_blank` or a named context loads somewhere else: reported.
 */
function staysInFrame(url: string, el: Element | null, doc: Document): boolean {
  if (new URL(url).origin !== doc.defaultView?.origin) return false;
  const link = el?.closest('a[href], area[href]');
  const form = el && !link ? formOf(el) : null;
  const own = link?.getAttribute('target') ?? el?.getAttribute('formtarget') ?? form?.getAttribute('target') ?? null;
  const target = (own || doc.querySelector('base[target]')?.getAttribute('target') || '_self').toLowerCase();
  return target === '_self' || (target === '_parent' && doc.defaultView === doc.defaultView?.parent);
}

function baseFacts(args: GateFactsArgs, doc: Document): Result<GateFacts> {
  const api = getAxApi(globalThis);
  if (!api) return err('tree_unavailable', 'the accessibility-tree script is not loaded in this frame');
  const origin = doc.defaultView?.origin ?? 'null';
  let el: Element | null;
  if (args.ref) {
    const r = api.registry.resolve(args.ref);
    if (!r.ok) return r;
    el = r.data;
  } else {
    el = deepActiveElement(doc);
  }
  if (el instanceof HTMLLabelElement && el.control) el = el.control;
  if (!el || el === doc.body || el === doc.documentElement) {
    // Nothing focused: keys go to the body, which activates nothing by itself.
    return ok({ origin, activation: 'none', target: null, form: null });
  }
  if (el instanceof HTMLIFrameElement || el instanceof HTMLFrameElement) {
    // Focus is inside a child frame this frame cannot see into: unknown, so the gate asks.
    return err('focus_in_frame', 'the focused element is inside a child frame');
  }
  switch (args.tool) {
    case 'click':
      return ok(clickFacts(api, el, origin));
    case 'press_key': {
      const chord = parseChord(args.key ?? '');
      return chord ? ok(keyFacts(api, el, chord, origin)) : err('bad_key', 'the key is not one press_key dispatches');
    }
    case 'select':
      return ok(selectFacts(api, el, args, origin, doc));
    case 'type':
      return ok(
        args.submit
          ? ACTIVATABLE.has(targetOf(api, el).role)
            ? clickFacts(api, el, origin)
            : commitFacts(api, el, origin, false)
          : { origin, activation: 'none', target: targetOf(api, el), form: null },
      );
  }
}

export const gateFactsHandler: ContentHandler = {
  name: 'gate_facts',
  run(raw, doc) {
    const args = GateFactsArgsSchema.safeParse(raw);
    if (!args.success) return err('bad_arguments', `gate_facts: ${args.error.issues[0]?.message ?? 'bad shape'}`);
    return gateFacts(args.data, doc);
  },
};
