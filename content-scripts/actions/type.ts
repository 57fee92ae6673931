/**
 * type_ax and focus_type in the page: find the element that really takes text (the ref itself, the
 * control its label names, the input inside a web component), type with the first method whose
 * read-back shows the text, and say which method that was, or that none did.
 */
import type { FocusTypeArgs, TypeArgs, TypeMethod, TypeReply, TypeResult } from '../../shared/tools/actions';
import { err, ok, type Result } from '../../shared/result';
import { getRefRegistry } from '../ax/ref-registry';
import {
  describe,
  FORMATTED_INPUT_TYPES,
  isContentEditable,
  isHtmlElement,
  isInput,
  isLabel,
  isSelect,
  isTextArea,
  roleOf,
} from './element-info';
import { isAgentsOwn, noteAgentWrote } from './agent-typed';
import { arm, Observation, settle } from './observe';
import { submitAfterTyping } from './submit';
import { byExecCommand, byInputEvents, byKeys, byValueSetter, landed, readValue, type Attempt } from './type-methods';
import { visualState } from './reachability';
import { buildTypeResult, shownValue } from './type-result';
import { prepareTrustedInsert, TrustedReadback, type TrustedPlan } from './type-trusted';
import { sleep } from '../../shared/timeout';
import { drawnSurface, ownsEditContext } from './drawn-editor';
import { typeIntoDrawn } from './type-drawn';

const TYPE_HINTS: Record<string, string> = {
  checkbox: 'use click_ax to toggle it',
  radio: 'use click_ax to choose it',
  submit: 'use click_ax to press it',
  button: 'use click_ax to press it',
  reset: 'use click_ax to press it',
  image: 'use click_ax to press it',
  file: 'use upload_file with the file\u2019s name and content',
  hidden: 'it is a hidden form value, not a field a person can edit',
};

const DATE_FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
  'datetime-local': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
  month: /^\d{4}-\d{2}$/,
  week: /^\d{4}-W\d{2}$/,
  color: /^#[0-9a-fA-F]{6}$/,
  range: /^-?\d+(\.\d+)?$/,
};

/**
 * A slider clamps and rounds what it is given (HTML §4.10.5.1.15), so an out-of-range value would
 * land as another number: say the range instead. Null when the value is one the slider can take.
 */
function rangeProblem(el: HTMLInputElement, text: string): string | null {
  const n = Number(text);
  const min = el.min === '' ? 0 : Number(el.min);
  const max = el.max === '' ? 100 : Number(el.max);
  const step = el.step === '' ? 1 : Number(el.step);
  const onStep =
    !Number.isFinite(step) || step <= 0 || Math.abs((n - min) / step - Math.round((n - min) / step)) < 1e-9;
  if (n >= min && n <= max && onStep) return null;
  return `it takes a number from ${min} to ${max}${Number.isFinite(step) && step > 0 ? ` in steps of ${step}` : ''} (got "${text.slice(0, 40)}")`;
}

type Kind = 'control' | 'editable';
interface TypeTarget {
  el: HTMLElement;
  kind: Kind;
  standIn?: string;
}

function isTypeableControl(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  return isTextArea(el) || (isInput(el) && !(el.type in TYPE_HINTS));
}

/** The topmost element of a contenteditable region (its editing host, HTML §6.8.1). */
function editingHost(el: HTMLElement): HTMLElement {
  let host = el;
  for (let p = el.parentElement; p && isContentEditable(p); p = p.parentElement) host = p;
  return host;
}

/** The field inside a wrapper or shadow host: a visible one first, else any (it may be styled away). */
function typeablesInside(root: Element | ShadowRoot): HTMLElement[] {
  const all: HTMLElement[] = [];
  const collect = (r: Element | ShadowRoot): void => {
    for (const c of r.querySelectorAll('*')) {
      if ((isTypeableControl(c) || isContentEditable(c) || ownsEditContext(c)) && isHtmlElement(c)) all.push(c);
      if (c.shadowRoot) collect(c.shadowRoot);
    }
  };
  collect(root);
  const visible = all.filter((c) => visualState(c).hidden === null);
  return visible.length > 0 ? visible : all;
}

