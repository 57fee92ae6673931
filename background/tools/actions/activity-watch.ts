/**
 * What a tab did around an action, seen from the browser: requests (with their HTTP method, which a
 * page-side PerformanceObserver cannot see), new tabs it opened, downloads it started. The CDP retry
 * is vetoed by any of these, per the reference: "a nearby mutating XHR or non-telemetry beacon, new
 * tab, or download makes the result inconclusive and vetoes the retry; background reads and obvious
 * telemetry/heartbeat traffic are ignored."
 *
 * These listeners are added for the few hundred milliseconds of one action and removed after; they
 * observe only (no blocking), so they need the `webRequest` permission but no host rewrites.
 */

export interface SeenRequest {
  method: string;
  url: string;
  type: string;
}

export interface Activity {
  /** Non-telemetry requests that may change server state (not GET/HEAD/OPTIONS). */
  mutating: SeenRequest[];
  /** Telemetry and reads, kept for diagnostics. */
  ignored: number;
  newTabs: string[];
  downloads: string[];
}

/** Analytics, logging and keep-alive endpoints whose POSTs do not mean "the click did something". */
const TELEMETRY =
  /(^|[./_-])(analytics|telemetry|beacon|heartbeat|keepalive|collect|track(ing)?|metrics|stats|rum|pixel|log(s|ging)?|events?|sentry|bugsnag|datadog|newrelic|segment|mixpanel|amplitude|hotjar|clarity|gtag|gtm|doubleclick|ping)([./_?-]|$)/i;

export function isTelemetry(url: string): boolean {
  try {
    const u = new URL(url);
    return TELEMETRY.test(u.hostname) || TELEMETRY.test(u.pathname);
  } catch {
    return false;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PAGE_REQUEST_TYPES = new Set(['xmlhttprequest', 'ping', 'other', 'websocket']);

export function classify(req: SeenRequest): 'mutating' | 'ignored' {
  if (!PAGE_REQUEST_TYPES.has(req.type)) return 'ignored';
  if (READ_METHODS.has(req.method.toUpperCase())) return 'ignored';
  return isTelemetry(req.url) ? 'ignored' : 'mutating';
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
  const hasWebRequest = typeof chrome !== 'undefined' && !!chrome.webRequest;
  const onRequest = (d: chrome.webRequest.OnBeforeRequestDetails): undefined => {
    const req = { method: d.method, url: d.url, type: d.type };
    if (classify(req) === 'mutating') activity.mutating.push(req);
    else activity.ignored += 1;
    return undefined;
  };
  const onHeaders = (d: chrome.webRequest.OnHeadersReceivedDetails): undefined => {
    if (isAttachment(d.responseHeaders)) activity.downloads.push(d.url);
    return undefined;
  };
  const onTab = (tab: chrome.tabs.Tab): void => {
    if (tab.openerTabId === tabId) activity.newTabs.push(tab.pendingUrl ?? tab.url ?? '(new tab)');
  };
  const filter = { urls: ['<all_urls>'], tabId };
  if (hasWebRequest) {
    chrome.webRequest.onBeforeRequest.addListener(onRequest, filter);
    chrome.webRequest.onHeadersReceived.addListener(onHeaders, filter, ['responseHeaders']);
  }
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
      if (hasWebRequest) {
        chrome.webRequest.onBeforeRequest.removeListener(onRequest);
        chrome.webRequest.onHeadersReceived.removeListener(onHeaders);
      }
      chrome.tabs.onCreated.removeListener(onTab);
      return snapshot();
    },
  };
}

/** The veto sentence for the result, or null when nothing happened that forbids a retry. */
export function vetoReason(a: Activity): string | null {
  const first = a.mutating[0];
  if (first) {
    let where = first.url;
    try {
      where = new URL(first.url).pathname;
    } catch {
      // keep the raw URL
    }
    return `vetoed: the click sent ${first.method} ${where}${a.mutating.length > 1 ? ` (+${a.mutating.length - 1} more)` : ''}, which may have changed data; a second click could repeat it`;
  }
  if (a.newTabs.length > 0) return `vetoed: the click opened a new tab (${a.newTabs[0]})`;
  if (a.downloads.length > 0) return `vetoed: the click started a download (${a.downloads[0]})`;
  return null;
}
