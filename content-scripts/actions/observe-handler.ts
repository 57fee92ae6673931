/**
 * The worker's half of the CDP handshake: after its trusted input, it collects the observation the
 * page armed before (or cancels it when the retry was vetoed).
 */
import { ObserveArgsSchema, parseArgs } from '../../src/tools/actions';
import { err, ok, type Result } from '../../src/result';
import type { ContentHandler } from '../handlers/types';
import { takeArmed } from './observe';

export async function collectObservation(raw: unknown): Promise<Result<unknown>> {
  const args = parseArgs('action_observe', ObserveArgsSchema, raw);
  if (!args.ok) return args;
  const obs = takeArmed(args.data.token);
  if (!obs)
    return err('observation_expired', 'the page lost the observation for this action (it reloaded or navigated)');
  if (args.data.action === 'cancel') {
    obs.stop();
    return ok(null);
  }
  return ok(await obs.collect());
}

export const observeHandler: ContentHandler = { name: 'action_observe', run: (raw) => collectObservation(raw) };
