import { err, errorMessage } from '../../shared/result';
import { onPanelRequest } from '../panel-messages';
import { STORAGE_KEY, loadSettings } from '../settings-store';
import { FromHostSchema, HOST_NAME, type ToHost } from './protocol';
import { McpSession } from './session';

/** Backoff between attempts to reach the host: a browser without the host installed is asked rarely. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

let port: chrome.runtime.Port | null = null;
let session: McpSession | null = null;
let retryMs = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** Why the bridge is not connected, for the settings form and `wb.mcp()`. */
let lastProblem: string | null = null;

function send(m: ToHost): void {
  try {
    port?.postMessage(m);
  } catch {
    // The port closed under us; onDisconnect tidies up.
  }
}

async function onHostMessage(raw: unknown): Promise<void> {
  const parsed = FromHostSchema.safeParse(raw);
  if (!parsed.success) return;
  const m = parsed.data;
  session ??= new McpSession(send);
  switch (m.type) {
    case 'host_ready':
      retryMs = FIRST_RETRY_MS;
      lastProblem = null;
      return;
    case 'host_error':
      lastProblem = m.message;
      return;
    case 'hello':
      return session.hello(m.client.name);
    case 'list':
      return session.list(m.id);
    case 'call':
      return session.call(m.id, m.name, m.args);
    case 'read':
      return session.read(m.id, m.uri);
    case 'client_gone':
      return session.gone();
  }
}

function connect(): void {
  // Firefox without the permission, or a build that dropped it, has no connectNative.
  if (typeof chrome.runtime.connectNative !== 'function') {
    lastProblem = 'this browser build has no native messaging';
    return;
  }
  const p = chrome.runtime.connectNative(HOST_NAME);
  port = p;
  p.onMessage.addListener((m: unknown) => {
    void onHostMessage(m).catch((e: unknown) => console.warn('Weaverbird MCP:', errorMessage(e)));
  });
  p.onDisconnect.addListener(() => {
    lastProblem = chrome.runtime.lastError?.message ?? 'the native host exited';
    if (port === p) port = null;
    void session?.gone();
    session = null;
    scheduleRetry();
  });
}

function scheduleRetry(): void {
  if (retryTimer) return;
  const wait = retryMs;
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void sync();
  }, wait);
}

/** Connects when the setting is on and disconnects when it is off; idempotent. */
async function sync(): Promise<void> {
  const { enabled } = (await loadSettings()).mcp;
  if (enabled && !port) connect();
  if (!enabled && port) {
    const p = port;
    port = null;
    p.disconnect();
    await session?.gone();
    session = null;
  }
}

/** Registered at the worker's top level (MV3): settings changes turn the bridge on and off. */
export function startMcpBridge(): void {
  // The tab picker (docs/mcp.md "Tabs"): panel requests only, which the worker takes from its own pages alone.
  const none = (tabId: number) => err('no_session', `no MCP session is driving tab ${tabId}`);
  onPanelRequest('mcp_tabs', async (r) => (session ? session.tabs(r.tabId) : none(r.tabId)));
  onPanelRequest('mcp_pick_tab', async (r) => (session ? session.pick(r.tabId, r.pick, r.allowed) : none(r.tabId)));
  // A given tab the user closes is taken back as an untick would (its site's approval goes with it).
  chrome.tabs.onRemoved.addListener((tabId) => void session?.tabClosed(tabId));
  // The local area's event only: session writes are not sent to the worker (settings-store.ts says why).
  chrome.storage.local.onChanged.addListener((changes) => {
    if (STORAGE_KEY in changes) {
      retryMs = FIRST_RETRY_MS;
      void sync();
    }
  });
  void sync();
}

export function mcpStatus(): { connected: boolean; client: string | null; problem: string | null } {
  return { connected: port !== null, client: session?.connected ?? null, problem: lastProblem };
}
