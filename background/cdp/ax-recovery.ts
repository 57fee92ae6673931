/**
 * Recovery of Chrome's raw accessibility tree: the payload of the last few `chrome_ax_tree` reads per tab,
 * kept in worker memory as the exact JSON text of the CDP reply, with its SHA-256, for people
 * debugging a read (the `wb` console API, the panel's debug-log export). Never offered to the model.
 * Bounded: the last few payloads per tab, the newest few tabs, a total size; a payload over the size cap
 * is not kept (its digest and size still are, so the export says what was dropped rather than storing a
 * cut copy). Each payload carries the ref map of its read (backend node → ref), so a printed ref can be
 * found in the raw payload.
 */

export interface AxRecovery {
  tabId: number;
  at: number;
  url: string;
  /** CDP frame id the tree was read from; absent for the main frame. */
  cdpFrameId: string | undefined;
  bytes: number;
  sha256: string;
  /** The reply's JSON text, byte for byte; absent when it exceeded the cap or the total budget. */
  json: string | undefined;
  /** The tree_revision of the read this payload served, once the read is built. */
  revision?: string;
  /** backendDOMNodeId → the ref the read printed for it: which payload node each printed ref is. */
  refs?: Record<string, string>;
}

const MAX_TABS = 4;
/** A few reads per tab (a read, a zoom, a frame, a re-read after a change), newest kept. */
const MAX_PER_TAB = 4;
const MAX_BYTES = 32 * 1024 * 1024;
/** All kept payload text together: older payloads drop their text (digest, size and refs stay) past it. */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** Per tab, oldest first. */
const kept = new Map<number, AxRecovery[]>();

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Drops payload text, oldest first across tabs, until the kept text fits the total budget. */
function enforceTotal(): void {
  // Least recently read tab first, each tab's reads oldest first.
  const all = [...kept.values()].flat();
  let total = all.reduce((sum, r) => sum + (r.json === undefined ? 0 : r.bytes), 0);
  for (const r of all) {
    if (total <= MAX_TOTAL_BYTES) break;
    if (r.json === undefined) continue;
    total -= r.bytes;
    r.json = undefined;
  }
}

/** Stores the reply of one Accessibility.getFullAXTree call; returns its record (digest, and later its refs). */
export async function keepAxPayload(
  tabId: number,
  url: string,
  cdpFrameId: string | undefined,
  reply: unknown,
): Promise<AxRecovery> {
  const json = JSON.stringify(reply);
  const bytes = new TextEncoder().encode(json).length;
  const record: AxRecovery = {
    tabId,
    at: Date.now(),
    url,
    cdpFrameId,
    bytes,
    sha256: await sha256Hex(json),
    json: bytes <= MAX_BYTES ? json : undefined,
  };
  const list = [...(kept.get(tabId) ?? []), record].slice(-MAX_PER_TAB);
  // Most recently used tab last in the map's order, so the oldest tab goes first.
  kept.delete(tabId);
  kept.set(tabId, list);
  while (kept.size > MAX_TABS) {
    const oldest = kept.keys().next().value;
    if (oldest === undefined) break;
    kept.delete(oldest);
  }
  enforceTotal();
  return record;
}

/** Binds a kept payload to the read it served: its revision and the ref printed for each backend node. */
export function noteAxRead(record: AxRecovery, revision: string, refs: ReadonlyMap<number, string>): void {
  record.revision = revision;
  record.refs = Object.fromEntries([...refs].map(([id, ref]) => [String(id), ref]));
}

/** The kept payloads of a tab, or of every kept tab: newest first (`[0]` is the last read). */
export function axRecovery(tabId?: number): AxRecovery[] {
  const lists = tabId !== undefined ? [kept.get(tabId) ?? []] : [...kept.values()];
  // Tabs are kept least recently read first, each tab's reads oldest first: reversed, newest first.
  return lists.flat().reverse();
}