export function resolveTypeTarget(ref: string, el: Element): Result<TypeTarget> {
  const label = `${ref} (${describe(el, false)})`;
  if (isInput(el)) {
    const hint = TYPE_HINTS[el.type];
    if (hint) return err('not_typeable', `${label} is a ${el.type} input and takes no text: ${hint}`);
  }
  if (isSelect(el))
    return err('not_typeable', `${label} is a drop-down list: use select_option with its value or label`);
  if (isTypeableControl(el) || isContentEditable(el)) {
    if (!isHtmlElement(el)) return err('not_typeable', `${label} is not an HTML element that takes text`);
    if (el.matches(':disabled'))
      return err('target_disabled', `${label} is disabled; it accepts text only once enabled`);
    if (isTypeableControl(el) && el.readOnly) {
      return err(
        'read_only',
        `${label} is read-only; if it opens a picker, click_ax it and choose from the picker instead`,
      );
    }
    return ok(isContentEditable(el) ? { el: editingHost(el), kind: 'editable' } : { el, kind: 'control' });
  }
  // An EditContext element (Monaco's default in Chrome) takes text without being a field or editable.
  if (ownsEditContext(el)) return ok({ el, kind: 'editable' });
  if (isLabel(el) && el.control && isTypeableControl(el.control)) {
    return ok({
      el: el.control,
      kind: 'control',
      standIn: `typed into the field labelled by ${ref}: ${describe(el.control)}`,
    });
  }
  const inside = el.shadowRoot ? typeablesInside(el.shadowRoot) : [];
  const candidates = inside.length > 0 ? inside : typeablesInside(el);
  // A wrapper around one field stands in for it; around several, guessing would type into the wrong one.
  if (candidates.length > 1 && inside.length === 0) {
    return err(
      'ambiguous_target',
      `${label} contains ${candidates.length} text fields; re-read the tree and use the ref of the field itself`,
    );
  }
  const inner = candidates[0];
  if (inner) {
    return ok({
      el: inner,
      kind: isContentEditable(inner) || ownsEditContext(inner) ? 'editable' : 'control',
      standIn: `${ref} is a ${roleOf(el)}; typed into the field inside it: ${describe(inner)}`,
    });
  }
  const role = roleOf(el);
  const what = ['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option'].includes(role)
    ? `use click_ax to ${role === 'checkbox' || role === 'switch' ? 'toggle' : 'activate'} it`
    : 'pick a textbox, searchbox, combobox or editable region from the tree';
  return err('not_typeable', `${label} is a ${role}, not a text field: ${what}`);
}

function isCombobox(el: Element): boolean {
  const role = el.getAttribute('role');
  const auto = el.getAttribute('aria-autocomplete');
  return role === 'combobox' || (auto !== null && auto !== 'none') || el.hasAttribute('list');
}

/** Single-line inputs whose value may pass through every prefix (a number input rejects "1."). */
const KEYED_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password']);
/** Longest text typed key by key; beyond it the text is pasted in one edit (a person would paste it too). */
const KEYED_MAX = 256;

/**
 * Whether to type like a person, key by key: autocompletes and masks that listen to keydown/keyup
 * (jQuery UI autocomplete, keyup filters) see nothing when only the value is set (issue 25). An
 * isolated world cannot see the page's listeners, so every short single-line text is keyed; a
 * textarea is not (Enter there may send a message the gate did not judge), nor is text with
 * control characters.
 */
