import { PingReplySchema, RefHighSchema, type ContentRequest } from '../src/protocol/content';
import { parseResult } from '../src/protocol/result-schema';
import { err, errorMessage, type Result } from '../src/result';
import { ACTIONS_NOT_LOADED } from '../src/tools/actions';
import { noteRefHigh, refFloor } from './frames/ref-floor';
import { pageScriptsBlocked } from './frames/script-block';
import { ALWAYS_ON_MAIN_WORLD_SCRIPTS, ON_DEMAND_SCRIPTS } from './page-scripts';

/** The extension's isolated world (handlers) or the page's own (the always-on core). */
type PageWorld = 'ISOLATED' | 'MAIN';

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;
/** Firefox's words when the user withheld the site (scripting.executeScript, tabs.captureTab). */
const MISSING_HOST_PERMISSION = /Missing host permission/i;

/**
 * Sends one request to the page scripts of one frame. Frames carry only the always-on core
 * (page-scripts.ts); the first request to a frame without handlers finds no receiver, so the tree
 * builder and handlers are injected into exactly that frame and the request is retried (the same
 * path heals a tab opened before the extension was installed). Pages that forbid extensions
 * (chrome://, the Web Store, PDF viewer) get a clear error.
 */
export async function sendToContent(tabId: number, request: ContentRequest, frameId = 0): Promise<Result<unknown>> {
  if (pageScriptsBlocked(tabId, frameId)) {
    return err(
      'page_not_scriptable',
      `Weaverbird's page scripts are blocked in tab ${tabId} frame ${frameId} (wb.blockPageScripts)`,
    );
  }
  let reply = await trySend(tabId, request, frameId);
  if (!reply.ok && reply.error.code === 'no_content_script') {
    // A frame the core never ran in (a tab opened before install) gets it now; where it runs, the new
    // copy finds it and steps aside (core.ts). Best effort: the handlers work without it.
    const [injected] = await Promise.all([
      injectOnce(tabId, frameId, ON_DEMAND_SCRIPTS.handlers),
      injectOnce(tabId, frameId, ALWAYS_ON_MAIN_WORLD_SCRIPTS, 'MAIN'),
    ]);
    if (!injected.ok) return injected;
    reply = await trySend(tabId, request, frameId);
  }
  // The page actions are injected on a frame's first action rather than with the handlers.
  if (!reply.ok && reply.error.code === ACTIONS_NOT_LOADED) {
    const injected = await injectOnce(tabId, frameId, ON_DEMAND_SCRIPTS.actions);
    if (!injected.ok) return injected;
    reply = await trySend(tabId, request, frameId);
  }
  return reply;
}

/**
 * Whether Weaverbird can work in a frame, found without loading its page scripts there (the cheap
 * answer `get_page_info` gives for every frame): true when the handlers already answer a ping, else
 * whether Chrome lets the extension run script in the frame at all, probed with a function that
 * does nothing in the extension's isolated world (no file, no listener, nothing left behind). The
 * frame's first real request loads the scripts as usual (sendToContent).
 */
export async function frameReachable(tabId: number, frameId: number): Promise<boolean> {
  if (pageScriptsBlocked(tabId, frameId)) return false;
  const ping = await trySend(tabId, { type: 'ping' }, frameId);
  if (ping.ok) return PingReplySchema.safeParse(ping.data).success;
  if (ping.error.code !== 'no_content_script') return false;
  try {
    // injectImmediately: a frame still loading answers now rather than at document_idle.
    await chrome.scripting.executeScript({
      target: { tabId, frameIds: [frameId] },
      func: () => true,
      injectImmediately: true,
    });
    return true;
  } catch {
    // Browser pages, error pages, the Web Store, policy-blocked hosts: the bridge could not inject either.
    return false;
  }
}

/**
 * Injections in flight, so concurrent first requests to one frame (a tree read and a panel highlight,
 * the frame walk of a multi-frame read) inject once and all wait for it. In-memory on purpose: after
 * a worker restart the map is empty but the frames keep what was injected, and the scripts
 * themselves are idempotent (content.ts registers one listener per world, installAxApi reuses what a
 * first copy installed, a second core steps aside), so a duplicate injection costs time, never a second ref space.
 */
const inflight = new Map<string, Promise<Result<true>>>();

function injectOnce(
  tabId: number,
  frameId: number,
  files: readonly string[],
  world: PageWorld = 'ISOLATED',
): Promise<Result<true>> {
  const key = `${tabId}:${frameId}:${world}:${files.join(',')}`;
  const pending = inflight.get(key);
  if (pending) return pending;
  const started = injectFiles(tabId, frameId, files, world).finally(() => inflight.delete(key));
  inflight.set(key, started);
  return started;
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

async function injectFiles(
  tabId: number,
  frameId: number,
  files: readonly string[],
  world: PageWorld,
): Promise<Result<true>> {
  try {
    await chrome.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [...files], world });
    return { ok: true, data: true };
  } catch (e) {
    const why = errorMessage(e);
    // Firefox MV3 leaves website access to the user (docs/firefox.md): the fix is theirs to give, not another page.
    if (MISSING_HOST_PERMISSION.test(why))
      return err(
        'page_not_scriptable',
        `Weaverbird has no access to this site (${why}): Firefox leaves website access to the user. Ask the user to allow it (the panel's "Allow access to websites" button, or Add-ons › Weaverbird › Permissions), then retry.`,
      );
    return err(
      'page_not_scriptable',
      `Weaverbird cannot read or act on this page (${why}). Browser pages (chrome://, the Web Store, the PDF viewer) block extensions; ask the user to open a regular web page.`,
    );
  }
}
