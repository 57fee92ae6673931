import * as z from 'zod/mini';
import { TabInfoSchema, type PanelRequest, type TabInfo } from '../shared/protocol/panel';
import { parseResult } from '../shared/protocol/result-schema';
import { err, errorMessage, isRecord, ok, type Result } from '../shared/result';
import { PublicSettingsSchema, type PublicSettings, type Settings } from '../shared/settings';
import { ImageDataSchema, type ImageData } from '../shared/protocol/image';

export async function askWorker(request: PanelRequest): Promise<Result<unknown>> {
  try {
    return parseResult(await chrome.runtime.sendMessage(request));
  } catch (e) {
    return err('worker_unreachable', `the Weaverbird service worker did not answer: ${errorMessage(e)}`);
  }
}

export async function fetchTabInfo(tabId: number): Promise<Result<TabInfo>> {
  const reply = await askWorker({ type: 'get_tab_info', tabId });
  if (!reply.ok) return reply;
  const info = TabInfoSchema.safeParse(reply.data);
  return info.success ? { ok: true, data: info.data } : err('bad_reply', 'malformed tab info from the worker');
}

/**
 * The tab the panel works on: `?tabId=` when given (tests, or a panel opened for a specific
 * tab). A real side panel belongs to one window and follows that window's active tab, so a
 * second window's panel never takes over this one's tab. The panel page opened as a tab or popup
 * (debugging) would find itself there, so it follows the last focused normal window instead.
 */
export async function resolveTargetTabId(search: string): Promise<number | null> {
  const fromUrl = Number(new URLSearchParams(search).get('tabId'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  // Undefined in a real side panel, which is not a tab.
  const self = await chrome.tabs.getCurrent();
  const [here] = await chrome.tabs.query({ active: true, currentWindow: true });
  if (here?.id !== undefined && here.id !== self?.id) return here.id;
  const normal = await chrome.windows.getLastFocused({ windowTypes: ['normal'] });
  const [tab] = await chrome.tabs.query({ active: true, windowId: normal.id });
  return tab?.id ?? null;
}

/** Stored settings, or null on first run (nothing stored yet). */
export async function fetchSettings(): Promise<Result<PublicSettings | null>> {
  const reply = await askWorker({ type: 'get_settings' });
  if (!reply.ok) {
    return /not_configured|no_settings|not_found/.test(reply.error.code) ? ok(null) : reply;
  }
  if (reply.data === null || reply.data === undefined) return ok(null);
  const parsed = PublicSettingsSchema.safeParse(reply.data);
  return parsed.success ? ok(parsed.data) : err('bad_reply', 'the worker sent settings the panel cannot read');
}

/** Saves; the reply carries the new public settings when the worker sends them. */
export async function saveSettings(settings: Settings): Promise<Result<PublicSettings | null>> {
  const reply = await askWorker({ type: 'set_settings', settings });
  if (!reply.ok) return reply;
  const parsed = PublicSettingsSchema.safeParse(reply.data);
  return ok(parsed.success ? parsed.data : null);
}

export interface ConnectionReport {
  summary: string;
  details?: string;
}

/** Words for a successful test, from whatever detail the worker reports (model, latency, reply). */
function describeConnection(data: unknown): ConnectionReport {
  if (typeof data === 'string' && data.trim() !== '') return { summary: data };
  if (!isRecord(data)) return { summary: 'Connected: the provider answered.' };
  const parts: string[] = [];
  if (typeof data.model === 'string') parts.push(`model ${data.model}`);
  const ms = typeof data.latencyMs === 'number' ? data.latencyMs : typeof data.ms === 'number' ? data.ms : undefined;
  if (ms !== undefined) parts.push(`${Math.round(ms)} ms`);
  const summary =
    typeof data.message === 'string'
      ? data.message
      : `Connected: the provider answered${parts.length ? ` (${parts.join(', ')})` : ''}.`;
  const reply = typeof data.reply === 'string' ? data.reply : typeof data.text === 'string' ? data.text : undefined;
  return reply !== undefined ? { summary, details: `Reply: ${reply}` } : { summary };
}

export async function testConnection(settings: Settings | undefined): Promise<Result<ConnectionReport>> {
  const reply = await askWorker(settings ? { type: 'test_connection', settings } : { type: 'test_connection' });
  return reply.ok ? ok(describeConnection(reply.data)) : reply;
}

export interface LatestTree {
  text: string;
  url?: string;
  title?: string;
  /** When the agent read it (ms since epoch). */
  at?: number;
}

const TreeObject = z.object({
  tree: z.optional(z.string()),
  text: z.optional(z.string()),
  url: z.optional(z.string()),
  title: z.optional(z.string()),
  ts: z.optional(z.number()),
  at: z.optional(z.number()),
});

/** The tree the agent read last in this tab, or null if it has read none yet. */
export async function fetchLatestTree(tabId: number): Promise<Result<LatestTree | null>> {
  const reply = await askWorker({ type: 'get_latest_tree', tabId });
  if (!reply.ok) return reply.error.code === 'no_tree' ? ok(null) : reply;
  return normalizeTree(reply.data);
}

function normalizeTree(data: unknown): Result<LatestTree | null> {
  if (data === null || data === undefined) return ok(null);
  if (typeof data === 'string') return ok({ text: data });
  const parsed = TreeObject.safeParse(data);
  if (!parsed.success) return err('bad_reply', 'the worker sent a tree the panel cannot read');
  const text = parsed.data.tree ?? parsed.data.text;
  if (text === undefined) return ok(null);
  const tree: LatestTree = { text };
  if (parsed.data.url !== undefined) tree.url = parsed.data.url;
  if (parsed.data.title !== undefined) tree.title = parsed.data.title;
  const at = parsed.data.at ?? parsed.data.ts;
  if (at !== undefined) tree.at = at;
  return ok(tree);
}

/** The trace ring buffer: an array of request/response records, shapes owned by the worker. */
/** Chrome accessibility payloads kept by chrome_ax_tree, for the debug-log export (byte-exact, never redacted). */
export async function fetchAxRecovery(): Promise<unknown[]> {
  const reply = await askWorker({ type: 'get_ax_recovery' });
  return reply.ok && Array.isArray(reply.data) ? reply.data : [];
}

export async function fetchTrace(): Promise<Result<unknown[]>> {
  const reply = await askWorker({ type: 'get_trace' });
  if (!reply.ok) return reply;
  return normalizeTrace(reply.data);
}

function normalizeTrace(data: unknown): Result<unknown[]> {
  if (Array.isArray(data)) return ok(data);
  if (isRecord(data)) {
    const list = data.entries ?? data.pairs ?? data.trace;
    if (Array.isArray(list)) return ok(list);
  }
  return err('bad_reply', 'the worker sent a trace the panel cannot read');
}

export async function highlightRef(tabId: number, ref: string): Promise<Result<unknown>> {
  return askWorker({ type: 'highlight_ref', tabId, ref });
}

/** The bytes of a screenshot the worker holds in memory (never stored), for the tool card's thumbnail. */
export async function fetchImage(id: string): Promise<Result<ImageData>> {
  const reply = await askWorker({ type: 'get_image', id });
  if (!reply.ok) return reply;
  const parsed = ImageDataSchema.safeParse(reply.data);
  return parsed.success ? ok(parsed.data) : err('bad_reply', 'the worker sent an image the panel cannot read');
}
