/**
 * Requests a tab has in flight, seen from the browser (a page-side observer cannot see requests that
 * have not finished, nor other frames'). The wait joins the tab's shared observe-only request tap
 * (background/observe/tab-requests.ts) and reads the tap's open requests, so a request that started
 * before the wait, at any time since the tap opened, still counts. During a task the task's network
 * log holds the tap open from the task's start; a wait outside a task (the `wb` console) opens the tap
 * itself and sees only what starts after it.
 *
 * Left out, or no page that holds one would ever be quiet: streams meant never to end (WebSocket,
 * WebTransport, server-sent events) and requests open longer than HELD_OPEN_MS (long polls, a media
 * stream, a hanging connection): a slow answer the agent should wait for comes well within that.
 */
import { sanitizeUrl } from '../../shared/url-sanitize';
import { openRequests, subscribeTabRequests, type OpenRequest } from '../observe/tab-requests';

const NEVER_ENDING: ReadonlySet<string> = new Set(['websocket', 'webtransport', 'ping', 'csp_report']);
/** A request open this long is held open on purpose (long poll, stream), not one to wait for. */
export const HELD_OPEN_MS = 30_000;

export interface InflightWatch {
  /** Requests in flight now that a wait should wait for. */
  pending(): number;
  /** Time (ms epoch) of the last request start or end seen during the watch. */
  lastChange(): number;
  /** A few pending requests as sanitized origin + path (no query: it may carry tokens). */
  sample(): string[];
  stop(): void;
}

function brief(url: string): string {
  try {
    const u = new URL(url);
    return sanitizeUrl(`${u.origin}${u.pathname}`).slice(0, 120);
  } catch {
    return sanitizeUrl(url).slice(0, 60);
  }
}

/** The open requests a wait should wait for, at time `now`. */
export function countsAsBusy(req: OpenRequest, now: number): boolean {
  return !NEVER_ENDING.has(req.type) && !req.stream && now - req.startedAt < HELD_OPEN_MS;
}

export function watchInflight(tabId: number): InflightWatch {
  const available = typeof chrome !== 'undefined' && !!chrome.webRequest;
  let changed = Date.now();
  // Requests whose start or end moves the quiet time: not the never-ending kinds (a beacon every few
  // seconds must not keep a page busy).
  const counted = new Set<string>();
  const unsubscribe = available
    ? subscribeTabRequests(tabId, (e) => {
        if (e.kind === 'start' && !NEVER_ENDING.has(e.type)) {
          counted.add(e.requestId);
          changed = Date.now();
        } else if ((e.kind === 'done' || e.kind === 'error') && counted.delete(e.requestId)) {
          changed = Date.now();
        }
      })
    : () => undefined;
  for (const r of openRequests(tabId) ?? []) if (!NEVER_ENDING.has(r.type)) counted.add(r.requestId);
  const busy = (): OpenRequest[] => {
    const now = Date.now();
    return (openRequests(tabId) ?? []).filter((r) => countsAsBusy(r, now));
  };
  return {
    pending: () => busy().length,
    lastChange: () => changed,
    sample: () =>
      busy()
        .slice(0, 3)
        .map((r) => brief(r.url)),
    stop: unsubscribe,
  };
}
