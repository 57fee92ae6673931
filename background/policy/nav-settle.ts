/**
 * The agent's next call waits for the navigation guard (navigation-guard.ts) to finish taking a tab
 * back. The guard hears a blocked load (webNavigation.onErrorOccurred) and restores the tab
 * asynchronously; a load can also start after the action that caused it returned: Chrome stops a
 * same-origin `<a download>` whose response redirects to another origin (download interrupt reason
 * SERVER_CROSS_ORIGIN_REDIRECT) and loads the redirect's target in the tab instead, as a navigation
 * the page initiated, hundreds of milliseconds after the click on a loaded machine. Without this wait the next call met the error
 * page, whose URL is the other origin's: the gate asked to act "on" that site and the guard's note
 * came too late for any result (red-team `reads-download-cross-origin` in a full run).
 *
 * A blocked load is only visible once it has failed, and on a loaded machine the same-origin hop and
 * the refused redirect take long enough that it failed between this wait's check and the gate's
 * look at the tab (the gate then asked to act on the other site, on Chrome's error page). So a
 * top-frame load the page started (webNavigation.onBeforeNavigate, not one a tool drives) and that
 * has neither committed nor failed is waited for too; one that outlives the cap is waited for once.
 *
 * Pure over its inputs (the work and the frame check are passed in), so it is unit-tested.
 */
import { monotonicMs, sleep } from '../../shared/timeout';

/** Guard work under way per tab (a blocked load's restore, a commit being judged). */
const pending = new Map<number, Set<Promise<unknown>>>();

/** Records guard work on `tabId` until it settles. */
export function trackGuardWork(tabId: number, work: Promise<unknown>): void {
  const set = pending.get(tabId) ?? new Set<Promise<unknown>>();
  pending.set(tabId, set);
  set.add(work);
  void work.finally(() => {
    set.delete(work);
    if (set.size === 0 && pending.get(tabId) === set) pending.delete(tabId);
  });
}

export function guardBusy(tabId: number): boolean {
  return (pending.get(tabId)?.size ?? 0) > 0;
}

/** Top-frame loads the page started that have not committed or failed yet: per tab, when each began. */
const loading = new Map<number, number>();

/** A page-started top-frame load began in the tab (webNavigation.onBeforeNavigate, frame 0). */
export function noteTopLoad(tabId: number, at = Date.now()): void {
  loading.set(tabId, at);
}

/** The tab's top-frame load committed or failed (after the guard tracked its own work for it). */
export function endTopLoad(tabId: number): void {
  loading.delete(tabId);
}

/** Per tab, the start of a load a wait already ran out on: a hanging load costs one wait, not one per call. */
const gaveUpLoad = new Map<number, number>();

/** Per tab, the blocked URL a wait already ran out on: a tab the guard cannot take back costs one wait, not one per call. */
const gaveUp = new Map<number, string>();

const SETTLE_CAP_MS = 3000;
const POLL_MS = 50;

/**
 * Resolves once no guard work is under way on the tab and `blockedUrl` (the error page of a load the
 * guard refused, null when the tab shows none) is gone, or after `capMs`. Cheap when nothing is
 * pending: one frame check.
 */
export async function settleTab(
  tabId: number,
  blockedUrl: (tabId: number) => Promise<string | null>,
  signal?: AbortSignal,
  capMs = SETTLE_CAP_MS,
): Promise<void> {
  const until = monotonicMs() + capMs;
  for (;;) {
    const work = pending.get(tabId);
    if (work && work.size > 0) {
      const left = until - monotonicMs();
      if (left <= 0 || signal?.aborted) return;
      await Promise.race([Promise.allSettled([...work]), sleep(left, signal)]);
      continue;
    }
    const since = loading.get(tabId);
    if (since !== undefined && gaveUpLoad.get(tabId) !== since) {
      if (monotonicMs() >= until || signal?.aborted) {
        gaveUpLoad.set(tabId, since);
        return;
      }
      if (!(await sleep(POLL_MS, signal))) return;
      continue;
    }
    const url = await blockedUrl(tabId);
    if (url === null || gaveUp.get(tabId) === url) {
      if (url === null) gaveUp.delete(tabId);
      return;
    }
    if (monotonicMs() >= until || signal?.aborted) {
      gaveUp.set(tabId, url);
      return;
    }
    if (!(await sleep(POLL_MS, signal))) return;
  }
}

/** Forget a closed tab. */
export function forgetSettle(tabId: number): void {
  pending.delete(tabId);
  gaveUp.delete(tabId);
  loading.delete(tabId);
  gaveUpLoad.delete(tabId);
}
