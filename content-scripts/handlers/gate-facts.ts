/**
 * `gate_facts`: what an action is about to activate, for the worker's approval gate. The element is
 * the one that will really be activated, not the one the model named: the focused element for a
 * press_key without a ref, the chosen option for select_option, the form a submit goes to.
 */
import { GateFactsArgsSchema, type GateFacts, type GateFactsArgs } from '../../src/protocol/gate-facts';
import { err, ok, type Result } from '../../src/result';
import { getAxApi, type WbAxApi } from '../ax/api';
import type { ContentHandler } from './types';

type Target = NonNullable<GateFacts['target']>;

/** Roles whose activation is a click a person would judge by its name (WAI-ARIA 1.2 widget roles). */
const ACTIVATABLE = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'tab']);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const OPTION_ROLES = '[role="option"],[role="menuitem"],[role="menuitemradio"],[role="menuitemcheckbox"]';
const PAYMENT = /card|cvc|cvv|csc|iban|expir|security.?code|kreditkarte|tarjeta|carte/i;

function deepActive(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

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

function keyFacts(api: WbAxApi, el: Element, key: string, origin: string): GateFacts {
  const parts = key.split('+').map((p) => p.trim().toLowerCase());
  const last = parts.at(-1) ?? '';
  const modified = parts.slice(0, -1).some((m) => /^(control|ctrl|meta|cmd|command)$/.test(m));
  const isEnter = last === 'enter' || last === 'return';
  const isSpace = last === 'space' || last === 'spacebar' || (key.endsWith(' ') && last === '');
  if (!isEnter && !isSpace) return { origin, activation: 'none', target: targetOf(api, el), form: null };
  const role = targetOf(api, el).role;
  if (TEXT_ROLES.has(role) || isMultiline(el)) {
    // Space in a text field types a space.
    return isEnter ? commitFacts(api, el, origin, modified) : { origin, activation: 'none', target: null, form: null };
  }
  // Enter/Space on anything else is keyboard activation: a click (HTML §6.3 activation behaviour).
  return clickFacts(api, el, origin);
}

function norm(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

function pickOption(items: readonly Element[], wanted: string, textOf: (el: Element) => string): Element | null {
  const w = norm(wanted);
  return (
    items.find((i) => norm(textOf(i)) === w) ??
    items.find((i) => norm(textOf(i)).startsWith(w)) ??
    items.find((i) => norm(textOf(i)).includes(w)) ??
    null
  );
}

/** The option select_option will choose; when it is not rendered yet, the text the model asked for. */
function selectFacts(api: WbAxApi, el: Element, args: GateFactsArgs, origin: string, doc: Document): GateFacts {
  const wanted = args.label ?? args.value ?? '';
  const select = el instanceof HTMLSelectElement ? el : el.querySelector('select');
  let option: Element | null = null;
  if (select instanceof HTMLSelectElement) {
    const opts = [...select.options];
    option =
      args.value !== undefined
        ? (opts.find((o) => o.value === args.value) ?? null)
        : pickOption(opts, wanted, (o) => (o instanceof HTMLOptionElement ? o.label || o.text : ''));
  } else {
    const owned = (el.getAttribute('aria-controls') ?? '')
      .split(/\s+/)
      .flatMap((id) => (id ? [doc.getElementById(id)] : []))
      .filter((x): x is HTMLElement => x !== null);
    const scopes: ParentNode[] = owned.length ? owned : [doc];
    const items = scopes.flatMap((s) => [...s.querySelectorAll(OPTION_ROLES)]);
    option = pickOption(items, wanted, (o) => targetOf(api, o).name);
  }
  // A hidden option may have no computed name yet; the text the model asked for is what select matches on.
  const found = option ? targetOf(api, option) : null;
  const target = { role: found?.role ?? 'option', name: found?.name || wanted };
  return { origin, activation: 'choose', target, form: null };
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
  if (!r.ok || r.data.activation === 'none') return r;
  const api = getAxApi(globalThis);
  const el = args.ref && api ? api.registry.resolve(args.ref) : null;
  const target = el ? (el.ok ? el.data : null) : deepActive(doc);
  const resolved = target instanceof HTMLLabelElement && target.control ? target.control : target;
  const url = resolved ? navigationOf(resolved, r.data, doc) : null;
  return url && !staysInFrame(url, resolved, doc) ? ok({ ...r.data, navigatesTo: url }) : r;
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
    el = deepActive(doc);
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
    case 'press_key':
      return ok(keyFacts(api, el, args.key ?? '', origin));
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
