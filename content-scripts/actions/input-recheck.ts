/**
 * `input_recheck`: the page's last word before the worker sends trusted input (issue 10, item 8).
 * Classification happened earlier (the synthetic attempt, the veto); attaching the debugger shows an
 * infobar that resizes the viewport, and a page can use that `resize` (or a timer, or the trusted
 * mousemove) to slide another element or a cross-origin frame under the point, or to move focus to
 * another field. So the worker asks again, after attaching and once more right before the press: the
 * click point must hit-test to the very target, and focus must still be on the field being typed into.
 */
import type { InputRecheckArgs, InputRecheckReply } from '../../shared/tools/actions';
import { err, ok, type Result } from '../../shared/result';
import { peekArmed } from './observe';
import { deepElementFromPoint, flatContains, hittablePoint } from './pointer';
import { TrustedReadback } from './type-trusted';
import { KeyFocusWatch } from './press-key-trusted';

/** Lets the page run its resize handlers and lay out: two animation frames, capped for hidden tabs. */
function settleLayout(doc: Document): Promise<void> {
  const view = doc.defaultView;
  return new Promise((resolve) => {
    const cap = setTimeout(resolve, 150);
    if (!view) return;
    view.requestAnimationFrame(() =>
      view.requestAnimationFrame(() => {
        clearTimeout(cap);
        resolve();
      }),
    );
  });
}

/** The tag only: the cover's text is the page's and may be written for the model (issue 10, item 2). */
function describeHit(el: Element | null): string {
  if (!el) return 'nothing';
  return el.localName === 'iframe' || el.localName === 'frame'
    ? 'a frame (<iframe>)'
    : `another element (<${el.localName}>)`;
}

export async function inputRecheck(args: InputRecheckArgs, doc: Document): Promise<Result<InputRecheckReply>> {
  const entry = peekArmed(args.token);
  if (!entry)
    return err('observation_expired', 'the page lost the armed action (it reloaded or navigated); re-read the tree');
  if (args.settle) await settleLayout(doc);
  if (entry.watch instanceof TrustedReadback || entry.watch instanceof KeyFocusWatch) {
    const focus = entry.watch.focusCheck();
    return focus.ok ? ok({}) : focus;
  }
  const target = entry.target;
  if (!target || !target.isConnected)
    return err('target_gone', 'the element left the page before the trusted click; nothing was clicked');
  if (args.x !== undefined && args.y !== undefined) {
    const hit = deepElementFromPoint(doc, args.x, args.y);
    if (flatContains(target, hit)) return ok({ x: args.x, y: args.y });
    return err(
      'target_covered',
      `at the click point there is now ${describeHit(hit)} instead of the target, so no trusted click was sent`,
    );
  }
  // Re-measured: a legitimate reflow (the viewport shrank) may have moved the target; any point
  // still works as long as the hit test there lands on the target itself.
  const p = hittablePoint(target);
  if (p) return ok(p);
  const r = target.getBoundingClientRect();
  const hit = deepElementFromPoint(doc, r.left + r.width / 2, r.top + r.height / 2);
  return err(
    'target_covered',
    `the target is now covered by ${describeHit(hit)} (it moved there after the debugger attached), so no trusted click was sent`,
  );
}
