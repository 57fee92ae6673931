/**
 * press_key's trusted retry (Chrome): a key that the page did not cancel, that had no default we
 * perform, and that changed nothing may have been ignored because it was synthetic (a handler that
 * checks `event.isTrusted`). The page arms an observation under a token; the worker re-checks focus
 * (`input_recheck`, after attaching the debugger), sends the same chord once through CDP
 * `Input.dispatchKeyEvent` (which goes to the focused element of the focused frame) and collects it.
 */
import { err, ok, type Result } from '../../shared/result';
import { deepActiveElement } from './element-info';
import { arm, settle, Observation, type ArmedWatch, type ObservationReport } from './observe';
import { cancelLate } from './late-evidence';
import type { KeyChord } from '../../shared/key-chord';

/**
 * Keys that move within a widget (a list, a grid, a slider, tabs): only these are retried, since a move
 * shows (focus, aria-activedescendant, aria-selected, a value), so "nothing changed" means the page
 * ignored the key. Enter, Space and Escape activate or close: a page may hear the synthetic one and
 * act with no visible change (a key log, a closed layer nothing showed), and a second, trusted press
 * would repeat it (submit twice, close two layers). Printable keys and Control/Alt/Meta shortcuts are
 * never retried for the same reason; modifiers held with a navigation key are sent too.
 */
const WIDGET_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

function focusIsOn(el: Element, doc: Document): boolean {
  const active = deepActiveElement(doc);
  return active === el || (active !== null && el.contains(active));
}

/** The armed watch of a trusted key: it also says whether focus is still where the gate judged the key. */
export class KeyFocusWatch implements ArmedWatch {
  constructor(
    private readonly obs: Observation,
    private readonly el: Element,
  ) {}

  collect(): Promise<ObservationReport> {
    return settle(this.obs);
  }

  stop(): void {
    this.obs.stop();
  }

  /**
   * The trusted key lands wherever focus is when it is sent, so it must still be the element the gate
   * judged: a page could move focus (on the debugger infobar's resize, on a timer, in its keydown
   * handler) to a "Delete" button and turn a harmless Enter into a press of that button.
   */
  focusCheck(): Result<true> {
    const doc = this.el.ownerDocument;
    const view = doc.defaultView;
    if (!this.el.isConnected)
      return err('focus_moved', 'the element left the page before the trusted key; no key was sent');
    if (!focusIsOn(this.el, doc)) {
      const now = deepActiveElement(doc);
      // The tag only: ids and text are the page's own words.
      return err(
        'focus_moved',
        `focus moved off the element (to ${now ? `<${now.localName}>` : 'nothing'}) before the trusted key, so none was sent; re-read the tree`,
      );
    }
    if (view && view !== view.top && !doc.hasFocus())
      return err('focus_moved', 'focus left this frame before the trusted key, so none was sent; re-read the tree');
    return ok(true);
  }
}

/**
 * A token for one trusted retry of an unanswered key, or undefined when none is allowed: a widget
 * key that had no visible effect, the page must not have canceled it, we must not have performed its
 * default ourselves (a second, real default would repeat it), and focus must be on the target.
 */
export function offerTrustedKey(
  target: Element,
  doc: Document,
  synthetic: { chord: KeyChord; canceled: boolean; emulated: boolean; report: ObservationReport },
): string | undefined {
  const { chord, canceled, emulated, report } = synthetic;
  if (!WIDGET_KEYS.has(chord.key) || canceled || emulated || report.progress.length > 0 || report.changes.url)
    return undefined;
  if (!target.isConnected || !focusIsOn(target, doc)) return undefined;
  // The trusted key gets an observation of its own; the synthetic key's late evidence is done.
  cancelLate();
  return arm(new KeyFocusWatch(new Observation(doc, [target]), target), target);
}
