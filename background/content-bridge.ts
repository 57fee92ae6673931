import { RefHighSchema, type ContentRequest } from '../src/protocol/content';
import { parseResult } from '../src/protocol/result-schema';
import { err, errorMessage, type Result } from '../src/result';
import { ACTIONS_NOT_LOADED } from '../src/tools/actions';
import { noteRefHigh, refFloor } from './frames/ref-floor';
import { ON_DEMAND_SCRIPTS } from './page-scripts';

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;

/**
 * Sends one request to the content scripts of one frame. When the scripts are missing (a tab
 * opened before the extension was installed or reloaded) they are injected once and the request
 * is retried; pages that forbid extensions (chrome://, the Web Store, PDF viewer) get a clear error.
 */
export async function sendToContent(tabId: number, request: ContentRequest, frameId = 0): Promise<Result<unknown>> {
  let reply = await trySend(tabId, request, frameId);
  if (!reply.ok && reply.error.code === 'no_content_script') {
    const injected = await injectFiles(tabId, frameId, manifestContentScripts());
    if (!injected.ok) return injected;
    reply = await trySend(tabId, request, frameId);
  }
  // The page actions are injected on a frame's first action rather than into every frame.
  if (!reply.ok && reply.error.code === ACTIONS_NOT_LOADED) {
    const injected = await injectFiles(tabId, frameId, ON_DEMAND_SCRIPTS.actions);
    if (!injected.ok) return injected;
    reply = await trySend(tabId, request, frameId);
  }
  return reply;
}

function manifestContentScripts(): string[] {
  return (chrome.runtime.getManifest().content_scripts ?? []).flatMap((cs) => cs.js ?? []);
}

async function trySend(tabId: number, request: ContentRequest, frameId: number): Promise<Result<unknown>> {
  try {
    // Every request carries the tab's ref floor and every reply its document's high mark, so refs
    // never outlive their document (frames/ref-floor.ts).
    const withFloor: ContentRequest = { ...request, refFloor: await refFloor(tabId) };
    const reply: unknown = await chrome.tabs.sendMessage(tabId, withFloor, { frameId });
    if (reply === undefined) {
      return err('no_content_script', `no Weaverbird page script answered in tab ${tabId} frame ${frameId}`);
    }
    const high = RefHighSchema.safeParse(reply);
    if (high.success) await noteRefHigh(tabId, high.data.refHigh);
    return parseResult(reply);
  } catch (e) {
    const message = errorMessage(e);
    if (NO_RECEIVER.test(message)) {
      return err('no_content_script', `no Weaverbird page script answered in tab ${tabId} frame ${frameId}`);
    }
    return err('content_unreachable', `could not reach the page in tab ${tabId}: ${message}`);
  }
}

async function injectFiles(tabId: number, frameId: number, files: readonly string[]): Promise<Result<true>> {
  try {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [...files] });
    return { ok: true, data: true };
  } catch (e) {
    return err(
      'page_not_scriptable',
      `Weaverbird cannot read or act on this page (${errorMessage(e)}). Browser pages (chrome://, the Web Store, the PDF viewer) block extensions; ask the user to open a regular web page.`,
    );
  }
}
