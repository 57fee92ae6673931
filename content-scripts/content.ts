import '../shared/zod-setup';
import { dispatchContentRequest, refHigh } from './dispatch';
import { requestExpired } from '../shared/protocol/content';

const INSTALLED = '__wbHandlersInstalled';

// Chrome may inject this file twice into one frame (manifest + scripting.executeScript into a tab
// opened before install); a second listener would answer every message twice.
if (!Reflect.get(globalThis, INSTALLED)) {
  Reflect.set(globalThis, INSTALLED, true);
  chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id) return false;
    if (requestExpired(raw, Date.now())) {
      // Delivered after the worker gave up on it (the page was blocked): never act late.
      sendResponse({
        ok: false,
        error: { code: 'timeout', message: 'the request reached the page after its deadline; not run' },
      });
      return false;
    }
    // refHigh rides beside the Result so the worker's per-tab ref floor follows this document.
    void dispatchContentRequest(raw, document).then((result) => sendResponse({ ...result, refHigh: refHigh() }));
    return true;
  });
}
