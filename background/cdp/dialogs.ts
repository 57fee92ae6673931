/**
 * The JS dialog watcher (alert, confirm, prompt, beforeunload). A dialog blocks its page's script:
 * messages to the page wait in a queue until someone answers it. Chrome reports a dialog only to a
 * debugger session whose Page domain was enabled before it opened: a session attached later neither
 * hears `Page.javascriptDialogOpening` nor may answer it ("No dialog is showing"), and Page.enable
 * itself gets no reply while the page is blocked (measured in Chromium; tests/e2e/dialogs.e2e.ts).
 * So every page action is armed first (registry.ts): the session is attached with Page enabled for
 * the action and stays while a dialog it saw is open (so handle_dialog can answer it with
 * `Page.handleJavaScriptDialog` and a dialog the user answers is seen closing). It also stays between
 * the task's actions (LINGER_MS) and detaches when the task ends (releaseDialogWatches): attaching
 * shows Chrome's "started debugging" bar, which resizes the viewport, and a bar that came and went
 * around every action would move the page under the agent at each step. Reads are not armed: they
 * see a dialog a watch still attached saw, and otherwise end at the bridge's deadline.
 *
 * The Firefox build has no `chrome.debugger`: arming is a no-op there, and the bridge's deadline
 * names a dialog as a possible cause (docs/dialogs-and-deadlines.md).
 */
import { z } from 'zod';
import { HAS_CDP } from '../../shared/browser-target';
import { ok } from '../../shared/result';
import { monotonicMs, withTimeout } from '../../shared/timeout';
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
/** How long the watch stays after its last action once the task ended, for a dialog a page opens just after. */
const GRACE_MS = 1_000;
/** How long an idle watch stays while its task may still act (a model step takes seconds). */
const LINGER_MS = 60_000;
/** How long a session stays attached for one open dialog nobody answers. */
const HOLD_MS = 120_000;

const open = new Map<number, OpenDialog>();

interface Watch {
  holders: number;
  /** The task that armed it ended: end soon once idle instead of lingering. */
  released: boolean;
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
  w.released = false;
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
    released: false,
    armed: new Promise<void>((r) => (armedDone = r)),
    poke: () => wake(),
  };
  watches.set(tabId, w);
  let detached = false;
  let openedAt = Number.NEGATIVE_INFINITY; // a dialog this watch did not see open is old enough
  const offs = [
    on(tabId, 'Page.javascriptDialogOpening', (params) => {
      const d = parseOpening(params);
      if (d) open.set(tabId, d);
      openedAt = monotonicMs();
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
    let idleSince = monotonicMs();
    while (!detached) {
      if (!idle()) idleSince = monotonicMs();
      else if (monotonicMs() - idleSince >= (w.released ? GRACE_MS : LINGER_MS)) break;
      if (w.holders <= 0 && open.has(tabId) && monotonicMs() - openedAt > HOLD_MS) break;
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

/** A task ended: its tabs' watches detach once idle (GRACE_MS) instead of lingering for more actions. */
export function releaseDialogWatches(tabIds: readonly number[]): void {
  for (const tabId of tabIds) {
    const w = watches.get(tabId);
    if (!w) continue;
    w.released = true;
    w.poke();
  }
}

/** How a dialog reads in errors and notes: `a confirm() dialog is open on this tab: "Delete draft?"`. */
export function describeDialog(d: OpenDialog): string {
  const what = d.type === 'beforeunload' ? 'a "leave this page?" (beforeunload) dialog' : `a ${d.type}() dialog`;
  const text = d.message ? `: ${JSON.stringify(d.message.slice(0, 300))}` : '';
  return `${what} is open on this tab${text}`;
}
