/**
 * User activation for the top document without an input event (issue 25): a script run over CDP with
 * `userGesture: true` makes Chrome treat the frame as activated by its user (HTML §6.4.3), and the
 * browser then clears the "skipped by Back" mark that Chrome's history manipulation intervention put
 * on the entries this document pushed without activation (https://crbug.com/907167). The script is
 * `void 0`: no page code runs and no event is dispatched.
 */
import { err, ok, type Result } from '../../shared/result';
import { withSession } from './cdp-client';

export async function grantTopActivation(tabId: number): Promise<Result<true>> {
  return withSession(tabId, async ({ send }) => {
    const r = await send(tabId, 'Runtime.evaluate', { expression: 'void 0', userGesture: true, silent: true });
    return r.ok ? ok(true) : err(r.error.code, r.error.message);
  });
}
