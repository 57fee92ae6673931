import { isRecord } from '../../src/result';

/** What the page says about the element an action would touch (see inspect-element.ts). */
export interface ElementFacts {
  tag: string;
  role: string;
  /** Visible label: aria-label, text, value or title, trimmed. */
  text: string;
  isSubmit: boolean;
  formHasPassword: boolean;
  formHasPayment: boolean;
}

/**
 * Buttons whose effect is hard to undo: money moves, messages go out, data is deleted. Matched on
 * the element's visible label, as a person reading the button would judge it.
 */
const HARD_TO_UNDO =
  /\b(buy|pay|purchase|checkout|check out|place (?:your |my )?order|order now|complete (?:order|purchase)|send|delete|transfer|wire|withdraw|donate|confirm (?:payment|purchase|order|transfer))\b/i;

const CLICK_TOOLS = /^(click|click_ax|iframe_click)$/;
const TYPE_TOOLS = /^(type_ax|focus_type|iframe_type)$/;

/** The ref an action names, whatever the tool calls its argument (ref_id, ref). */
export function refOf(args: unknown): string | null {
  if (!isRecord(args)) return null;
  for (const key of ['ref_id', 'ref']) {
    const v = args[key];
    if (typeof v === 'string' && v.length > 0) return v;
  }
  return null;
}

function quoted(facts: ElementFacts): string {
  return `${facts.role || facts.tag} "${facts.text.slice(0, 80)}"`;
}

/**
 * Decides whether an Act-mode action needs the user's approval first, and says what it would do
 * in words a person can check. Null when the action is routine.
 */
export function approvalReason(tool: string, args: unknown, facts: ElementFacts | null): string | null {
  if (!facts) return null;
  const sensitiveForm = facts.formHasPassword || facts.formHasPayment;
  const formKind = facts.formHasPayment ? 'payment' : 'password';
  if (CLICK_TOOLS.test(tool)) {
    if (HARD_TO_UNDO.test(facts.text)) return `Click ${quoted(facts)}`;
    if (facts.isSubmit && sensitiveForm) return `Submit a form with ${formKind} fields by clicking ${quoted(facts)}`;
    return null;
  }
  const submits = isRecord(args) && args.submit === true;
  if (TYPE_TOOLS.test(tool) && submits && sensitiveForm)
    return `Type into ${quoted(facts)} and submit its form, which has ${formKind} fields`;
  const enter = isRecord(args) && typeof args.key === 'string' && /^enter$/i.test(args.key);
  if (tool === 'press_key' && enter && sensitiveForm)
    return `Press Enter in ${quoted(facts)}, submitting a form with ${formKind} fields`;
  return null;
}
