/**
 * The JS dialog watcher (alert, confirm, prompt, beforeunload). A dialog blocks its page's script:
 * messages to the page wait in a queue until someone answers it, so a page call that stalls may be
 * behind a dialog. The bridge (content-bridge.ts) asks `probeDialog` after a short stall; the probe
 * attaches the debugger and enables the Page domain, which reports a dialog that is already showing
 * with `Page.javascriptDialogOpening` (measured in tests/e2e/dialogs.e2e.ts). While a dialog is open
 * the session stays attached, so `handle_dialog` can answer it (`Page.handleJavaScriptDialog`) and a
 * dialog the user answers is seen closing (`Page.javascriptDialogClosed`); then it detaches.
 *
 * The Firefox build has no `chrome.debugger`: the probe finds nothing there and the bridge's
 * deadline names a dialog as a possible cause (docs/dialogs-and-deadlines.md).
 */
import { z } from 'zod';
import { ok } from '../../src/result';
import { sleep, withTimeout } from '../../src/timeout';
import { DETACHED_EVENT, on, withSession } from './cdp-client';

export interface OpenDialog {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  /** A prompt()'s default answer. */
  defaultValue?: string;
}

const DialogOpeningSchema = z.object({
  type: z.enum(['alert', 'confirm', 'prompt', 'beforeunload']),
  message: z.string(),
  defaultPrompt: z.string().optional(),
});

/** How long the probe waits for the re-reported dialog after Page.enable answers. */
const REPORT_MS = 250;
/** Page.enable's own deadline inside the probe (shorter than a command's default). */
const ENABLE_MS = 1_500;
/** How long a session stays attached for one open dialog before it lets go. */
const HOLD_MS = 120_000;

const open = new Map<number, OpenDialog>();
const probes = new Map<number, Promise<OpenDialog | null>>();

/** The dialog known to be open on the tab (seen by a probe whose session is still attached). */
export function knownDialog(tabId: number): OpenDialog | undefined {
  return open.get(tabId);
}

function parseOpening(params: unknown): OpenDialog | null {
  const p = DialogOpeningSchema.safeParse(params);
  if (!p.success) return null;
  const { type, message, defaultPrompt } = p.data;
  return type === 'prompt' ? { type, message, defaultValue: defaultPrompt ?? '' } : { type, message };
}

/**
 * Whether a JS dialog is open on the tab: the dialog, or null (none, or no debugger: Firefox, a
 * tab DevTools owns). Concurrent probes of one tab share one session.
 */
export function probeDialog(tabId: number): Promise<OpenDialog | null> {
  const known = open.get(tabId);
  if (known) return Promise.resolve(known);
  const pending = probes.get(tabId);
  if (pending) return pending;
  const probe = new Promise<OpenDialog | null>((resolve) => {
    void watch(tabId, resolve).then(() => resolve(null));
  }).finally(() => probes.delete(tabId));
  probes.set(tabId, probe);
  return probe;
}

/** Attaches, reports the open dialog (or null) through `report`, and holds the session while it is open. */
async function watch(tabId: number, report: (d: OpenDialog | null) => void): Promise<void> {
  let closed = (): void => undefined;
  const gone = new Promise<void>((r) => (closed = r));
  const offs = [
    on(tabId, 'Page.javascriptDialogOpening', (params) => {
      const d = parseOpening(params);
      if (!d) return;
      open.set(tabId, d);
      report(d);
    }),
    on(tabId, 'Page.javascriptDialogClosed', () => {
      open.delete(tabId);
      closed();
    }),
    on(tabId, DETACHED_EVENT, () => {
      open.delete(tabId);
      closed();
    }),
  ];
  try {
    await withSession(tabId, async ({ send }) => {
      await send(tabId, 'Page.enable', {}, ENABLE_MS);
      if (!open.has(tabId)) await sleep(REPORT_MS);
      if (!open.has(tabId)) {
        report(null);
        return ok(true);
      }
      await withTimeout(gone, HOLD_MS, () => undefined);
      return ok(true);
    });
  } finally {
    for (const off of offs) off();
    open.delete(tabId);
  }
}

/** How a dialog reads in errors and notes: `a confirm() dialog is open on this tab: "Delete draft?"`. */
export function describeDialog(d: OpenDialog): string {
  const what = d.type === 'beforeunload' ? 'a "leave this page?" (beforeunload) dialog' : `a ${d.type}() dialog`;
  const text = d.message ? `: ${JSON.stringify(d.message.slice(0, 300))}` : '';
  return `${what} is open on this tab${text}`;
}
