import '../src/zod-setup';
import { dispatchContentRequest } from './dispatch';

const INSTALLED = '__wbHandlersInstalled';

// Chrome may inject this file twice into one frame (manifest + scripting.executeScript into a tab
// opened before install); a second listener would answer every message twice.
if (!Reflect.get(globalThis, INSTALLED)) {
  Reflect.set(globalThis, INSTALLED, true);
  chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id) return false;
    void dispatchContentRequest(raw, document).then(sendResponse);
    return true;
  });
}
