/**
 * What a history step (go_back) would land on, looked up before moving (issue 24 item 3). An
 * extension cannot read a tab's session history; the page's Navigation API can, for the entries of
 * its own origin only: `navigation.entries()` lists the contiguous same-origin entries around the
 * current one (https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-navigation-entries).
 * So the entry one step away is either listed (its URL is known and same-origin), or it exists but
 * is another origin's (its URL is not visible before going there), or there is none.
 * Where the API is missing (older Firefox) or the page runs no script (an error page, a PDF), the
 * entry counts as another origin's: the step asks. What actually commits is judged again after.
 */
import { z } from 'zod';
import { withTimeout } from '../frames/inventory';

export type HistoryPeek = { kind: 'none' } | { kind: 'known'; url: string } | { kind: 'elsewhere' };

const PEEK_TIMEOUT_MS = 2000;

const PeekSchema = z.object({ api: z.boolean(), can: z.boolean(), url: z.string().nullable() });

/** The slice of the Navigation API used here (not in this TypeScript's DOM lib yet). */
interface NavigationLike {
  currentEntry: { index: number } | null;
  canGoBack: boolean;
  canGoForward: boolean;
  entries(): { index: number; url: string | null }[];
}

/** Runs in the page (isolated world): serialisable in, serialisable out. */
function peekInPage(delta: number): { api: boolean; can: boolean; url: string | null } {
  const nav = (globalThis as { navigation?: NavigationLike }).navigation;
  if (!nav?.currentEntry) return { api: false, can: true, url: null };
  const here = nav.currentEntry.index;
  const entry = nav.entries().find((e) => e.index === here + delta);
  return { api: true, can: delta < 0 ? nav.canGoBack : nav.canGoForward, url: entry?.url ?? null };
}

/** Pure: the verdict from what the page answered (null: it did not answer). */
export function peekFrom(answer: unknown): HistoryPeek {
  const parsed = PeekSchema.safeParse(answer);
  if (!parsed.success || !parsed.data.api) return { kind: 'elsewhere' };
  if (!parsed.data.can) return { kind: 'none' };
  return parsed.data.url ? { kind: 'known', url: parsed.data.url } : { kind: 'elsewhere' };
}

/** The entry `delta` steps away in the tab's top document's history. */
export async function peekHistory(tabId: number, delta: -1 | 1): Promise<HistoryPeek> {
  const run = chrome.scripting
    .executeScript({ target: { tabId, frameIds: [0] }, func: peekInPage, args: [delta] })
    .then((r) => r[0]?.result ?? null);
  return peekFrom(await withTimeout<unknown>(run, PEEK_TIMEOUT_MS, () => null));
}
