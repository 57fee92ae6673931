/**
 * The one normalizer before the gate (issue 24 item 1): a call's arguments are rewritten once into
 * the exact action that will be dispatched, and both the approval gate and the tool receive that
 * rewritten call (loop/tool-exec.ts), never the raw arguments. press_key's key becomes its
 * canonical chord ("Enter\t", " return", "ctrl + enter" → "Enter", "Enter", "Control+Enter"),
 * parsed by the same function the page dispatches with (shared/key-chord.ts). select_option's option
 * is resolved by the page with the dispatcher's own rule (shared/option-pick.ts) when the gate asks it.
 * click_ax's press (issue 25) loses its defaults (left button, one click, no modifiers) and keeps its
 * modifiers once each in the canonical order, so the gate's "a right-click activates nothing" and
 * "a double-click is a click" are decided on the press the page makes.
 */
import {
  canonicalModifiers,
  describeChord,
  MODIFIER_NAMES,
  parseChord,
  type ModifierName,
} from '../../shared/key-chord';
import { isRecord } from '../../shared/result';

function isModifier(v: unknown): v is ModifierName {
  return MODIFIER_NAMES.some((m) => m === v);
}

/** click_ax's press without its defaults; arguments the schema would refuse are left for it to refuse. */
function normalizeClick(args: Record<string, unknown>): Record<string, unknown> {
  const out = { ...args };
  if (out.button === 'left') delete out.button;
  if (out.clickCount === 1) delete out.clickCount;
  const mods = out.modifiers;
  if (Array.isArray(mods) && mods.every(isModifier)) {
    const canonical = canonicalModifiers(mods);
    if (canonical.length === 0) delete out.modifiers;
    else out.modifiers = canonical;
  }
  return out;
}

/** press_key's canonical chord and click_ax's canonical press; other calls, and keys that are not keys (the page refuses them), unchanged. */
export function normalizeAction(name: string, args: unknown): unknown {
  if (name === 'click_ax' && isRecord(args)) return normalizeClick(args);
  if (name !== 'press_key' || !isRecord(args) || typeof args.key !== 'string') return args;
  const chord = parseChord(args.key);
  return chord ? { ...args, key: describeChord(chord) } : args;
}
