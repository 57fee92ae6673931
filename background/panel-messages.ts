import { PanelRequestSchema, type TabInfo } from '../src/protocol/panel';
import { err, errorMessage, ok, type Result } from '../src/result';

/** Answers one side-panel request; malformed requests get an error value, never a throw into Chrome. */
export async function handlePanelRequest(raw: unknown): Promise<Result<unknown>> {
  const parsed = PanelRequestSchema.safeParse(raw);
  if (!parsed.success) return err('bad_message', `malformed panel request: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
  const request = parsed.data;
  switch (request.type) {
    case 'get_tab_info': {
      try {
        const tab = await chrome.tabs.get(request.tabId);
        const info: TabInfo = { tabId: request.tabId, title: tab.title ?? '', url: tab.url ?? '' };
        return ok(info);
      } catch (e) {
        return err('bad_tab', `tab ${request.tabId} is not available: ${errorMessage(e)}`);
      }
    }
  }
}
