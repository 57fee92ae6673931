import '../shared/zod-setup';
import { onAgentConnect } from './agent/task/agent-port';
import { registerNavigationGuard } from './policy/navigation-guard';
import { WATCHDOG_ALARM } from './agent/task/keepalive';
import { registerAgentPanelRequests } from './agent/task/panel-handlers';
import { forgetTab } from './agent/task/state-store';
import { stopTask } from './agent/task/task-manager';
import { resumeInterruptedTasks } from './agent/task/task-resume';
import { createConsoleApi, type WbConsoleApi } from './console-api';
import { registerPanelOpener } from './browser/panel-opener';
import { registerEntryPoints } from './entry-points';
import { registerHighlightRequest } from './panel-highlight';
import { handlePanelRequest } from './panel-messages';
import { registerAllTools } from './tools/index';
import { registerImageRequest } from './vision/panel-image';
import { onScheduleAlarm, SCHEDULE_ALARM_PREFIX } from './workflows/scheduler';
import { registerWorkflowPanelRequests } from './workflows/panel';
import { startMcpBridge } from './mcp/bridge';

declare global {
  // The developer's console API; `var` is what makes it a property of the worker's global scope.
  var wb: WbConsoleApi;
}

registerAllTools();
registerAgentPanelRequests();
registerWorkflowPanelRequests();
registerHighlightRequest();
registerImageRequest();
globalThis.wb = createConsoleApi();

// MV3: every listener is registered synchronously at top level, so events that wake a stopped
// worker are delivered to it.
registerPanelOpener();

chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
  // Only our own extension pages (the panel, even when opened in a tab) talk to the worker this
  // way; content scripts run on web origins and never ask it anything.
  if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(chrome.runtime.getURL(''))) return false;
  void handlePanelRequest(raw).then(sendResponse);
  return true;
});

// The side panel's agent Port (commands in, events out).
chrome.runtime.onConnect.addListener(onAgentConnect);
registerNavigationGuard();
registerEntryPoints();
chrome.tabs.onRemoved.addListener((tabId) => {
  void stopTask(tabId).then(() => forgetTab(tabId));
});
// The watchdog alarm exists only while a task runs; its firing wakes a stopped worker, and the
// start-up resume below does the rest.
chrome.alarms?.onAlarm.addListener((alarm) => {
  if (alarm.name === WATCHDOG_ALARM) void resumeInterruptedTasks();
  // Scheduled workflow runs (background/workflows/scheduler.ts).
  else if (alarm.name.startsWith(SCHEDULE_ALARM_PREFIX)) void onScheduleAlarm(alarm);
});
// The MCP bridge (docs/mcp.md): connects to the native host while Settings → MCP is on.
startMcpBridge();
// Tasks that were running when Chrome stopped the worker resume (or end as interrupted) now.
void resumeInterruptedTasks();
