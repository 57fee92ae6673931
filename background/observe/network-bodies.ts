/**
 * Response bodies for `network_body` (issue 28), off by default (the `networkBodies` setting). Chrome's
 * webRequest never sees a body, and the renderer keeps one only for a request DevTools watched from its
 * start: so while a task runs with the setting on, the task's tab has CDP's Network domain enabled
 * (`Network.enable`, docs: "the response body is available via Network.getResponseBody"), held for the
 * task (the debugger banner shows for that long: the user chose it). The ids the model sees are
 * webRequest's (network_read lines); the two id spaces are paired here by method and URL, in order.
 * Raw URLs stay in this module: they decide the read gate's origin and are never reported.
 */
import { HAS_CDP } from '../../shared/browser-target';
import { err, isRecord, ok, type Result } from '../../shared/result';
import { DETACHED_EVENT, on, withSession } from '../cdp/cdp-client';
import { subscribeTabRequests } from './tab-requests';

/** Requests remembered per tab, like the network log's ring. */
const RING = 500;
/** Network.enable buffers: a body over the per-resource cap is dropped by Chrome, not cut. */
const MAX_TOTAL_BUFFER = 20_000_000;
const MAX_RESOURCE_BUFFER = 2_000_000;

interface Paired {
  /** Raw: only its origin is ever used. */
  url: string;
  cdpId?: string;
}

interface Capture {
  owners: Set<string>;
  requests: Map<string, Paired>;
  /** Unpaired ids by `method url`, oldest first: webRequest's and CDP's, whichever arrived first. */
  waitingWeb: Map<string, string[]>;
  waitingCdp: Map<string, string[]>;
  /** WebSocket URLs by CDP request id (Network.webSocketCreated), raw: ws-frames.ts judges their origin. */
  sockets: Map<string, string>;
  stopped: boolean;
  stop(): void;
}

const captures = new Map<number, Capture>();

function take(queue: Map<string, string[]>, key: string): string | undefined {
  const list = queue.get(key);
  const id = list?.shift();
  if (list && list.length === 0) queue.delete(key);
  return id;
}

function put(queue: Map<string, string[]>, key: string, id: string): void {
  const list = queue.get(key) ?? [];
  list.push(id);
  if (list.length > 50) list.shift();
  queue.set(key, list);
}

/** The pairing, pure so it is unit-tested: feed both event streams, read `requests`. */
export function makePairing(): Pick<Capture, 'requests' | 'waitingWeb' | 'waitingCdp'> & {
  web(id: string, method: string, url: string): void;
  cdp(id: string, method: string, url: string, redirect: boolean): void;
} {
  const requests = new Map<string, Paired>();
  const waitingWeb = new Map<string, string[]>();
  const waitingCdp = new Map<string, string[]>();
  const paired = new Set<string>();
  return {
    requests,
    waitingWeb,
    waitingCdp,
    web(id, method, url) {
      // A redirect's next hop reuses the webRequest id: the request is already known.
      if (requests.has(id)) return;
      const key = `${method} ${url}`;
      const cdpId = take(waitingCdp, key);
      requests.set(id, cdpId === undefined ? { url } : { url, cdpId });
      if (cdpId === undefined) put(waitingWeb, key, id);
      if (requests.size > RING) {
        const oldest = requests.keys().next().value;
        if (oldest !== undefined) requests.delete(oldest);
      }
    },
    cdp(id, method, url, redirect) {
      if (redirect || paired.has(id)) return;
      paired.add(id);
      if (paired.size > RING * 2) paired.delete(paired.values().next().value ?? id);
      const key = `${method} ${url}`;
      const webId = take(waitingWeb, key);
      const entry = webId === undefined ? undefined : requests.get(webId);
      if (entry) entry.cdpId = id;
      else put(waitingCdp, key, id);
    },
  };
}

interface WillBeSent {
  requestId: string;
  request: { url: string; method: string };
  redirectResponse?: unknown;
}

function isWillBeSent(p: unknown): p is WillBeSent {
  if (typeof p !== 'object' || p === null) return false;
  const r: unknown = Reflect.get(p, 'request');
  return (
    typeof Reflect.get(p, 'requestId') === 'string' &&
    typeof r === 'object' &&
    r !== null &&
    typeof Reflect.get(r, 'url') === 'string' &&
    typeof Reflect.get(r, 'method') === 'string'
  );
}

