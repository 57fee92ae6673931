/**
 * What a history step (go_back) would land on, looked up before moving (issue 24 item 3). An
 * extension cannot read a tab's session history; the page's Navigation API can, for the entries of
 * its own origin only: `navigation.entries()` lists the contiguous same-origin entries around the
 * current one (https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-navigation-entries).
 * So the entry one step away is either listed (its URL is known and same-origin), or it is another
 * origin's (its URL is not visible before going there), or there is none (a tab with one entry).
 * `navigation.canGoBack` is no help: it counts the same-origin list only.
 * Where the API is missing (older Firefox) or the page runs no script (an error page, a PDF), the
 * entry counts as another origin's: the step asks. What actually commits is judged again after.
 */
import { z } from 'zod';
import { withTimeout } from '../../shared/timeout';

export type HistoryPeek = { kind: 'none' } | { kind: 'known'; url: string } | { kind: 'elsewhere' };

const PEEK_TIMEOUT_MS = 2000;

const PeekSchema = z.object({ api: z.boolean(), length: z.number(), url: z.string().nullable() });

/** The slice of the Navigation API used here (not in this TypeScript's DOM lib yet). */
interface NavigationLike {
  currentEntry: { index: number } | null;
  entries(): { index: number; url: string | null }[];
}

/** Runs in the page (isolated world): serialisable in, serialisable out. */
function peekInPage(delta: number): { api: boolean; length: number; url: string | null } {
  const nav = (globalThis as { navigation?: NavigationLike }).navigation;
  if (!nav?.currentEntry) return { api: false, length: history.length, url: null };
  const here = nav.currentEntry.index;
  const entry = nav.entries().find((e) => e.index === here + delta);
  return { api: true, length: history.length, url: entry?.url ?? null };
}

/** Pure: the verdict from what the page answered (null: it did not answer). */
export function peekFrom(answer: unknown): HistoryPeek {
  const parsed = PeekSchema.safeParse(answer);
  if (!parsed.success) return { kind: 'elsewhere' };
  if (parsed.data.length <= 1) return { kind: 'none' };
  return parsed.data.api && parsed.data.url ? { kind: 'known', url: parsed.data.url } : { kind: 'elsewhere' };
}

/** The entry `delta` steps away in the tab's top document's history. */
export async function peekHistory(tabId: number, delta: -1 | 1): Promise<HistoryPeek> {
  const run = chrome.scripting
    .executeScript({ target: { tabId, frameIds: [0] }, func: peekInPage, args: [delta] })
    .then((r) => r[0]?.result ?? null);
  return peekFrom(await withTimeout<unknown>(run, PEEK_TIMEOUT_MS, () => null));
}

/**
 * Steps back in the page itself (`history.back()`), so the entry reached is the one looked up. The
 * browser's own Back (chrome.tabs.goBack) skips entries the user never interacted with
 * (Chrome's history manipulation intervention, https://crbug.com/907167), which would land elsewhere.
 * Falls back to it where no script runs (an error page, a PDF viewer).
 */
export async function stepBack(tabId: number): Promise<void> {
  const inPage = chrome.scripting
    .executeScript({ target: { tabId, frameIds: [0] }, func: () => history.back() })
    .then(() => true);
  if (!(await withTimeout(inPage, PEEK_TIMEOUT_MS, () => false))) await chrome.tabs.goBack(tabId);
}