function typesByKeys(el: HTMLElement, text: string): boolean {
  return (
    isInput(el) &&
    KEYED_TYPES.has(el.type) &&
    text.length <= KEYED_MAX &&
    ![...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  );
}

function methodsFor(target: TypeTarget, text: string): TypeMethod[] {
  if (target.kind === 'editable') return ['exec-command', 'input-events'];
  const el = target.el;
  if (isInput(el) && el.type in FORMATTED_INPUT_TYPES) return ['value-setter'];
  return isCombobox(el) || typesByKeys(el, text)
    ? ['keys', 'value-setter', 'exec-command']
    : ['value-setter', 'exec-command', 'keys'];
}

function nextFrame(): Promise<void> {
  // Some frameworks commit controlled values in a microtask or the next task; read back after both.
  return sleep(30).then(() => undefined);
}

function runMethod(method: TypeMethod, target: TypeTarget, text: string, clear: boolean): void {
  const el = target.el;
  if (method === 'exec-command') byExecCommand(el, text, clear);
  else if (method === 'input-events') byInputEvents(el, text, clear);
  else if (isInput(el) || isTextArea(el)) {
    if (method === 'value-setter') byValueSetter(el, text, clear);
    else if (method === 'keys') byKeys(el, text, clear);
  }
}

interface Typed {
  result: TypeResult;
  target: TypeTarget;
  submit: boolean;
  /** No page method landed: the worker may try a trusted insertion (see type-trusted.ts). */
  trusted?: { plan: TrustedPlan; attempts: Attempt[]; obs: Observation };
}

async function typeInto(args: TypeArgs | FocusTypeArgs, doc: Document): Promise<Result<Typed>> {
  const { ref_id: ref, text } = args;
  const clear = args.clear ?? true;
  const submit = 'submit' in args && args.submit === true;
  const resolved = getRefRegistry(globalThis).resolve(ref);
  if (!resolved.ok) return resolved;
  const found = resolveTypeTarget(ref, resolved.data);
  if (!found.ok) return found;
  const target = found.data;
  const el = target.el;
  if (isInput(el) && DATE_FORMATS[el.type] && !(text === '' && clear) && !DATE_FORMATS[el.type]?.test(text)) {
    return err(
      'bad_format',
      `${ref} is a ${el.type} input: it takes ${FORMATTED_INPUT_TYPES[el.type]} (got "${text.slice(0, 40)}")`,
    );
  }

  const outOfRange = isInput(el) && el.type === 'range' ? rangeProblem(el, text) : null;
  if (outOfRange) return err('bad_format', `${ref} is a range input: ${outOfRange}`);

  el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  el.focus({ preventScroll: true });
  const surface = (target.kind === 'control' && isTextArea(el)) || ownsEditContext(el) ? drawnSurface(el) : null;
  if (surface) return ok(await typeDrawn(el, surface, { target, text, clear, submit }, doc));
  const obs = new Observation(doc, [el]);
  const before = readValue(el);
  // Checked before writing: appending to someone else's text does not make it the agent's.
  const ownBefore = isAgentsOwn(el);
  const expected = target.kind === 'control' ? (clear ? text : before + text) : text;

  const attempts: Attempt[] = [];
  let done: Attempt | undefined;
  for (const method of methodsFor(target, text)) {
    // After a miss, retry from a clean slate with the whole expected value, so nothing is typed twice.
    const retry = attempts.length > 0;
    const useText = retry && target.kind === 'control' ? expected : text;
    const useClear = retry ? clear || target.kind === 'control' : clear;
    if (retry && target.kind === 'editable' && !clear && readValue(el) !== before) break;
    if (doc.activeElement !== el && !el.contains(doc.activeElement)) el.focus({ preventScroll: true });
    runMethod(method, target, useText, useClear);
    await nextFrame();
    const check = landed(el, expected, clear, text);
    const attempt: Attempt = { method, value: readValue(el), ok: check.ok, reformatted: check.reformatted };
    attempts.push(attempt);
    if (check.ok) {
      done = attempt;
      break;
    }
  }
  const plan: TrustedPlan = { el, kind: target.kind, before, expected, text, clear };
  if (!done) {
    // The observation stays open until the worker collects the trusted attempt's read-back.
    const snapshot = obs.report();
    return ok({
      result: buildTypeResult(el, attempts, snapshot.changes, target.standIn),
      target,
      submit,
      trusted: { plan, attempts, obs },
    });
  }
  // What landed is the agent's writing: a replacement (the gate asked first when the field held text
  // the agent did not write), or an addition to text that was already its own.
  if (clear || ownBefore) noteAgentWrote(el);
  obs.closeSyncInterval();
  const report = obs.report();
  obs.stop();
  return ok({ result: buildTypeResult(el, attempts, report.changes, target.standIn), target, submit });
}

const DRAWN_CHANGED =
  'the editor changed, but what it draws does not show the text as typed (it may have indented or closed brackets): read the tree before typing again, since another attempt would insert the text a second time';
const DRAWN_UNCHANGED =
  'the editor did not take the text and nothing changed; prefer the page\u2019s own way to load text (an upload, an import field)';

/**
 * A drawn code editor (drawn-editor.ts): one insertion, judged by what the editor draws, never
 * followed by another method (each would insert the text again), nor by the trusted insertion.
 */
async function typeDrawn(
  el: HTMLElement,
  surface: HTMLElement,
  how: { target: TypeTarget; text: string; clear: boolean; submit: boolean },
  doc: Document,
): Promise<Typed> {
  const obs = new Observation(doc, [el]);
  const ownBefore = isAgentsOwn(el);
  const { attempt, changed } = await typeIntoDrawn(el, surface, how.text, how.clear);
  if (attempt.ok && (how.clear || ownBefore)) noteAgentWrote(el);
  obs.closeSyncInterval();
  const report = obs.report();
  obs.stop();
  const result = buildTypeResult(el, [attempt], report.changes, how.target.standIn, attempt.value);
  if (!attempt.ok) result.hint = changed ? DRAWN_CHANGED : DRAWN_UNCHANGED;
  return { result, target: how.target, submit: how.submit };
}

async function submitTyped(target: TypeTarget, result: TypeResult, doc: Document): Promise<void> {
  const obs = new Observation(doc, [target.el]);
  const how = await submitAfterTyping(target.el, doc, isCombobox(target.el));
  const report = await settle(obs);
  result.submitted = how;
  result.value = shownValue(target.el, readValue(target.el));
  result.changes = { ...result.changes, ...report.changes };
}

/**
 * Every page method missed: arm the trusted read-back and hand the worker what to insert, or, when
 * the trusted method does not apply, report the miss (with the reason among the attempts).
 */
function replyAfterMiss(typed: Typed, doc: Document): TypeReply {
  const { result, target, submit, trusted } = typed;
  if (!trusted) return { result };
  const prepared = prepareTrustedInsert(trusted.plan, doc);
  if (!prepared.ok) {
    trusted.obs.stop();
    if (prepared.error.code !== 'not_applicable')
      result.attempts = [...(result.attempts ?? []), `cdp-insert-text: not tried: ${prepared.error.message}`];
    return { result };
  }
  const after = submit ? (r: TypeResult) => submitTyped(target, r, doc) : () => Promise.resolve();
  const token = arm(new TrustedReadback(trusted.plan, trusted.attempts, trusted.obs, target.standIn, after));
  return { result, insertText: { token, text: prepared.data } };
}

export async function typeText(args: TypeArgs, doc: Document): Promise<Result<TypeReply>> {
  const typed = await typeInto(args, doc);
  return typed.ok ? ok(replyAfterMiss(typed.data, doc)) : typed;
}

export async function focusType(args: FocusTypeArgs, doc: Document): Promise<Result<TypeReply>> {
  const typed = await typeInto(args, doc);
  if (!typed.ok) return typed;
  const { result, target, submit } = typed.data;
  if (!result.success) return ok(replyAfterMiss(typed.data, doc));
  if (submit) await submitTyped(target, result, doc);
  return ok({ result });
}
