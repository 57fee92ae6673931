/**
 * Per-tab frame ids, in memory and in chrome.storage.session so a service-worker restart (MV3 stops
 * idle workers after ~30 s) keeps every id the model has already seen. Updates for one tab are
 * serialized so two tools syncing at once cannot mint two ids for one frame.
 */
import { err, errorMessage, ok, type Result } from '../../shared/result';
import { assignFrameIds, emptyFrameIdState, fidFor, isFrameIdState, type FrameIdState } from './frame-ids';
import { sanitizeUrl } from '../../shared/url-sanitize';
import { cut } from '../../shared/text';

export interface BrowserFrame {
  /** Our stable id: f0, f1, … */
  id: string;
  chromeFrameId: number;
  /** Our id of the parent frame; null for the main frame. */
  parent: string | null;
  parentChromeFrameId: number;
  url: string;
  documentId: string | undefined;
  errorOccurred: boolean;
}

const memory = new Map<number, FrameIdState>();
const chains = new Map<number, Promise<unknown>>();
const storageKey = (tabId: number): string => `wb.frames.${tabId}`;

function session(): chrome.storage.StorageArea | undefined {
  return typeof chrome !== 'undefined' ? chrome.storage?.session : undefined;
}

async function load(tabId: number): Promise<FrameIdState> {
  const cached = memory.get(tabId);
  if (cached) return cached;
  const area = session();
  let state = emptyFrameIdState();
  if (area) {
    const key = storageKey(tabId);
    const stored: unknown = (await area.get(key))[key];
    if (isFrameIdState(stored)) state = stored;
  }
  memory.set(tabId, state);
  return state;
}

async function save(tabId: number, state: FrameIdState): Promise<void> {
  memory.set(tabId, state);
  await session()?.set({ [storageKey(tabId)]: state });
}

function serialized<T>(tabId: number, job: () => Promise<T>): Promise<T> {
  const previous = chains.get(tabId) ?? Promise.resolve();
  const run = previous.then(job, job);
  chains.set(
    tabId,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Reads the browser's frame inventory for a tab and assigns ids. Documents that are not the live one
 * (prerendered, back/forward-cached, being deleted) are left out: a tool can neither read nor act there.
 */
export function syncFrames(tabId: number): Promise<Result<BrowserFrame[]>> {
  return serialized(tabId, async () => {
    let raw: chrome.webNavigation.GetAllFrameResultDetails[] | null;
    try {
      raw = await chrome.webNavigation.getAllFrames({ tabId });
    } catch (e) {
      return err('no_frames', `cannot list the frames of tab ${tabId}: ${errorMessage(e)}`);
    }
    if (!raw)
      return err('no_frames', `tab ${tabId} has no frames to list (closed or discarded?); reload the tab and retry`);
    const live = raw.filter((f) => f.documentLifecycle === undefined || f.documentLifecycle === 'active');
    const before = await load(tabId);
    const { state, changed } = assignFrameIds(before, live);
    if (changed) await save(tabId, state);
    const frames = live.map((f): BrowserFrame => {
      const id = fidFor(state, f.frameId) ?? `f?${f.frameId}`;
      return {
        id,
        chromeFrameId: f.frameId,
        parent: f.parentFrameId < 0 ? null : (fidFor(state, f.parentFrameId) ?? null),
        parentChromeFrameId: f.parentFrameId,
        url: f.url,
        documentId: f.documentId,
        errorOccurred: f.errorOccurred,
      };
    });
    frames.sort((a, b) => frameNumber(a.id) - frameNumber(b.id));
    return ok(frames);
  });
}

function frameNumber(id: string): number {
  const n = Number(id.slice(1));
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}

/** The live frame behind one of our ids, syncing first so a just-added frame is found. */
export async function findFrame(
  tabId: number,
  fid: string,
): Promise<Result<{ frame: BrowserFrame; all: BrowserFrame[] }>> {
  const frames = await syncFrames(tabId);
  if (!frames.ok) return frames;
  const frame = frames.data.find((f) => f.id === fid);
  if (frame) return ok({ frame, all: frames.data });
  const known = frames.data.map((f) => `${f.id} (${shortUrl(f.url)})`).join(', ');
  return err(
    'unknown_frame',
    `frame ${fid} is not on the page now (it was removed, or the page navigated); current frames: ${known}. Call get_frames and re-read the frame you need.`,
  );
}

/** Drops a tab's ids (tab closed). */
async function forgetTab(tabId: number): Promise<void> {
  memory.delete(tabId);
  chains.delete(tabId);
  await session()?.remove(storageKey(tabId));
}

/** A frame URL as messages print it: sanitized (shared/url-sanitize.ts), then capped. */
export function shortUrl(url: string, max = 80): string {
  const clean = sanitizeUrl(url);
  return cut(clean, max);
}

// Registered at module load (top level of the worker's import graph), as MV3 requires for listeners.
if (typeof chrome !== 'undefined' && chrome.tabs?.onRemoved) {
  chrome.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId));
}
