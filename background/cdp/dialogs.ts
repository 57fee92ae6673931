/**
 * The JS dialog watcher (alert, confirm, prompt, beforeunload). A dialog blocks its page's script:
 * messages to the page wait in a queue until someone answers it. Chrome reports a dialog only to a
 * debugger session whose Page domain was enabled before it opened: a session attached later neither
 * hears `Page.javascriptDialogOpening` nor may answer it ("No dialog is showing"), and Page.enable
 * itself gets no reply while the page is blocked (measured in Chromium; tests/e2e/dialogs.e2e.ts).
 * So every page action is armed first (registry.ts): the session is attached with Page enabled for
 * the action, stays while a dialog it saw is open (so handle_dialog can answer it with
 * `Page.handleJavaScriptDialog` and a dialog the user answers is seen closing), and detaches a
 * moment after. Reads are not armed: they see a dialog an action opened (the watch is still held),
 * and otherwise end at the bridge's deadline.
 *
 * The Firefox build has no `chrome.debugger`: arming is a no-op there, and the bridge's deadline
 * names a dialog as a possible cause (docs/dialogs-and-deadlines.md).
 */
import { z } from 'zod';
import { HAS_CDP } from '../../src/browser-target';
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

/** Page.enable's deadline while arming: a page blocked already (busy, or a dialog) never answers it. */
const ENABLE_MS = 1_500;
/** The most an action waits for its watch to be armed (attach + Page.enable). */
const ARM_MS = 2_000;
/** How long the watch stays after its last action, for a dialog a page opens just after (a timer). */
const GRACE_MS = 1_000;
/** How long a session stays attached for one open dialog nobody answers. */
const HOLD_MS = 120_000;

const open = new Map<number, OpenDialog>();

interface Watch {
  holders: number;
  armed: Promise<void>;
  /** Wakes the watch to check whether it may end. */
  poke: () => void;
}
const watches = new Map<number, Watch>();

/** The dialog open on the tab, as seen by a watch that is still attached. */
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
 * Arms the tab's dialog watch for one action; call the returned function when the action is over.
 * Concurrent actions share one watch. Best effort: where the debugger cannot attach (Firefox,
 * DevTools open on the tab) the action runs unwatched.
 */
export async function armDialogWatch(tabId: number): Promise<() => void> {
  if (!HAS_CDP) return () => undefined;
  let w = watches.get(tabId);
  if (!w) w = startWatch(tabId);
  w.holders += 1;
  // Attaching has no deadline of its own: an action never waits more than ARM_MS for its watch.
  await withTimeout(w.armed, ARM_MS, () => undefined);
  const watch = w;
  return () => {
    watch.holders -= 1;
    watch.poke();
  };
}

function startWatch(tabId: number): Watch {
  let armedDone = (): void => undefined;
  let wake = (): void => undefined;
  const w: Watch = {
    holders: 0,
    armed: new Promise<void>((r) => (armedDone = r)),
    poke: () => wake(),
  };
  watches.set(tabId, w);
  let detached = false;
  const offs = [
    on(tabId, 'Page.javascriptDialogOpening', (params) => {
      const d = parseOpening(params);
      if (d) open.set(tabId, d);
    }),
    on(tabId, 'Page.javascriptDialogClosed', () => {
      open.delete(tabId);
      wake();
    }),
    on(tabId, DETACHED_EVENT, () => {
      detached = true;
      open.delete(tabId);
      wake();
    }),
  ];
  const idle = () => w.holders <= 0 && !open.has(tabId);
  void withSession(tabId, async ({ send }) => {
    await send(tabId, 'Page.enable', {}, ENABLE_MS);
    armedDone();
    const since = Date.now();
    while (!detached) {
      if (idle() && (await sleep(GRACE_MS)) && idle()) break;
      if (w.holders <= 0 && Date.now() - since > HOLD_MS) break;
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, GRACE_MS);
      });
    }
    return ok(true);
  }).finally(() => {
    for (const off of offs) off();
    open.delete(tabId);
    watches.delete(tabId);
    armedDone();
  });
  return w;
}

/** How a dialog reads in errors and notes: `a confirm() dialog is open on this tab: "Delete draft?"`. */
export function describeDialog(d: OpenDialog): string {
  const what = d.type === 'beforeunload' ? 'a "leave this page?" (beforeunload) dialog' : `a ${d.type}() dialog`;
  const text = d.message ? `: ${JSON.stringify(d.message.slice(0, 300))}` : '';
  return `${what} is open on this tab${text}`;
}
