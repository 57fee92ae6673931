import '../src/zod-setup';
import { createConsoleApi, type WbConsoleApi } from './console-api';
import { handlePanelRequest } from './panel-messages';
import { registerAllTools } from './tools/index';

declare global {
  // The developer's console API; `var` is what makes it a property of the worker's global scope.
  var wb: WbConsoleApi;
}

registerAllTools();
globalThis.wb = createConsoleApi();

// MV3: every listener is registered synchronously at top level, so events that wake a stopped
// worker are delivered to it.
chrome.runtime.onInstalled.addListener(() => {
  void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
});
chrome.runtime.onStartup.addListener(() => {
  void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
});

chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
  // Only our own extension pages (the panel, even when opened in a tab) talk to the worker this
  // way; content scripts run on web origins and never ask it anything.
  if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(chrome.runtime.getURL(''))) return false;
  void handlePanelRequest(raw).then(sendResponse);
  return true;
});
