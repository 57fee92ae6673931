/**
 * The last typing method: a trusted `Input.insertText` that the worker sends over CDP, for widgets that
 * take only trusted input. Some check `event.isTrusted` on keydown/beforeinput; others revert every edit
 * that no trusted `beforeinput` announced, which also rejects `execCommand('insertText')`, because
 * Chrome fires `input` for it but no `beforeinput` (Input Events Level 2 §4.1: execCommand fires no
 * beforeinput). CDP `Input.insertText` goes through the browser's IME commit path, so the page sees
 * trusted beforeinput + input, as for a paste or an emoji picker.
 *
 * Handshake: the page focuses the field and selects what the text replaces (`prepareTrustedInsert`),
 * arms a read-back under a token and replies with it; the worker sends `Input.insertText` (it types into
 * the focused element of the focused frame), then calls `type_readback` to get the verdict.
 */
import type { TypeReadbackArgs, TypeResult } from '../../shared/tools/actions';
import { err, ok, type Result } from '../../shared/result';
import { deepActiveElement, FORMATTED_INPUT_TYPES, isInput, isTextArea } from './element-info';
import { takeArmed, type ArmedWatch, type Observation } from './observe';
import { buildTypeResult } from './type-result';
import { landed, readValue, selectAllIn, type Attempt } from './type-methods';
import { sleep } from '../../shared/timeout';

export interface TrustedPlan {
  el: HTMLElement;
  kind: 'control' | 'editable';
  /** The field's value before anything was typed. */
  before: string;
  /** What the read-back must show. */
  expected: string;
  text: string;
  clear: boolean;
}

function focusIsOn(el: HTMLElement, doc: Document): boolean {
  const active = deepActiveElement(doc);
  return active === el || (active !== null && el.contains(active));
}

/**
 * Focuses the field and selects the range the insertion replaces. Returns the text to insert, or why
 * the trusted method does not apply (then the caller reports the synthetic failure as it is).
 */
export function prepareTrustedInsert(plan: TrustedPlan, doc: Document): Result<string> {
  const { el, kind, before, clear, text, expected } = plan;
  // Nothing to type, or a date/colour/range control whose value is a format rather than typed text.
  if (text === '') return err('not_applicable', 'nothing to insert');
  if (isInput(el) && el.type.toLowerCase() in FORMATTED_INPUT_TYPES)
    return err('not_applicable', `a ${el.type} input takes a format, not typed text`);
  const current = readValue(el);
  // A miss that still changed the rich text would make an append land twice; the loop stops there too.
  if (kind === 'editable' && !clear && current !== before)
    return err('would_repeat', 'an earlier method changed the content, so appending again could type it twice');
  el.focus({ preventScroll: true });
  if (!focusIsOn(el, doc)) return err('not_focusable', 'the field did not take focus, so the text would go elsewhere');
  // insertText types into the focused frame; a frame whose document lacks focus is not that frame
  // (HTML §6.6.3 "has focus steps"). The top frame is left to the read-back: an unfocused browser
  // window makes hasFocus() false there although its focused element still receives the insertion.
  const view = doc.defaultView;
  if (view && view !== view.top && !doc.hasFocus())
    return err('not_focusable', 'focus could not be moved into this frame, so the text would go elsewhere');
  if (kind === 'control' && (isInput(el) || isTextArea(el))) {
    // Append after the untouched value, or replace everything with the whole expected value.
    const append = !clear && current === before;
    selectAllIn(el, !append);
    return ok(append ? text : expected);
  }
  selectAllIn(el, clear);
  return ok(text);
}

/** The armed read-back: judges the trusted insertion like any other method, then runs `after` (submit). */
export class TrustedReadback implements ArmedWatch {
  constructor(
    private readonly plan: TrustedPlan,
    private readonly attempts: readonly Attempt[],
    private readonly obs: Observation,
    private readonly standIn: string | undefined,
    private readonly after: (result: TypeResult) => Promise<void>,
  ) {}

  async collect(): Promise<TypeResult> {
    const { el, expected, clear, text } = this.plan;
    // Frameworks may commit a controlled value in a microtask or the next task.
    await sleep(30);
    const check = landed(el, expected, clear, text);
    const attempt: Attempt = {
      method: 'cdp-insert-text',
      value: readValue(el),
      ok: check.ok,
      reformatted: check.reformatted,
    };
    this.obs.closeSyncInterval();
    const report = this.obs.report();
    this.obs.stop();
    const result = buildTypeResult(el, [...this.attempts, attempt], report.changes, this.standIn);
    if (!check.ok) {
      const doc = el.ownerDocument;
      result.hint = focusIsOn(el, doc)
        ? 'not even a trusted insertion (CDP Input.insertText) landed: the field rejects typed text or replaces it; re-read the tree and check the field'
        : `a trusted insertion (CDP Input.insertText) was sent but focus had left the field (now on ${deepActiveElement(doc)?.localName ?? 'nothing'}); re-read the tree and check where the text went`;
      return result;
    }
    await this.after(result);
    return result;
  }

  stop(): void {
    this.obs.stop();
  }

  /**
   * Right before the worker's `Input.insertText` (issue 10, item 8): is focus still where the text
   * must go? A page can move it (on the debugger infobar's resize, on a timer) so that a secret lands
   * in another field or frame; then nothing must be typed at all.
   */
  focusCheck(): Result<true> {
    const { el } = this.plan;
    const doc = el.ownerDocument;
    const view = doc.defaultView;
    if (!el.isConnected)
      return err('focus_moved', 'the field left the page before the trusted insertion; nothing was typed');
    if (!focusIsOn(el, doc)) {
      const now = deepActiveElement(doc);
      // The tag only: ids and text are the page's own words.
      const where = now ? `<${now.localName}>` : 'nothing';
      return err(
        'focus_moved',
        `focus moved off the field (to ${where}) before the trusted insertion, so nothing was typed; re-read the tree and retry`,
      );
    }
    // Same rule as prepareTrustedInsert: a child frame must still hold the page's focus.
    if (view && view !== view.top && !doc.hasFocus())
      return err(
        'focus_moved',
        'focus left this frame before the trusted insertion, so nothing was typed; re-read the tree and retry',
      );
    return ok(true);
  }
}

/** `type_readback`: the worker's second half of the handshake. */
export async function typeReadback(args: TypeReadbackArgs): Promise<Result<TypeResult | null>> {
  const watch = takeArmed(args.token);
  if (!watch)
    return err(
      'observation_expired',
      'the page lost the typing read-back (it reloaded or navigated); re-read the tree',
    );
  if (!(watch instanceof TrustedReadback)) {
    watch.stop();
    return err('bad_token', 'this token belongs to another action, not to a typing read-back');
  }
  if (args.action === 'cancel') {
    watch.stop();
    return ok(null);
  }
  return ok(await watch.collect());
}
