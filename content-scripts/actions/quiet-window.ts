/**
 * When an action's observation may end (issue 25, issue 26): as soon as the page is quiet, and no
 * later than 2 s while things keep happening. A click that changes nothing on a settled page then
 * costs a few tens of milliseconds instead of a fixed 400 ms window, and a toast that a slow handler
 * shows at 750 ms is still seen because each change extends the window.
 *
 * "Quiet" means no DOM activity for `quietMs`. Activity is what a handler's result looks like (nodes
 * added or removed, text, attributes other than `style`); a JS-driven animation rewrites `style` every
 * frame and would otherwise hold every window open to the cap. Requests in flight are the worker's
 * concern (it sees them through `chrome.webRequest`; background/tools/actions/action-evidence.ts): it
 * waits for them and then collects the page's late findings.
 *
 * Pure: the caller feeds the clock and the activity, so the rule is unit-tested without a page.
 */

export interface QuietRule {
  /** Never end before this: handlers that render in the next frame or a microtask later (React, Vue). */
  minMs: number;
  /** End once nothing happened for this long. */
  quietMs: number;
  /** End at this point whatever happens (issue 25: what appears within 2 s). */
  maxMs: number;
  /**
   * Never quiet before the page has rendered this many frames since the action, unless `frameWaitMs`
   * passed first. IntersectionObserver and ResizeObserver callbacks run in a frame's "update the
   * rendering" steps (HTML §8.1.7.3), so an infinite feed starts its next fetch only then; on a loaded
   * machine that frame can come after a quiet settle measured in milliseconds alone.
   */
  minFrames: number;
  /** How long the window waits for those frames: a throttled frame (hidden, off-screen) never renders. */
  frameWaitMs: number;
}

export const ACTION_WINDOW: QuietRule = { minMs: 24, quietMs: 32, maxMs: 2000, minFrames: 2, frameWaitMs: 300 };

/**
 * The window before a trusted CDP retry is even considered: the retry clicks a second time, so the
 * first click's handler gets the full old window (80 + 320 ms) to show a result, however quiet the
 * page looks (a `setTimeout(…, 200)` handler changes nothing until it runs).
 */
export const BEFORE_RETRY_MS = 400;

/** How often the window looks at the clock: a timer step, not a busy loop. */
export const STEP_MS = 8;

export interface WindowState {
  /** When the action was done (ms, any monotonic clock). */
  startedAt: number;
  /** The latest activity seen, or `startedAt` when none. */
  lastActivityAt: number;
  now: number;
  /** The page began unloading (a navigation): waiting longer shows nothing more. */
  navigating: boolean;
  /** Frames rendered since the action; absent where the document renders none (hidden, no rAF). */
  frames?: number;
}

export type WindowVerdict = 'wait' | 'quiet' | 'cap' | 'navigating';

export function windowVerdict(s: WindowState, rule: QuietRule = ACTION_WINDOW): WindowVerdict {
  if (s.navigating) return 'navigating';
  const elapsed = s.now - s.startedAt;
  if (elapsed >= rule.maxMs) return 'cap';
  if (elapsed < rule.minMs) return 'wait';
  if (s.frames !== undefined && s.frames < rule.minFrames && elapsed < rule.frameWaitMs) return 'wait';
  return s.now - s.lastActivityAt >= rule.quietMs ? 'quiet' : 'wait';
}

/** Mutation records that are activity: everything but `style` rewrites (animations, hover styling). */
export function isActivity(r: { type: string; attributeName?: string | null }): boolean {
  return !(r.type === 'attributes' && r.attributeName === 'style');
}
