/**
 * The task's network log: every request of the task's tab since the task started, in a 500-entry
 * ring, from the shared observe-only request tap (tab-requests.ts). Started when a task launches (and
 * for each tab it opens or the user gives it, task-tabs.ts) and stopped when it ends or lets that tab
 * go (task-end.ts), so a tab is observed only while a task works in it; `watch`
 * opens a short-lived log of its own for its window.
 *
 * URLs are sanitized when recorded (shared/url-sanitize.ts): nothing here ever holds a query string, a
 * fragment, userinfo or an id-shaped path segment, so no export of this log can leak one. The log
 * lives in worker memory: after a worker restart a resumed task starts a new one (its `since` says so).
 */
import { sanitizeUrl } from '../../shared/url-sanitize';
import { loadSettings } from '../settings-store';
import { startBodyCapture, stopBodyCapture } from './network-bodies';
import { subscribeTabRequests, type RequestEvent } from './tab-requests';

export const NETWORK_RING = 500;

export interface NetEntry {
  /** webRequest's id: `network_body` takes it (the last hop of a redirect chain holds the body). */
  id?: string;
  method: string;
  /** Sanitized. */
  url: string;
  type: string;
  status?: number;
  ms?: number;
  error?: string;
  /** Epoch ms (webRequest `timeStamp`). */
  startedAt: number;
  frameId: number;
}

export interface NetworkLog {
  since: number;
  /** Requests seen in all, including those the ring dropped. */
  seen: number;
  /** Oldest first. */
  entries(): NetEntry[];
  stop(): void;
}

// webRequest ResourceType → the name the model reads. Beacons are `ping` in webRequest.
const TYPE_NAMES: Readonly<Record<string, string>> = {
  main_frame: 'document',
  sub_frame: 'frame',
  xmlhttprequest: 'xhr',
  ping: 'beacon',
};

export function typeName(webRequestType: string): string {
  return TYPE_NAMES[webRequestType] ?? webRequestType;
}

/** Records a tab's requests until `stop`. */
export function openNetworkLog(tabId: number, ring = NETWORK_RING): NetworkLog {
  const entries = new Map<string, NetEntry>();
  // A redirect reuses its requestId for the next hop: each hop is its own entry.
  const current = new Map<string, string>();
  let hops = 0;
  let seen = 0;
  const onEvent = (e: RequestEvent): void => {
    if (e.kind === 'start') {
      seen += 1;
      const key = `${e.requestId}:${hops++}`;
      current.set(e.requestId, key);
      entries.set(key, {
        id: e.requestId,
        method: e.method,
        url: sanitizeUrl(e.url),
        type: typeName(e.type),
        startedAt: e.timeStamp,
        frameId: e.frameId,
      });
      if (entries.size > ring) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return;
    }
    const key = current.get(e.requestId);
    const entry = key === undefined ? undefined : entries.get(key);
    if (!entry) return;
    if (e.kind === 'headers') {
      entry.status = e.statusCode;
      return;
    }
    entry.ms = Math.max(0, Math.round(e.timeStamp - entry.startedAt));
    if (e.kind === 'redirect') entry.status = e.statusCode;
    else if (e.kind === 'done') entry.status = e.statusCode;
    else entry.error = e.error;
    if (e.kind !== 'redirect') current.delete(e.requestId);
  };
  const unsubscribe = subscribeTabRequests(tabId, onEvent);
  return {
    since: Date.now(),
    get seen() {
      return seen;
    },
    entries: () => [...entries.values()].map((e) => ({ ...e })),
    stop: unsubscribe,
  };
}

// One log per tab, shared by the owners (a task id) that asked for it.
const logs = new Map<number, { log: NetworkLog; owners: Set<string> }>();

/** Starts (or joins) the tab's log for `owner`; a task calls this when it launches. */
export function startNetworkLog(tabId: number, owner: string): void {
  // Response bodies only when the user turned them on (network-bodies.ts); a failure to attach leaves
  // network_body saying why, and the task runs as before.
  void loadSettings()
    // The task may have ended while the settings were read: only a live owner starts a capture.
    .then((s) => (s.networkBodies && logs.get(tabId)?.owners.has(owner) ? startBodyCapture(tabId, owner) : undefined))
    .catch(() => undefined);
  const existing = logs.get(tabId);
  if (existing) {
    existing.owners.add(owner);
    return;
  }
  logs.set(tabId, { log: openNetworkLog(tabId), owners: new Set([owner]) });
}

/** Leaves the tab's log; the last owner out removes the listeners. */
export function stopNetworkLog(tabId: number, owner: string): void {
  stopBodyCapture(tabId, owner);
  const l = logs.get(tabId);
  if (!l) return;
  l.owners.delete(owner);
  if (l.owners.size > 0) return;
  l.log.stop();
  logs.delete(tabId);
}

/** At a task's end: leaves every tab's log it joined (its start tab, the tabs it opened or was given). */
export function stopNetworkLogsOf(owner: string): void {
  for (const [tabId, l] of [...logs]) if (l.owners.has(owner)) stopNetworkLog(tabId, owner);
}

export function networkLogOf(tabId: number): NetworkLog | null {
  return logs.get(tabId)?.log ?? null;
}
