/**
 * The per-tab ref floor: the highest `ref_N` number any document of a tab has reported (every
 * content reply carries `refHigh`). Every request to a page carries the floor (`refFloor`), and a
 * document raises its counter to it before minting, so a new document (reload, navigation, a frame
 * that reloaded) starts above every ref the model may remember, and an old ref can never name one of
 * its elements: the page answers `stale_ref` instead (content-scripts/ax/ref-registry.ts).
 *
 * One floor per tab rather than per frame: it is the simpler invariant (a frame's new document also
 * starts above the refs of its siblings), costs only larger numbers, and needs no frame identity that
 * could itself change across a navigation.
 *
 * Kept in memory and in chrome.storage.session: MV3 stops idle workers, and a restarted worker that
 * forgot the floor would hand the next document 0, re-minting numbers the model already saw.
 */

const memory = new Map<number, number>();
const storageKey = (tabId: number): string => `wb.refFloor.${tabId}`;

function session(): chrome.storage.StorageArea | undefined {
  return typeof chrome !== 'undefined' ? chrome.storage?.session : undefined;
}

function isFloor(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** The tab's floor (0 for a tab no page has answered in yet). */
export async function refFloor(tabId: number): Promise<number> {
  const cached = memory.get(tabId);
  if (cached !== undefined) return cached;
  let floor = 0;
  const area = session();
  if (area) {
    const key = storageKey(tabId);
    try {
      const stored: unknown = (await area.get(key))[key];
      if (isFloor(stored)) floor = stored;
    } catch {
      // Storage unavailable (worker shutting down): 0 is still safe for a tab never read.
    }
  }
  // Another call may have raised it while we read storage: keep the larger.
  const now = Math.max(floor, memory.get(tabId) ?? 0);
  memory.set(tabId, now);
  return now;
}

/**
 * Records a document's `refHigh`. Awaited before the reply reaches the model, so any ref the model
 * has seen is below the floor the next document gets, even across a worker restart.
 */
export async function noteRefHigh(tabId: number, high: number): Promise<void> {
  if (!isFloor(high)) return;
  await refFloor(tabId);
  // Re-read after the await: a concurrent reply may have raised it further.
  const floor = memory.get(tabId) ?? 0;
  if (high <= floor) return;
  memory.set(tabId, high);
  try {
    // Write what memory holds now, so out-of-order completions never store a lower value last.
    await session()?.set({ [storageKey(tabId)]: memory.get(tabId) ?? high });
  } catch {
    // Memory still holds it; a restart before the next write is the only window.
  }
}

/** Drops a closed tab's floor (tab ids are not reused within a browser session). */
async function forgetRefFloor(tabId: number): Promise<void> {
  memory.delete(tabId);
  await session()?.remove(storageKey(tabId));
}

// Registered at module load (top level of the worker's import graph), as MV3 requires for listeners.
if (typeof chrome !== 'undefined' && chrome.tabs?.onRemoved) {
  chrome.tabs.onRemoved.addListener((tabId) => void forgetRefFloor(tabId));
}
