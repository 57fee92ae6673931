/**
 * handle_dialog answers the JS dialog (alert, confirm, prompt, beforeunload) that blocks the tab,
 * through CDP `Page.handleJavaScriptDialog` on the session the dialog watcher holds while the dialog
 * is open (cdp/dialogs.ts, armed around every page action). Accepting a hard-to-undo confirm/prompt or a beforeunload asks the user
 * first (policy/dialog-approval.ts), like a click on such a button. Chrome only: the Firefox build
 * has no debugger, so its page calls time out naming a dialog as a possible cause instead.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { quotePageText } from '../../shared/fence';
import { send } from '../cdp/cdp-client';
import { describeDialog, knownDialog, type OpenDialog } from '../cdp/dialogs';
import { dialogNeedsApproval } from '../policy/dialog-approval';
import { originOf } from '../policy/trusted-sites';
import { defineTool } from './define-tool';

async function tabOrigin(tabId: number): Promise<string> {
  try {
    return originOf((await chrome.tabs.get(tabId)).url);
  } catch {
    return 'unknown';
  }
}

function approvalText(d: OpenDialog): string {
  const verb =
    d.type === 'beforeunload'
      ? 'Leave the page (accept its "leave this page?" dialog)'
      : `Accept the page's ${d.type}() dialog`;
  return d.message ? `${verb} ${quotePageText(d.message, 200)}` : verb;
}

export const handleDialog = defineTool({
  name: 'handle_dialog',
  family: 'input',
  description:
    'Answers the JavaScript dialog (alert, confirm, prompt, or the "leave this page?" beforeunload dialog) that is open on the tab and blocks it: accept:true presses OK/Leave, accept:false presses Cancel/Stay; promptText is the answer typed into a prompt(). An action that opens a dialog returns {dialog:{type,message,defaultValue?}}, and page calls made while one is open fail with dialog_open. Accepting a confirm that deletes, pays, sends or loses work asks the user first. Chrome only.',
  schema: z.strictObject({
    accept: z.boolean().describe('true: OK / Leave; false: Cancel / Stay'),
    promptText: z
      .string()
      .max(2000)
      .optional()
      .describe("for a prompt(): the text to answer with (default: the prompt's default value)"),
  }),
  modes: ['act', 'dev'],
  readOnly: false,
  browsers: ['chrome'],
  async handler(args, ctx) {
    const dialog = knownDialog(ctx.tabId);
    if (!dialog)
      return err(
        'no_dialog',
        'no JavaScript dialog is open on this tab, so there is nothing to answer; re-read the page.',
      );
    const why = dialogNeedsApproval(dialog, args.accept);
    if (why && ctx.approvals) {
      const approved = await ctx.approvals.approveDialog(approvalText(dialog), why, await tabOrigin(ctx.tabId));
      if (!approved.ok) return approved;
    }
    const promptText =
      dialog.type === 'prompt' && args.accept ? (args.promptText ?? dialog.defaultValue ?? '') : undefined;
    const answered = await send(ctx.tabId, 'Page.handleJavaScriptDialog', {
      accept: args.accept,
      ...(promptText !== undefined ? { promptText } : {}),
    });
    if (!answered.ok) return answered;
    return ok({
      answered: dialog,
      accepted: args.accept,
      ...(promptText !== undefined ? { promptText } : {}),
      hint: 'the dialog is closed; re-read the page to see how the app reacted',
    });
  },
});

/** What an action returns when a dialog opened while it ran. */
function dialogResult(dialog: OpenDialog): Result<unknown> {
  return ok({
    success: true,
    dialog,
    note: `${describeDialog(dialog)}; it opened while this action ran (if it was already open, the action was not done). The page is blocked until it is answered: call handle_dialog {accept: true|false}${dialog.type === 'prompt' ? ' with promptText' : ''}.`,
  });
}

/** How often a running action looks whether a dialog opened. */
const DIALOG_POLL_MS = 200;

/**
 * Runs an action so that it returns as soon as a JS dialog opens on its tab, with the dialog as its
 * result (a "Delete" button's confirm(), a navigation's "leave this page?"): the action's own wait
 * (a page reply, a page load) is abandoned, its deadline still ends it. Reads, and a dialog known
 * before the call, keep the `dialog_open` error (the page did nothing).
 */
export function untilDialog(
  run: Promise<Result<unknown>>,
  tabId: number,
  readOnly: boolean,
  knownBefore: boolean,
): Promise<Result<unknown>> {
  if (readOnly || knownBefore) return run;
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const dialog = knownDialog(tabId);
      if (!dialog) return;
      clearInterval(timer);
      resolve(dialogResult(dialog));
    }, DIALOG_POLL_MS);
    run.then(
      (r) => {
        clearInterval(timer);
        const dialog = knownDialog(tabId);
        resolve(!r.ok && r.error.code === 'dialog_open' && dialog ? dialogResult(dialog) : r);
      },
      (e: unknown) => {
        clearInterval(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
