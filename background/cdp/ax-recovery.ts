/**
 * Recovery of Chrome's raw accessibility tree: the payload of the last `chrome_ax_tree` read per tab,
 * kept in worker memory as the exact JSON text of the CDP reply, with its SHA-256, for people
 * debugging a read (the `wb` console API, the panel's debug-log export). Never offered to the model.
 * Bounded: one payload per tab, the newest few tabs, and a payload over the size cap is not kept
 * (its digest and size still are, so the export says what was dropped rather than storing a cut copy).
 */

export interface AxRecovery {
  tabId: number;
  at: number;
  url: string;
  /** CDP frame id the tree was read from; absent for the main frame. */
  cdpFrameId: string | undefined;
  bytes: number;
  sha256: string;
  /** The reply's JSON text, byte for byte; absent when it exceeded the cap. */
  json: string | undefined;
}

const MAX_TABS = 4;
const MAX_BYTES = 32 * 1024 * 1024;
const kept = new Map<number, AxRecovery>();

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Stores the reply of one Accessibility.getFullAXTree call; returns its digest. */
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
  kept.delete(tabId);
  kept.set(tabId, record);
  while (kept.size > MAX_TABS) {
    const oldest = kept.keys().next().value;
    if (oldest === undefined) break;
    kept.delete(oldest);
  }
  return record;
}

/** The last payload of a tab, or of every kept tab. */
export function axRecovery(tabId?: number): AxRecovery[] {
  if (tabId !== undefined) {
    const one = kept.get(tabId);
    return one ? [one] : [];
  }
  return [...kept.values()];
}
