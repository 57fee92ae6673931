/**
 * Requests a tab has in flight, seen from the browser (a page-side observer cannot see requests that
 * have not finished, nor other frames'). Observe-only webRequest listeners, added for the length of
 * one wait and removed after, like the click veto's (actions/activity-watch.ts). Requests already in
 * flight when the watch starts are not seen; streams that never end (WebSocket, server-sent events)
 * are left out, or no page that holds one would ever be quiet.
 */

const NEVER_ENDING: ReadonlySet<string> = new Set(['websocket', 'webtransport', 'ping', 'csp_report']);

export interface InflightWatch {
  /** Requests started and not yet finished. */
  pending(): number;
  /** Time (ms epoch) of the last request start or end. */
  lastChange(): number;
  /** A few pending requests as origin + path (no query: it may carry tokens). */
  sample(): string[];
  stop(): void;
}

function brief(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`.slice(0, 120);
  } catch {
    return url.slice(0, 60);
  }
}

export function watchInflight(tabId: number): InflightWatch {
  const open = new Map<string, string>();
  let changed = Date.now();
  const available = typeof chrome !== 'undefined' && !!chrome.webRequest;
  const onStart = (d: chrome.webRequest.OnBeforeRequestDetails): undefined => {
    if (NEVER_ENDING.has(d.type)) return undefined;
    open.set(d.requestId, d.url);
    changed = Date.now();
    return undefined;
  };
  const onEnd = (d: { requestId: string }): void => {
    if (open.delete(d.requestId)) changed = Date.now();
  };
  const filter = { urls: ['<all_urls>'], tabId };
  if (available) {
    chrome.webRequest.onBeforeRequest.addListener(onStart, filter);
    chrome.webRequest.onCompleted.addListener(onEnd, filter);
    chrome.webRequest.onErrorOccurred.addListener(onEnd, filter);
  }
  return {
    pending: () => open.size,
    lastChange: () => changed,
    sample: () => [...open.values()].slice(0, 3).map(brief),
    stop() {
      if (!available) return;
      chrome.webRequest.onBeforeRequest.removeListener(onStart);
      chrome.webRequest.onCompleted.removeListener(onEnd);
      chrome.webRequest.onErrorOccurred.removeListener(onEnd);
    },
  };
}
