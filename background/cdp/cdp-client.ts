/**
 * A small Chrome DevTools Protocol client over `chrome.debugger`: one session per tab, attached on
 * demand and detached after use (or after a short idle period when callers batch several commands),
 * because an attached debugger shows the user a "started debugging this browser" banner and blocks
 * DevTools-style tools of other extensions.
 *
 * Errors are values with codes the agent can act on: `cdp_busy` (DevTools or another debugger owns the
 * tab), `cdp_refused` (a page the debugger may not attach to), `cdp_detached` (the user canceled the
 * banner or the tab closed mid-command), `cdp_failed` (the command itself failed).
 *
 * Listeners on `chrome.debugger.onEvent`/`onDetach` are registered once at module load, which happens
 * at the service worker's top level (MV3: events that wake the worker must find their listener).
 */
import { HAS_CDP, NO_TRUSTED_FALLBACK } from '../../shared/browser-target';
import { err, errorMessage, ok, type Result } from '../../shared/result';
import { withTimeout } from '../../shared/timeout';

const PROTOCOL_VERSION = '1.3';
/** How long a session stays attached after its last command when the caller did not detach. */
const IDLE_DETACH_MS = 5_000;
/** How long one command may take: a tab whose renderer is blocked must not hang the caller. */
const COMMAND_DEADLINE_MS = 10_000;
/** Pseudo-event delivered to `on(tabId, DETACHED_EVENT, …)` listeners when the session ends. */
export const DETACHED_EVENT = 'Weaverbird.detached';

export type CdpEventListener = (params: unknown) => void;

interface Session {
  attached: Promise<Result<true>>;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Callers inside `withSession`; the idle timer runs only when none is. */
  holders: number;
}

const sessions = new Map<number, Session>();
const listeners = new Map<string, Set<CdpEventListener>>();

function key(tabId: number, method: string): string {
  return `${tabId}:${method}`;
}

function classifyAttachError(message: string): Result<never> {
  if (/another debugger|already attached/i.test(message)) {
    return err(
      'cdp_busy',
      'another debugger is attached to this tab (DevTools open, or another extension); close DevTools on the tab and retry',
    );
  }
  if (/cannot access|cannot attach|chrome:\/\/|chrome-extension:\/\/|not allowed|No tab with given id/i.test(message)) {
    return err('cdp_refused', `Chrome refused to attach the debugger to this tab: ${message}`);
  }
  return err('cdp_refused', `could not attach the debugger: ${message}`);
}

if (HAS_CDP && typeof chrome !== 'undefined' && chrome.debugger) {
  chrome.debugger.onEvent.addListener((source, method, params) => {
    if (source.tabId === undefined) return;
    const set = listeners.get(key(source.tabId, method));
    if (!set) return;
    for (const fn of [...set]) {
      try {
        fn(params);
      } catch (e) {
        console.warn(`CDP listener for ${method} threw: ${errorMessage(e)}`);
      }
    }
  });
  chrome.debugger.onDetach.addListener((source) => {
    if (source.tabId === undefined) return;
    const s = sessions.get(source.tabId);
    if (s?.idleTimer) clearTimeout(s.idleTimer);
    sessions.delete(source.tabId);
    for (const fn of [...(listeners.get(key(source.tabId, DETACHED_EVENT)) ?? [])]) fn({});
  });
}

function ensureAttached(tabId: number): Promise<Result<true>> {
  // The Firefox build has no `chrome.debugger`: every CDP step (trusted click/typing/hover, the CDP
  // reads) becomes this one value, which callers already report as "fallback not tried: …".
  if (!HAS_CDP || typeof chrome.debugger === 'undefined') return Promise.resolve(err('no_cdp', NO_TRUSTED_FALLBACK));
  const existing = sessions.get(tabId);
  if (existing) return existing.attached;
  const attached = chrome.debugger
    .attach({ tabId }, PROTOCOL_VERSION)
    .then((): Result<true> => ok(true))
    .catch((e: unknown) => {
      sessions.delete(tabId);
      return classifyAttachError(errorMessage(e));
    });
  sessions.set(tabId, { attached, idleTimer: undefined, holders: 0 });
  return attached;
}

function scheduleIdleDetach(tabId: number): void {
  const s = sessions.get(tabId);
  if (!s || s.holders > 0) return;
  if (s.idleTimer) clearTimeout(s.idleTimer);
  s.idleTimer = setTimeout(() => void detach(tabId), IDLE_DETACH_MS);
}

/**
 * Sends one command, attaching first when needed. The session detaches after an idle period. A
 * command unanswered after `deadlineMs` (default 10 s) returns `timeout`.
 */
export async function send(
  tabId: number,
  method: string,
  params: Record<string, unknown> = {},
  deadlineMs = COMMAND_DEADLINE_MS,
): Promise<Result<unknown>> {
  const attached = await ensureAttached(tabId);
  if (!attached.ok) return attached;
  const s = sessions.get(tabId);
  if (s?.idleTimer) clearTimeout(s.idleTimer);
  try {
    // Rejections pass through as values so the catch below still classifies them.
    const reply = await withTimeout(
      chrome.debugger.sendCommand({ tabId }, method, params).then(
        (r: unknown): { r: unknown } | { e: unknown } => ({ r }),
        (e: unknown) => ({ e }),
      ),
      deadlineMs,
      () => undefined,
    );
    if (!reply) return err('timeout', `${method} got no answer from tab ${tabId} within ${deadlineMs} ms`);
    if ('e' in reply) throw reply.e;
    return ok(reply.r ?? {});
  } catch (e) {
    const message = errorMessage(e);
    if (/not attached|detached/i.test(message)) {
      sessions.delete(tabId);
      return err(
        'cdp_detached',
        `the debugger was detached from the tab during ${method} (the user canceled it or the tab closed); retry`,
      );
    }
    return err('cdp_failed', `${method} failed: ${message}`);
  } finally {
    scheduleIdleDetach(tabId);
  }
}

/** Detaches now (no-op when not attached). */
async function detach(tabId: number): Promise<void> {
  const s = sessions.get(tabId);
  if (!s) return;
  if (s.idleTimer) clearTimeout(s.idleTimer);
  sessions.delete(tabId);
  const attached = await s.attached;
  if (!attached.ok) return;
  try {
    await chrome.debugger.detach({ tabId });
  } catch {
    // Already gone (tab closed, user canceled): the goal state is reached either way.
  }
}

/** Subscribes to one CDP event of one tab; returns the unsubscribe function. */
export function on(tabId: number, method: string, fn: CdpEventListener): () => void {
  const k = key(tabId, method);
  let set = listeners.get(k);
  if (!set) {
    set = new Set();
    listeners.set(k, set);
  }
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0) listeners.delete(k);
  };
}

/**
 * Runs `fn` with the tab attached and detaches afterwards, unless another holder still uses the
 * session. For one-shot fallbacks (a trusted click) that must leave no debugger behind.
 */
export async function withSession<T>(
  tabId: number,
  fn: (cdp: { send: typeof send }) => Promise<Result<T>>,
): Promise<Result<T>> {
  const attached = await ensureAttached(tabId);
  if (!attached.ok) return attached;
  const s = sessions.get(tabId);
  if (s) s.holders += 1;
  try {
    return await fn({ send });
  } finally {
    const now = sessions.get(tabId);
    if (now) now.holders -= 1;
    if (now && now.holders <= 0) await detach(tabId);
  }
}
