/**
 * One observe-only `chrome.webRequest` tap per tab, shared by everything that watches a tab's traffic:
 * the CDP click veto (a few hundred milliseconds around one click), the task's network log (the whole
 * task) and `watch` (its window). Listeners are added when a tab gets its first subscriber and removed
 * when it loses its last, so no tab is observed when nobody asked, and no traffic is ever blocked or
 * changed (no `blocking` in any extraInfoSpec).
 *
 * Subscribers receive raw URLs: internal logic (the retry veto, telemetry detection) needs them.
 * Whatever reports a URL sanitizes it first (shared/url-sanitize.ts).
 *
 * The tap also keeps the requests it saw start and not yet end (`openRequests`), so `wait_for_stable`
 * can ask "anything in flight now?" about requests that began before the wait did: during a task the
 * task's network log holds the tap open from the task's start (network-log.ts).
 */
import { errorMessage } from '../../shared/result';

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

/** A request the tap saw start and has not yet seen finish or fail. */
export interface OpenRequest {
  requestId: string;
  /** Raw: sanitize before reporting it. */
  url: string;
  /** webRequest ResourceType. */
  type: string;
  /** Epoch ms (webRequest `timeStamp`). */
  startedAt: number;
  /** The response is a server-sent event stream (`text/event-stream`): it is meant never to end. */
  stream: boolean;
}

/**
 * Bound on remembered open requests: a lost end event (none is expected: webRequest reports every
 * request's end, an abort included, as onErrorOccurred) must not grow the map for a whole task.
 */
const MAX_OPEN = 1000;

interface Tap {
  subscribers: Set<RequestListener>;
  open: Map<string, OpenRequest>;
  remove(): void;
}

function isEventStream(headers: chrome.webRequest.HttpHeader[] | undefined): boolean {
  return !!headers?.some(
    (h) => h.name.toLowerCase() === 'content-type' && /^\s*text\/event-stream/i.test(h.value ?? ''),
  );
}

/** Keeps the tap's open-request map in step with one event. */
export function track(open: Map<string, OpenRequest>, event: RequestEvent): void {
  switch (event.kind) {
    case 'start':
      // A redirect's next hop starts again under the same requestId: one request, still open.
      open.set(event.requestId, {
        requestId: event.requestId,
        url: event.url,
        type: event.type,
        startedAt: open.get(event.requestId)?.startedAt ?? event.timeStamp,
        stream: false,
      });
      if (open.size > MAX_OPEN) {
        const oldest = open.keys().next().value;
        if (oldest !== undefined) open.delete(oldest);
      }
      return;
    case 'headers': {
      const req = open.get(event.requestId);
      if (req && isEventStream(event.responseHeaders)) req.stream = true;
      return;
    }
    case 'redirect':
      return;
    case 'done':
    case 'error':
      open.delete(event.requestId);
      return;
  }
}

const taps = new Map<number, Tap>();

function fanOut(tabId: number, event: RequestEvent): void {
  const tap = taps.get(tabId);
  if (!tap) return;
  track(tap.open, event);
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
    open: new Map(),
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

/**
 * The tab's requests in flight now, as far as the tap saw them, oldest first; null when nothing
 * observes the tab (no tap: no task, watch or wait is running there), so nothing is known.
 */
export function openRequests(tabId: number): OpenRequest[] | null {
  const tap = taps.get(tabId);
  return tap ? [...tap.open.values()].map((r) => ({ ...r })) : null;
}
