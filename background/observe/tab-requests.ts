/**
 * One observe-only `chrome.webRequest` tap per tab, shared by everything that watches a tab's traffic:
 * the CDP click veto (a few hundred milliseconds around one click), the task's network log (the whole
 * task) and `watch` (its window). Listeners are added when a tab gets its first subscriber and removed
 * when it loses its last, so no tab is observed when nobody asked, and no traffic is ever blocked or
 * changed (no `blocking` in any extraInfoSpec).
 *
 * Subscribers receive raw URLs: internal logic (the retry veto, telemetry detection) needs them.
 * Whatever reports a URL sanitizes it first (src/url-sanitize.ts).
 */
import { errorMessage } from '../../src/result';

export type RequestEvent =
  | {
      kind: 'start';
      requestId: string;
      url: string;
      method: string;
      type: string;
      initiator?: string;
      frameId: number;
      timeStamp: number;
    }
  | {
      kind: 'headers';
      requestId: string;
      url: string;
      statusCode: number;
      responseHeaders?: chrome.webRequest.HttpHeader[];
      timeStamp: number;
    }
  | { kind: 'redirect'; requestId: string; redirectUrl: string; statusCode: number; timeStamp: number }
  | { kind: 'done'; requestId: string; statusCode: number; fromCache: boolean; timeStamp: number }
  | { kind: 'error'; requestId: string; error: string; timeStamp: number };

export type RequestListener = (event: RequestEvent) => void;

interface Tap {
  subscribers: Set<RequestListener>;
  remove(): void;
}

const taps = new Map<number, Tap>();

function fanOut(tabId: number, event: RequestEvent): void {
  const tap = taps.get(tabId);
  if (!tap) return;
  for (const fn of [...tap.subscribers]) {
    try {
      fn(event);
    } catch (e) {
      console.warn(`Weaverbird: a request subscriber threw: ${errorMessage(e)}`);
    }
  }
}

function addTap(tabId: number): Tap {
  const onBefore = (d: chrome.webRequest.OnBeforeRequestDetails): undefined => {
    fanOut(tabId, {
      kind: 'start',
      requestId: d.requestId,
      url: d.url,
      method: d.method,
      type: d.type,
      ...(d.initiator !== undefined ? { initiator: d.initiator } : {}),
      frameId: d.frameId,
      timeStamp: d.timeStamp,
    });
    return undefined;
  };
  const onHeaders = (d: chrome.webRequest.OnHeadersReceivedDetails): undefined => {
    fanOut(tabId, {
      kind: 'headers',
      requestId: d.requestId,
      url: d.url,
      statusCode: d.statusCode,
      ...(d.responseHeaders ? { responseHeaders: d.responseHeaders } : {}),
      timeStamp: d.timeStamp,
    });
    return undefined;
  };
  const onRedirect = (d: chrome.webRequest.OnBeforeRedirectDetails): void => {
    fanOut(tabId, {
      kind: 'redirect',
      requestId: d.requestId,
      redirectUrl: d.redirectUrl,
      statusCode: d.statusCode,
      timeStamp: d.timeStamp,
    });
  };
  const onDone = (d: chrome.webRequest.OnCompletedDetails): void => {
    fanOut(tabId, {
      kind: 'done',
      requestId: d.requestId,
      statusCode: d.statusCode,
      fromCache: d.fromCache,
      timeStamp: d.timeStamp,
    });
  };
  const onError = (d: chrome.webRequest.OnErrorOccurredDetails): void => {
    fanOut(tabId, { kind: 'error', requestId: d.requestId, error: d.error, timeStamp: d.timeStamp });
  };
  const filter: chrome.webRequest.RequestFilter = { urls: ['<all_urls>'], tabId };
  const wr = typeof chrome !== 'undefined' ? chrome.webRequest : undefined;
  if (wr) {
    wr.onBeforeRequest.addListener(onBefore, filter);
    wr.onHeadersReceived.addListener(onHeaders, filter, ['responseHeaders']);
    wr.onBeforeRedirect.addListener(onRedirect, filter);
    wr.onCompleted.addListener(onDone, filter);
    wr.onErrorOccurred.addListener(onError, filter);
  }
  return {
    subscribers: new Set(),
    remove() {
      if (!wr) return;
      wr.onBeforeRequest.removeListener(onBefore);
      wr.onHeadersReceived.removeListener(onHeaders);
      wr.onBeforeRedirect.removeListener(onRedirect);
      wr.onCompleted.removeListener(onDone);
      wr.onErrorOccurred.removeListener(onError);
    },
  };
}

/** Starts receiving the tab's request events; returns the unsubscribe function (idempotent). */
export function subscribeTabRequests(tabId: number, fn: RequestListener): () => void {
  let tap = taps.get(tabId);
  if (!tap) {
    tap = addTap(tabId);
    taps.set(tabId, tap);
  }
  tap.subscribers.add(fn);
  return () => {
    const t = taps.get(tabId);
    if (!t) return;
    t.subscribers.delete(fn);
    if (t.subscribers.size === 0) {
      t.remove();
      taps.delete(tabId);
    }
  };
}
