/**
 * Pages of one snapshot. Page 1 builds a snapshot and cuts it into pages; pages 2+ are served from
 * that same snapshot (bound by its revision), so a long read is consistent even while the page
 * keeps changing. A few snapshots are kept per registry, one per set of arguments, so a `ref_id`
 * zoom or an interactive read in the middle of a paged read does not invalidate it.
 */
import { AncestorTracker, contextLine, depthOf, type PageStart } from './tree-page-context';

export interface SnapshotMeta {
  url: string;
  title: string;
  refCount: number;
  nodeCount: number;
  elementCount: number;
  totalChars: number;
  buildMs: number;
  autoDegraded: boolean;
  notice: string | undefined;
}

export interface Snapshot {
  revision: string;
  /** The arguments that shaped it (everything but page and tree_revision), as a comparable string. */
  key: string;
  pages: string[];
  meta: SnapshotMeta;
}

interface Store {
  nonce: string;
  seq: number;
  /** Most recent last; at most MAX_SNAPSHOTS, one per key. */
  kept: Snapshot[];
}

/**
 * Enough for a paged read plus a few zooms and filtered reads between its pages; each snapshot is
 * the text of one read (a 50k-element page is about 2 MB), so the count stays small.
 */
const MAX_SNAPSHOTS = 4;

const stores = new WeakMap<object, Store>();

function storeFor(owner: object): Store {
  let store = stores.get(owner);
  if (!store) {
    // The nonce tells this document's revisions from a previous document's (a reload restarts seq).
    store = { nonce: Math.random().toString(36).slice(2, 6), seq: 0, kept: [] };
    stores.set(owner, store);
  }
  return store;
}

export function saveSnapshot(owner: object, key: string, pages: string[], meta: SnapshotMeta): Snapshot {
  const store = storeFor(owner);
  store.seq++;
  const snapshot: Snapshot = { revision: `${store.nonce}-${store.seq}`, key, pages, meta };
  // A new read with the same arguments replaces the older snapshot of them: its pages are the current ones.
  store.kept = [...store.kept.filter((s) => s.key !== key), snapshot].slice(-MAX_SNAPSHOTS);
  return snapshot;
}

/** The snapshot a continuation names, if it is still kept. */
export function snapshotByRevision(owner: object, revision: string): Snapshot | undefined {
  return stores.get(owner)?.kept.find((s) => s.revision === revision);
}

/** The latest snapshot taken with these arguments (to point a caller that lost its revision at it). */
export function latestSnapshotFor(owner: object, key: string): Snapshot | undefined {
  return stores.get(owner)?.kept.findLast((s) => s.key === key);
}

/**
 * Cuts lines into pages of at most maxChars (a single longer line gets a page of its own). Within
 * the last fifth of a page the cut moves up to the shallowest line, so small subtrees stay whole.
 * Pages 2+ open with a context line (page-context.ts) naming the ancestors they continue under;
 * it counts toward the page's maxChars like any other line.
 */
export function paginate(lines: readonly string[], maxChars: number): string[] {
  const pages: string[] = [];
  const tracker = new AncestorTracker(lines);
  let start = 0;
  while (start < lines.length) {
    const head = start > 0 ? headerFor(tracker.at(start), lines[start] ?? '', maxChars) : null;
    let size = head === null ? 0 : head.length + 1;
    let end = start;
    while (end < lines.length) {
      const add = (lines[end]?.length ?? 0) + (end > start ? 1 : 0);
      if (end > start && size + add > maxChars) break;
      size += add;
      end++;
    }
    if (end < lines.length) {
      const floor = maxChars * 0.8;
      let best = end;
      let bestDepth = depthOf(lines[end] ?? '');
      let acc = size;
      for (let j = end - 1; j > start; j--) {
        acc -= (lines[j]?.length ?? 0) + 1;
        if (acc < floor) break;
        const d = depthOf(lines[j] ?? '');
        if (d < bestDepth) {
          best = j;
          bestDepth = d;
        }
      }
      end = best;
    }
    const body = lines.slice(start, end).join('\n');
    pages.push(head === null ? body : `${head}\n${body}`);
    start = end;
  }
  return pages.length > 0 ? pages : [''];
}

/**
 * The full context line, or its names-free form when the full one and the page's first line would
 * not fit together (a line that is itself near maxChars long; a longer one overflows regardless).
 */
function headerFor(start: PageStart, first: string, maxChars: number): string {
  const full = contextLine(start);
  if (full.length + 1 + first.length <= maxChars) return full;
  return contextLine(start, false);
}
