import type { ContentRequest } from '../src/protocol/content';
import { parseResult } from '../src/protocol/result-schema';
import { err, errorMessage, type Result } from '../src/result';

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;

/**
 * Sends one request to the content scripts of one frame. When the scripts are missing (a tab
 * opened before the extension was installed or reloaded) they are injected once and the request
 * is retried; pages that forbid extensions (chrome://, the Web Store, PDF viewer) get a clear error.
 */
export async function sendToContent(tabId: number, request: ContentRequest, frameId = 0): Promise<Result<unknown>> {
  const first = await trySend(tabId, request, frameId);
  if (first.ok || first.error.code !== 'no_content_script') return first;
  const injected = await injectContentScripts(tabId, frameId);
  if (!injected.ok) return injected;
  return trySend(tabId, request, frameId);
}

async function trySend(tabId: number, request: ContentRequest, frameId: number): Promise<Result<unknown>> {
  try {
    const reply: unknown = await chrome.tabs.sendMessage(tabId, request, { frameId });
    if (reply === undefined) {
      return err('no_content_script', `no Weaverbird page script answered in tab ${tabId} frame ${frameId}`);
    }
    return parseResult(reply);
  } catch (e) {
    const message = errorMessage(e);
    if (NO_RECEIVER.test(message)) {
      return err('no_content_script', `no Weaverbird page script answered in tab ${tabId} frame ${frameId}`);
    }
    return err('content_unreachable', `could not reach the page in tab ${tabId}: ${message}`);
  }
}

async function injectContentScripts(tabId: number, frameId: number): Promise<Result<true>> {
  const files = (chrome.runtime.getManifest().content_scripts ?? []).flatMap((cs) => cs.js ?? []);
  try {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files });
    return { ok: true, data: true };
  } catch (e) {
    return err(
      'page_not_scriptable',
      `Weaverbird cannot read or act on this page (${errorMessage(e)}). Browser pages (chrome://, the Web Store, the PDF viewer) block extensions; ask the user to open a regular web page.`,
    );
  }
}
