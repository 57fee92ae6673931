import { PingReplySchema, RefHighSchema, type ContentRequest } from '../shared/protocol/content';
import { parseResult } from '../shared/protocol/result-schema';
import { HAS_CDP } from '../shared/browser-target';
import { err, errorMessage, type Result } from '../shared/result';
import { monotonicMs, withTimeout } from '../shared/timeout';
import { ACTIONS_NOT_LOADED } from '../shared/tools/actions';
import { noteRefHigh, refFloor } from './frames/ref-floor';
import { pageScriptsBlocked } from './frames/script-block';
import { ALWAYS_ON_MAIN_WORLD_SCRIPTS, ON_DEMAND_SCRIPTS } from './page-scripts';
import { describeDialog, knownDialog, type OpenDialog } from './cdp/dialogs';
import { notePlace, placeAskFor, type PlaceAsk } from './page-place';

/** The extension's isolated world (handlers) or the page's own (the always-on core). */
type PageWorld = 'ISOLATED' | 'MAIN';

const NO_RECEIVER = /Receiving end does not exist|Could not establish connection/i;
/**
 * Chrome's words when the receiving document went away after taking the message (its listener
 * returned true: content.ts): the frame navigated, reloaded or closed mid-request.
 */
const WENT_AWAY = /message (port|channel) closed/i;
/** Firefox's words when the user withheld the site (scripting.executeScript, tabs.captureTab). */
const MISSING_HOST_PERMISSION = /Missing host permission/i;

/** How long one page call may take unless its caller gives its own deadline (a wait's timeout). */
const PAGE_CALL_MS = 10_000;
/** How often a waiting call looks whether a JS dialog opened (cdp/dialogs.ts) and blocks the page. */
const DIALOG_POLL_MS = 200;

/** The error every page call returns while a JS dialog blocks the page; tools read `dialog` off it. */
function dialogOpenError(dialog: OpenDialog): Result<never> {
  return err(
    'dialog_open',
    `${describeDialog(dialog)}, and the page cannot act or answer until it is closed. Answer it with handle_dialog {accept: true} or {accept: false} (a prompt takes promptText), then continue.`,
  );
}

/**
 * Sends one request to one frame with a deadline (default PAGE_CALL_MS). A page blocked by a JS
 * dialog answers nothing: the call returns `dialog_open` naming the dialog as soon as the dialog
 * watcher (cdp/dialogs.ts) has seen one open; a page that is only slow or busy gets `timeout` at the
 * deadline. The request carries the deadline, and the page drops it if it arrives later (a click
 * queued behind a dialog must not happen after the model was told it did not).
 */
export async function sendToContent(
  tabId: number,
  request: ContentRequest,
  frameId = 0,
  deadlineMs = PAGE_CALL_MS,
): Promise<Result<unknown>> {
  const known = knownDialog(tabId);
  if (known) return dialogOpenError(known);
  // The wait is measured on the monotonic clock (a wall-clock step must not end it early: the frames
  // e2e flake); the page compares `expiresAt` with its own wall clock, the only clock both share.
  const started = monotonicMs();
  // A recorded action's own call describes its target too (page-place.ts): no extra round trip.
  const ask = request.type === 'tool' ? placeAskFor(tabId, frameId, request.args) : undefined;
  const sent: ContentRequest = { ...request, expiresAt: Date.now() + deadlineMs, ...(ask ? { place: true } : {}) };
  const call = sendUnbounded(tabId, sent, frameId, ask).then((r) => ({ r }));
  for (let left = deadlineMs; left > 0; left = deadlineMs - (monotonicMs() - started)) {
    const reply = await withTimeout(call, Math.min(DIALOG_POLL_MS, left), () => undefined);
    if (reply) return reply.r;
    const dialog = knownDialog(tabId);
    if (dialog) return dialogOpenError(dialog);
  }
  const where = frameId ? `tab ${tabId} frame ${frameId}` : `tab ${tabId}`;
  const why = HAS_CDP
    ? 'the page is busy (a long-running script) or still loading'
    : 'the page is busy, or a JS dialog (alert, confirm, prompt, "leave this page?") blocks it, which Firefox gives extensions no way to see or answer: ask the user to close any dialog';
  return err(
    'timeout',
    `the page in ${where} did not answer within ${deadlineMs} ms: ${why}. Whether a requested action happened is unknown: re-read the page before retrying.`,
  );
}

/**
 * Sends one request to the page scripts of one frame. Frames carry only the always-on core
 * (page-scripts.ts); the first request to a frame without handlers finds no receiver, so the tree
 * builder and handlers are injected into exactly that frame and the request is retried (the same
 * path heals a tab opened before the extension was installed). Pages that forbid extensions
 * (chrome://, the Web Store, PDF viewer) get a clear error.
 */
async function sendUnbounded(
  tabId: number,
  request: ContentRequest,
  frameId: number,
  ask?: PlaceAsk,
): Promise<Result<unknown>> {
  if (pageScriptsBlocked(tabId, frameId)) {
    return err(
      'page_not_scriptable',
      `Weaverbird's page scripts are blocked in tab ${tabId} frame ${frameId} (wb.blockPageScripts)`,
    );
  }
  let reply = await trySend(tabId, request, frameId, ask);
  if (!reply.ok && reply.error.code === 'no_content_script') {
    // A frame the core never ran in (a tab opened before install) gets it now; where it runs, the new
    // copy finds it and steps aside (core.ts). Best effort: the handlers work without it.
    const [injected] = await Promise.all([
      injectOnce(tabId, frameId, ON_DEMAND_SCRIPTS.handlers),
      injectOnce(tabId, frameId, ALWAYS_ON_MAIN_WORLD_SCRIPTS, 'MAIN'),
    ]);
    if (!injected.ok) return injected;
    reply = await trySend(tabId, request, frameId, ask);
  }
  // The page actions are injected on a frame's first action rather than with the handlers.
  if (!reply.ok && reply.error.code === ACTIONS_NOT_LOADED) {
    const injected = await injectOnce(tabId, frameId, ON_DEMAND_SCRIPTS.actions);
    if (!injected.ok) return injected;
    reply = await trySend(tabId, request, frameId, ask);
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

async function trySend(
  tabId: number,
  request: ContentRequest,
  frameId: number,
  ask?: PlaceAsk,
): Promise<Result<unknown>> {
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
    if (ask) notePlace(ask, reply);
    return parseResult(reply);
  } catch (e) {
    const message = errorMessage(e);
    if (NO_RECEIVER.test(message)) {
      return err('no_content_script', `no Weaverbird page script answered in tab ${tabId} frame ${frameId}`);
    }
    if (WENT_AWAY.test(message)) {
      // Chrome's words stay in the text: click_ax reads them to report a navigation (click-ax.ts).
      const where = frameId === 0 ? `the page in tab ${tabId}` : `frame ${frameId} of tab ${tabId}`;
      return err(
        'content_unreachable',
        `${where} went away before it answered (it navigated, reloaded or closed: "${message}"); an action may or may not have run there. Re-read the page with get_accessibility_tree before acting again.`,
      );
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
