/**
 * What a tab did around an action, seen from the browser: requests (with their HTTP method, which a
 * page-side PerformanceObserver cannot see), new tabs it opened, downloads it started. The CDP retry
 * is vetoed by any of these: a nearby mutating request (any method other than GET/HEAD/OPTIONS, RFC
 * 9110 §9.2.1 "safe methods") or non-telemetry beacon, a new tab, or a download means the first click
 * may already have done something, so a second one could repeat it; the result is inconclusive and
 * the retry is vetoed. Background reads and obvious telemetry/heartbeat traffic are ignored, as
 * they fire on their own. "Obvious telemetry" is a host list of third parties (telemetry-hosts.ts);
 * every write to the page's own site vetoes, whatever its path.
 *
 * The watch subscribes to the shared observe-only request tap for the few hundred milliseconds of one
 * action and leaves after; nothing is blocked, so it needs the `webRequest` permission but no host rewrites.
 */

import { sanitizeUrl } from '../../../shared/url-sanitize';
import { subscribeTabRequests, type RequestEvent } from '../../observe/tab-requests';
import { telemetryDomainOf } from './telemetry-hosts';

export interface SeenRequest {
  method: string;
  url: string;
  type: string;
  /** Origin of the document that sent the request (webRequest `initiator`), when known. */
  initiator?: string;
}

export interface Activity {
  /** Requests that may change server state (not GET/HEAD/OPTIONS), except to telemetry hosts. */
  mutating: SeenRequest[];
  /** Telemetry and reads, kept for diagnostics. */
  ignored: number;
  newTabs: string[];
  downloads: string[];
}

/**
 * True when a write to `url` is telemetry: its host is a listed third-party telemetry domain that
 * the page itself (`pageUrl`, the request's initiator) is not on. Paths never count: a same-site
 * `/api/events` is a write (issue 10, item 7: a retry after one repeated a real POST).
 */
export function isTelemetry(url: string, pageUrl?: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  const domain = telemetryDomainOf(host);
  if (domain === null) return false;
  if (pageUrl === undefined) return true;
  try {
    // The telemetry vendor's own app (the user works on sentry.io): its POSTs are the user's data.
    return telemetryDomainOf(new URL(pageUrl).hostname) !== domain;
  } catch {
    return true;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Browser-generated reports (CSP violations) are no effect of the click. */
const NOT_PAGE_WRITES = new Set(['csp_report']);

/**
 * Any request that may change server state vetoes the retry, whatever its type (XHR, fetch,
 * beacon, a form POST into a frame or the top document) and whatever its path; only known
 * third-party telemetry hosts are ignored. `initiator` is the origin of the document that sent it.
 */
export function classify(req: SeenRequest): 'mutating' | 'ignored' {
  if (NOT_PAGE_WRITES.has(req.type)) return 'ignored';
  if (READ_METHODS.has(req.method.toUpperCase())) return 'ignored';
  return isTelemetry(req.url, req.initiator) ? 'ignored' : 'mutating';
}

export interface ActivityWatch {
  /** Stops watching and returns what happened since the watch began. */
  stop(): Activity;
  /** What happened so far, without stopping. */
  peek(): Activity;
}

function isAttachment(headers: chrome.webRequest.HttpHeader[] | undefined): boolean {
  return !!headers?.some((h) => h.name.toLowerCase() === 'content-disposition' && /attachment/i.test(h.value ?? ''));
}

export function watchTabActivity(tabId: number): ActivityWatch {
  const activity: Activity = { mutating: [], ignored: 0, newTabs: [], downloads: [] };
  const onRequest = (e: RequestEvent): void => {
    if (e.kind === 'start') {
      const req: SeenRequest = { method: e.method, url: e.url, type: e.type };
      if (e.initiator !== undefined) req.initiator = e.initiator;
      if (classify(req) === 'mutating') activity.mutating.push(req);
      else activity.ignored += 1;
    } else if (e.kind === 'headers' && isAttachment(e.responseHeaders)) {
      activity.downloads.push(e.url);
    }
  };
  const onTab = (tab: chrome.tabs.Tab): void => {
    if (tab.openerTabId === tabId) activity.newTabs.push(tab.pendingUrl ?? tab.url ?? '(new tab)');
  };
  // The shared observe-only tap (background/observe/tab-requests.ts), so a task's network log and
  // this veto never add two listener sets to one tab.
  const unsubscribe = subscribeTabRequests(tabId, onRequest);
  chrome.tabs.onCreated.addListener(onTab);
  const snapshot = (): Activity => ({
    mutating: [...activity.mutating],
    ignored: activity.ignored,
    newTabs: [...activity.newTabs],
    downloads: [...activity.downloads],
  });
  return {
    peek: snapshot,
    stop() {
      unsubscribe();
      chrome.tabs.onCreated.removeListener(onTab);
      return snapshot();
    },
  };
}

/** The veto sentence for the result, or null when nothing happened that forbids a retry. */
export function vetoReason(a: Activity): string | null {
  const first = a.mutating[0];
  if (first) {
    // Reported to the model: the sanitized path (ids and tokens as :id), never the query.
    let where = sanitizeUrl(first.url);
    try {
      where = sanitizeUrl(new URL(first.url).pathname);
    } catch {
      // keep the sanitized whole URL
    }
    return `vetoed: the click sent ${first.method} ${where}${a.mutating.length > 1 ? ` (+${a.mutating.length - 1} more)` : ''}, which may have changed data; a second click could repeat it`;
  }
  if (a.newTabs.length > 0) return `vetoed: the click opened a new tab (${sanitizeUrl(a.newTabs[0] ?? '')})`;
  if (a.downloads.length > 0) return `vetoed: the click started a download (${sanitizeUrl(a.downloads[0] ?? '')})`;
  return null;
}
