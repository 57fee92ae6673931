/**
 * Refs for elements read through Chrome's tree where no page script runs (a frame that refuses
 * extensions, a page where injection is refused): the worker mints them, still `ref_N`, from the
 * tab's ref floor (frames/ref-floor.ts), so a number is never reused and never collides with one a
 * page registry minted. Each ref is bound to the backend DOM node of one document (webNavigation's
 * documentId); a navigation of the frame drops its refs, and a ref asked for in another document is
 * stale. Kept in memory: after a worker restart such a ref answers "re-read", never a wrong element.
 */
import { err, ok, type Result } from '../../shared/result';
import { formatRef } from '../../shared/refs';
import { noteRefHigh, refFloor } from '../frames/ref-floor';

interface DocRefs {
  documentId: string | undefined;
  byRef: Map<string, number>;
  byBackend: Map<number, string>;
}

/** tabId → Chrome frameId → the refs of the frame's current document. */
const tabs = new Map<number, Map<number, DocRefs>>();

function docRefs(tabId: number, frameId: number, documentId: string | undefined): DocRefs {
  let frames = tabs.get(tabId);
  if (!frames) {
    frames = new Map();
    tabs.set(tabId, frames);
  }
  let refs = frames.get(frameId);
  if (!refs || refs.documentId !== documentId) {
    refs = { documentId, byRef: new Map(), byBackend: new Map() };
    frames.set(frameId, refs);
  }
  return refs;
}

/** The document's ref for each backend node, minting above the tab's floor for new ones. */
export async function mintFallbackRefs(
  tabId: number,
  frameId: number,
  documentId: string | undefined,
  backendIds: readonly number[],
): Promise<Map<number, string>> {
  const refs = docRefs(tabId, frameId, documentId);
  const out = new Map<number, string>();
  const fresh = backendIds.filter((id) => !refs.byBackend.has(id));
  if (fresh.length > 0) {
    const floor = await refFloor(tabId);
    fresh.forEach((id, i) => {
      const ref = formatRef(floor + i + 1);
      refs.byRef.set(ref, id);
      refs.byBackend.set(id, ref);
    });
    // Awaited before the refs reach the model: the next document starts above them (ref-floor.ts).
    await noteRefHigh(tabId, floor + fresh.length);
  }
  for (const id of backendIds) {
    const ref = refs.byBackend.get(id);
    if (ref) out.set(id, ref);
  }
  return out;
}

/** True when the frame's current document has worker-minted refs (so actions there go through CDP). */
export function hasFallbackRef(tabId: number, frameId: number, ref: string): boolean {
  return tabs.get(tabId)?.get(frameId)?.byRef.has(ref) ?? false;
}

/** The backend node a worker-minted ref names, checked against the frame's current document. */
export function fallbackBackendId(
  tabId: number,
  frameId: number,
  documentId: string | undefined,
  ref: string,
): Result<number> {
  const refs = tabs.get(tabId)?.get(frameId);
  const id = refs?.byRef.get(ref);
  if (id === undefined) {
    return err('ref_not_found', `${ref} is not on this page now; re-read it with chrome_ax_tree and use a fresh ref`);
  }
  if (refs?.documentId !== documentId) {
    return err('stale_ref', `${ref} belongs to a page that has since navigated; re-read the page and use a fresh ref`);
  }
  return ok(id);
}

function forget(tabId: number, frameId?: number): void {
  if (frameId === undefined || frameId === 0) tabs.delete(tabId);
  else tabs.get(tabId)?.delete(frameId);
}

// Top-level listeners (MV3). A committed navigation replaces the frame's document; the main frame's
// takes its child frames with it.
if (typeof chrome !== 'undefined' && chrome.webNavigation?.onCommitted) {
  chrome.webNavigation.onCommitted.addListener((d) => forget(d.tabId, d.frameId));
}
if (typeof chrome !== 'undefined' && chrome.tabs?.onRemoved) {
  chrome.tabs.onRemoved.addListener((tabId) => forget(tabId));
}