/** Starts (or joins) body capture for a task's tab. Resolves once Network.enable answered. */
export async function startBodyCapture(tabId: number, owner: string): Promise<Result<true>> {
  const existing = captures.get(tabId);
  if (existing && !existing.stopped) {
    existing.owners.add(owner);
    return ok(true);
  }
  if (!HAS_CDP) return err('no_cdp', 'response bodies need the DevTools protocol, which this browser build has not');
  const pairing = makePairing();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const unsubs: (() => void)[] = [];
  const cap: Capture = {
    owners: new Set([owner]),
    ...pairing,
    sockets: new Map(),
    stopped: false,
    stop() {
      cap.stopped = true;
      for (const u of unsubs) u();
      release();
    },
  };
  captures.set(tabId, cap);
  unsubs.push(
    subscribeTabRequests(tabId, (e) => {
      if (e.kind === 'start') pairing.web(e.requestId, e.method, e.url);
    }),
    on(tabId, 'Network.requestWillBeSent', (p) => {
      if (isWillBeSent(p)) pairing.cdp(p.requestId, p.request.method, p.request.url, p.redirectResponse !== undefined);
    }),
    on(tabId, 'Network.webSocketCreated', (p) => {
      const id: unknown = isRecord(p) ? p.requestId : undefined;
      const url: unknown = isRecord(p) ? p.url : undefined;
      if (typeof id !== 'string' || typeof url !== 'string') return;
      cap.sockets.set(id, url);
      if (cap.sockets.size > RING) cap.sockets.delete(cap.sockets.keys().next().value ?? id);
    }),
    on(tabId, DETACHED_EVENT, () => cap.stop()),
  );
  return new Promise<Result<true>>((resolve) => {
    // The session stays attached while this holder waits (cdp-client.ts `withSession`).
    void withSession(tabId, async ({ send }) => {
      const enabled = await send(tabId, 'Network.enable', {
        maxTotalBufferSize: MAX_TOTAL_BUFFER,
        maxResourceBufferSize: MAX_RESOURCE_BUFFER,
      });
      resolve(enabled.ok ? ok(true) : enabled);
      if (!enabled.ok) return enabled;
      await held;
      await send(tabId, 'Network.disable');
      return ok(true);
    }).then((r) => {
      if (!r.ok) {
        cap.stop();
        resolve(r);
      }
    });
  });
}

export function stopBodyCapture(tabId: number, owner: string): void {
  const cap = captures.get(tabId);
  if (!cap) return;
  cap.owners.delete(owner);
  if (cap.owners.size > 0) return;
  cap.stop();
  captures.delete(tabId);
}

export interface BodyLookup {
  /** Raw URL of the request (for the read gate's origin; never reported). */
  url: string;
  cdpId: string;
}

/** The request behind a network_read id, or why there is none. */
export function bodyRequest(tabId: number, requestId: string): Result<BodyLookup> {
  const cap = captures.get(tabId);
  if (!cap || cap.stopped) {
    return err(
      'not_capturing',
      'no response bodies are being kept for this tab: the networkBodies setting is off, or the debugger was detached. Bodies are kept only for requests made while a task runs with the setting on',
    );
  }
  const req = cap.requests.get(requestId);
  if (!req) {
    return err('unknown_request', `no request #${requestId} in this task's log: use an id from network_read's lines`);
  }
  if (req.cdpId === undefined) {
    return err(
      'no_body',
      `request #${requestId} was not seen by the DevTools protocol (a service worker or cache answered it): no body is kept`,
    );
  }
  return ok({ url: req.url, cdpId: req.cdpId });
}

/**
 * The raw URL of a WebSocket the tab opened while its capture ran (CDP request id), or null: no
 * capture (the networkBodies setting is off), or the socket opened before it started.
 */
export function socketUrl(tabId: number, cdpId: string): string | null {
  const cap = captures.get(tabId);
  return cap && !cap.stopped ? (cap.sockets.get(cdpId) ?? null) : null;
}

/** Whether the tab's Network domain is on for a task now (CDP events flow). */
export function capturing(tabId: number): boolean {
  const cap = captures.get(tabId);
  return cap !== undefined && !cap.stopped;
}
