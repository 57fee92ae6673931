import { TabInfoSchema, type PanelRequest, type TabInfo } from '../src/protocol/panel';
import { parseResult } from '../src/protocol/result-schema';
import { err, errorMessage, type Result } from '../src/result';

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
 * tab), else the active tab of the last focused window.
 */
export async function resolveTargetTabId(search: string): Promise<number | null> {
  const fromUrl = Number(new URLSearchParams(search).get('tabId'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  return tab?.id ?? null;
}
