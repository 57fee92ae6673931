import { PanelRequestSchema, type TabInfo } from '../shared/protocol/panel';
import type { PanelRequest } from '../shared/protocol/panel';
import { err, errorMessage, ok, type Result } from '../shared/result';
import { listTasks } from './agent/task/state-store';
import { ownerTabOf } from './agent/task/task-tabs';

type ExtendedRequest = Exclude<PanelRequest, { type: 'get_tab_info' }>;

type Handler = (r: ExtendedRequest) => Promise<Result<unknown>>;
const extendedHandlers = new Map<string, Handler>();

function isType<K extends ExtendedRequest['type']>(
  r: ExtendedRequest,
  type: K,
): r is Extract<ExtendedRequest, { type: K }> {
  return r.type === type;
}

/** Lets each area (settings, trace, tree viewer) plug in its panel requests without editing this file. */
export function onPanelRequest<K extends ExtendedRequest['type']>(
  type: K,
  handler: (r: Extract<ExtendedRequest, { type: K }>) => Promise<Result<unknown>>,
): void {
  extendedHandlers.set(type, async (r) => (isType(r, type) ? handler(r) : err('bad_message', `expected ${type}`)));
}

async function handleExtendedRequest(request: ExtendedRequest): Promise<Result<unknown>> {
  const handler = extendedHandlers.get(request.type);
  if (!handler) return err('not_implemented', `${request.type} is not available in this build`);
  return handler(request);
}

/** Answers one side-panel request; malformed requests get an error value, never a throw into Chrome. */
export async function handlePanelRequest(raw: unknown): Promise<Result<unknown>> {
  const parsed = PanelRequestSchema.safeParse(raw);
  if (!parsed.success)
    return err('bad_message', `malformed panel request: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`);
  const request = parsed.data;
  switch (request.type) {
    case 'get_tab_info': {
      try {
        const tab = await chrome.tabs.get(request.tabId);
        const taskTab = ownerTabOf(await listTasks(), request.tabId);
        const info: TabInfo = {
          tabId: request.tabId,
          title: tab.title ?? '',
          url: tab.url ?? '',
          ...(taskTab !== undefined ? { taskTab } : {}),
        };
        return ok(info);
      } catch (e) {
        return err('bad_tab', `tab ${request.tabId} is not available: ${errorMessage(e)}`);
      }
    }
    default:
      return handleExtendedRequest(request);
  }
}
