/**
 * Which tabs show a PDF. Chrome's viewer is an extension frame where content scripts do not run, so
 * the page scripts cannot tell; the worker can, three ways, cheapest first:
 *  1. the main-frame response of the tab's current URL said `Content-Type: application/pdf`
 *     (webRequest, recorded here for every tab and kept in chrome.storage.session);
 *  2. the URL's path ends in `.pdf`;
 *  3. (only when the page scripts do not answer) a HEAD request for the URL says application/pdf
 *     (`probePdf`), for a PDF that loaded before the worker saw its response.
 */

/**
 * tabId → the URL of its last main-frame response and whether it was a PDF (null: none seen and
 * none stored, so ordinary tabs cost no storage read). Only PDF records are stored.
 */
interface Seen {
  url: string;
  pdf: boolean;
}
const memory = new Map<number, Seen | null>();
const storageKey = (tabId: number): string => `wb.pdfTab.${tabId}`;

/** The URL without its fragment: `#page=3` moves in the same document. */
export function documentUrl(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

function isPdfType(value: string | undefined): boolean {
  return /^\s*application\/(x-)?pdf\s*(;|$)/i.test(value ?? '');
}

function hasPdfPath(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'file:') && /\.pdf$/i.test(u.pathname);
  } catch {
    return false;
  }
}

async function recorded(tabId: number): Promise<Seen | null> {
  if (memory.has(tabId)) return memory.get(tabId) ?? null;
  try {
    const key = storageKey(tabId);
    const stored: unknown = (await chrome.storage.session.get(key))[key];
    // A response recorded while storage was read wins over what storage held.
    if (!memory.has(tabId)) memory.set(tabId, typeof stored === 'string' ? { url: stored, pdf: true } : null);
    return memory.get(tabId) ?? null;
  } catch {
    return null;
  }
}

async function record(tabId: number, seen: Seen): Promise<void> {
  const had = memory.get(tabId);
  memory.set(tabId, seen);
  // Not a PDF before and after: nothing stored to remove (most navigations).
  if (!seen.pdf && (had === null || had?.pdf === false)) return;
  try {
    if (!seen.pdf) await chrome.storage.session.remove(storageKey(tabId));
    else await chrome.storage.session.set({ [storageKey(tabId)]: seen.url });
  } catch {
    // Memory still holds it; the .pdf suffix and the HEAD probe cover a restart.
  }
}

async function tabUrl(tabId: number): Promise<string | undefined> {
  try {
    return (await chrome.tabs.get(tabId)).url;
  } catch {
    return undefined;
  }
}

/** The PDF URL the tab shows, or null when it shows something else (by the webRequest record or the path). */
export async function pdfUrlOf(tabId: number): Promise<string | null> {
  const url = await tabUrl(tabId);
  if (url === undefined) return null;
  const seen = await recorded(tabId);
  // The response of this very document decides; the path is the guess for a tab never seen loading.
  if (seen?.url === documentUrl(url)) return seen.pdf ? url : null;
  return hasPdfPath(url) ? url : null;
}

/**
 * Asks the server whether the tab's URL is a PDF (for a page whose scripts did not answer). Never for
 * a document whose load failed: an error page (a load the navigation guard blocked) shows a URL the
 * browser never fetched, and a credentialed HEAD to it would send what the block held back
 * (issue 24 item 7, red-team case `nav-pdf-error-page`).
 */
export async function probePdf(tabId: number): Promise<string | null> {
  const url = await tabUrl(tabId);
  if (url === undefined || !/^https?:/i.test(url)) return null;
  if ((await recorded(tabId))?.url === documentUrl(url)) return null;
  try {
    const res = await fetch(url, { method: 'HEAD', credentials: 'include', signal: AbortSignal.timeout(5_000) });
    if (!isPdfType(res.headers.get('content-type') ?? undefined)) return null;
    await record(tabId, { url: documentUrl(url), pdf: true });
    return url;
  } catch {
    return null;
  }
}

// Registered at module load (top level of the worker's import graph), as MV3 requires for listeners.
if (typeof chrome !== 'undefined' && chrome.webRequest?.onHeadersReceived) {
  chrome.webRequest.onHeadersReceived.addListener(
    (d) => {
      if (d.tabId < 0 || d.frameId !== 0) return undefined;
      const type = d.responseHeaders?.find((h) => h.name.toLowerCase() === 'content-type')?.value;
      // Every main-frame response updates the record, so a tab that leaves the PDF forgets it.
      void record(d.tabId, { url: documentUrl(d.url), pdf: isPdfType(type) });
      return undefined;
    },
    { urls: ['<all_urls>'], types: ['main_frame'] },
    ['responseHeaders'],
  );
  // A main-frame load that failed (blocked by the navigation guard, offline) committed an error page
  // under its URL: the tab shows no PDF, whatever the path says, and nothing may fetch that URL.
  chrome.webNavigation?.onErrorOccurred.addListener((d) => {
    if (d.frameId === 0 && d.tabId >= 0) void record(d.tabId, { url: documentUrl(d.url), pdf: false });
  });
  chrome.tabs.onRemoved.addListener((tabId) => {
    memory.delete(tabId);
    void chrome.storage.session.remove(storageKey(tabId)).catch(() => undefined);
  });
}
