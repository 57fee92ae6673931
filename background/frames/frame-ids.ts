/**
 * Stable frame ids (`f0`, `f1`, …) for one tab session, as pure state transitions.
 *
 * Chrome's own frame ids (webNavigation/scripting `frameId`) are large opaque numbers that stay with a
 * frame for its lifetime, including navigations inside it; we hand the model short ids instead and
 * keep them in step with Chrome's: `f0` is always the main frame (Chrome frameId 0), a child keeps its
 * id while Chrome still lists it, and numbers come from a counter that never goes back, so an id that
 * left the page is never reused for another frame (the same rule as refs: a stale id misses loudly).
 */
import { FRAME_ID_PATTERN } from '../../shared/refs';

export interface FrameIdState {
  /** The next number to mint (never decreases). */
  next: number;
  /** Chrome frameId (as a string key) → our id. */
  ids: Record<string, string>;
}

/** The fields of chrome.webNavigation.getAllFrames that id assignment needs. */
export interface LiveFrame {
  frameId: number;
  parentFrameId: number;
  url: string;
}

export const MAIN_FRAME_ID = 'f0';

export function emptyFrameIdState(): FrameIdState {
  return { next: 1, ids: {} };
}

/**
 * Gives every live frame an id: existing ones keep theirs, departed ones are dropped, new ones are
 * minted parent-first (shallower frames first, then Chrome's creation order) so a page's ids come out
 * in a predictable order.
 */
export function assignFrameIds(
  state: FrameIdState,
  live: readonly LiveFrame[],
): { state: FrameIdState; changed: boolean } {
  const liveIds = new Set(live.map((f) => f.frameId));
  const ids: Record<string, string> = {};
  let changed = false;
  for (const [chromeId, fid] of Object.entries(state.ids)) {
    if (liveIds.has(Number(chromeId))) ids[chromeId] = fid;
    else changed = true;
  }
  let next = state.next;
  const depth = depthMap(live);
  const fresh = live
    .filter((f) => ids[String(f.frameId)] === undefined)
    .sort((a, b) => (depth.get(a.frameId) ?? 0) - (depth.get(b.frameId) ?? 0) || a.frameId - b.frameId);
  for (const f of fresh) {
    changed = true;
    if (f.frameId === 0) {
      ids['0'] = MAIN_FRAME_ID;
      continue;
    }
    ids[String(f.frameId)] = `f${next}`;
    next += 1;
  }
  return { state: { next, ids }, changed };
}

function depthMap(live: readonly LiveFrame[]): Map<number, number> {
  const parentOf = new Map(live.map((f) => [f.frameId, f.parentFrameId]));
  const depth = new Map<number, number>();
  for (const f of live) {
    let d = 0;
    let cur = f.parentFrameId;
    // Bounded walk: a malformed inventory with a parent cycle must not hang the worker.
    while (cur >= 0 && d < 64) {
      d += 1;
      cur = parentOf.get(cur) ?? -1;
    }
    depth.set(f.frameId, d);
  }
  return depth;
}

/** Our id for a Chrome frameId, if assigned. */
export function fidFor(state: FrameIdState, chromeFrameId: number): string | undefined {
  return state.ids[String(chromeFrameId)];
}

/** The Chrome frameId for our id, if it is still assigned. */
export function chromeIdFor(state: FrameIdState, fid: string): number | undefined {
  if (fid === MAIN_FRAME_ID) return 0;
  for (const [chromeId, id] of Object.entries(state.ids)) if (id === fid) return Number(chromeId);
  return undefined;
}

export function isFrameIdState(v: unknown): v is FrameIdState {
  if (typeof v !== 'object' || v === null || !('next' in v) || !('ids' in v)) return false;
  const { next, ids } = v;
  if (typeof next !== 'number' || !Number.isSafeInteger(next) || next < 1) return false;
  if (typeof ids !== 'object' || ids === null) return false;
  return Object.entries(ids).every(([k, id]) => /^\d+$/.test(k) && typeof id === 'string' && FRAME_ID_PATTERN.test(id));
}
