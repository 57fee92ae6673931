/**
 * Which answers to a JS dialog need the user's yes. Accepting a confirm() is the page's own "are you
 * sure?" step for the control that opened it, so it is judged like a click on a button with the
 * dialog's text: the hard-to-undo vocabulary (policy/hard-to-undo.ts) decides, plus the words of
 * losing work that a dialog asks about and a button rarely names ("Leave without saving?",
 * "Discard changes?"). A beforeunload dialog always asks: leaving loses what the page has not saved,
 * and Chrome shows its own generic text, not the page's. Dismissing never asks (it is the safe
 * answer), nor does an alert (it has only OK).
 */
import { hardToUndo } from './hard-to-undo';
import type { OpenDialog } from '../cdp/dialogs';

/** Losing work: whole words, English only (the languages of hard-to-undo.ts cover the rest). */
const LOSES_WORK = /\b(?:leave|leaving|discard\w*|lose|losing|lost|unsaved|overwrit\w*|erase\w*|reset|wipe\w*)\b/i;

/** The reason accepting needs approval ("delete", "unsaved changes are lost"), or null when it does not. */
export function dialogNeedsApproval(dialog: OpenDialog, accept: boolean): string | null {
  if (!accept || dialog.type === 'alert') return null;
  if (dialog.type === 'beforeunload') return 'leaving the page loses what it has not saved';
  const word = hardToUndo(dialog.message)?.word ?? LOSES_WORK.exec(dialog.message)?.[0];
  return word ? `the dialog says "${word}"` : null;
}
