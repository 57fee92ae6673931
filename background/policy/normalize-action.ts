/**
 * The one normalizer before the gate (issue 24 item 1): a call's arguments are rewritten once into
 * the exact action that will be dispatched, and both the approval gate and the tool receive that
 * rewritten call (agent/tool-exec.ts), never the raw arguments. press_key's key becomes its
 * canonical chord ("Enter\t", " return", "ctrl + enter" → "Enter", "Enter", "Control+Enter"),
 * parsed by the same function the page dispatches with (src/key-chord.ts). select_option's option
 * is resolved by the page with the dispatcher's own rule (src/option-pick.ts) when the gate asks it.
 */
import { describeChord, parseChord } from '../../src/key-chord';
import { isRecord } from '../../src/result';

/** press_key's canonical chord; other calls, and keys that are not keys (the page refuses them), unchanged. */
export function normalizeAction(name: string, args: unknown): unknown {
  if (name !== 'press_key' || !isRecord(args) || typeof args.key !== 'string') return args;
  const chord = parseChord(args.key);
  return chord ? { ...args, key: describeChord(chord) } : args;
}
