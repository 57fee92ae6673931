/**
 * The worker's half of the CDP handshake: after its trusted input, it collects the observation the
 * page armed before (or cancels it when the retry was vetoed).
 */
import type { ObserveArgs } from '../../shared/tools/actions';
import { err, ok, type Result } from '../../shared/result';
import { takeArmed } from './observe';
import { cancelLate, collectLate, LATE_TOKEN } from './late-evidence';

export async function collectObservation(args: ObserveArgs): Promise<Result<unknown>> {
  if (args.token === LATE_TOKEN) {
    if (args.action === 'cancel') {
      cancelLate();
      return ok(null);
    }
    return ok(await collectLate());
  }
  const obs = takeArmed(args.token);
  if (!obs)
    return err('observation_expired', 'the page lost the observation for this action (it reloaded or navigated)');
  if (args.action === 'cancel') {
    obs.stop();
    return ok(null);
  }
  return ok(await obs.collect());
}
