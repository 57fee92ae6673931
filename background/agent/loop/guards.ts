import { isRecord } from '../../../shared/result';
import type { TreeResult } from '../../../shared/tree-contract';

/**
 * After this many reads without progress the model must act or answer: a model that keeps reading
 * is usually lost, and every read costs the user tokens.
 */
export const OBSERVATION_LIMIT = 8;
/** The same call with the same result this many times earns a warning… */
const LOOP_WARN = 3;
/** …and this many ends the task. */
const LOOP_STOP = 4;

export interface GuardSnapshot {
  readsWithoutProgress: number;
  seenPages: string[];
  callCounts: Record<string, number>;
}

export function emptyGuards(): GuardSnapshot {
  return { readsWithoutProgress: 0, seenPages: [], callCounts: {} };
}

/** Key order must not make two equal calls look different. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** FNV-1a: a short fingerprint of a result, enough to tell "same result" apart. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

function pageKey(revision: string, page: number): string {
  return `${revision}#${page}`;
}

export type LoopVerdict = { kind: 'ok' } | { kind: 'warn'; count: number } | { kind: 'stop'; count: number };

/**
 * The task's guard state. It is plain data (GuardSnapshot) so it persists with the task in
 * chrome.storage.session and survives a worker restart.
 */
export class Guards {
  constructor(private readonly s: GuardSnapshot) {}

  snapshot(): GuardSnapshot {
    return this.s;
  }

  /** True when reads are closed until the model acts or answers. */
  atCheckpoint(): boolean {
    return this.s.readsWithoutProgress >= OBSERVATION_LIMIT;
  }

  checkpointMessage(): string {
    return (
      `observation checkpoint: ${this.s.readsWithoutProgress} reads without progress. Reading is paused: ` +
      'act on the page with the refs you already have, or answer the user now with what you know (say what is missing).'
    );
  }

  /**
   * Records one read. The next page of a snapshot already being read (page n after page n − 1 of the
   * same tree_revision) is progress, so a long paged read is not mistaken for dithering; a repeated
   * page, or one that skips ahead past pages never read, is not.
   */
  recordRead(tree: Pick<TreeResult, 'page' | 'tree_revision'> | null): void {
    if (tree && tree.page > 1 && this.continues(tree.tree_revision, tree.page)) {
      this.s.seenPages.push(pageKey(tree.tree_revision, tree.page));
      return;
    }
    if (tree) {
      const key = pageKey(tree.tree_revision, tree.page);
      if (!this.s.seenPages.includes(key)) this.s.seenPages.push(key);
    }
    this.s.readsWithoutProgress++;
  }

  /**
   * True when a read's arguments ask for the next unread page of a snapshot in progress: allowed at the
   * checkpoint, since stopping half-way through a document is worse than the read itself.
   */
  continuesRead(args: unknown): boolean {
    if (!isRecord(args) || typeof args.page !== 'number' || typeof args.tree_revision !== 'string') return false;
    return args.page > 1 && this.continues(args.tree_revision, args.page);
  }

  private continues(revision: string, page: number): boolean {
    const seen = this.s.seenPages;
    return seen.includes(pageKey(revision, page - 1)) && !seen.includes(pageKey(revision, page));
  }

  /** A page action that succeeded is progress: the page changed, so reading it again is useful. */
  recordAction(ok: boolean): void {
    if (ok) this.s.readsWithoutProgress = 0;
  }

  /** Counts the call and tells whether it is looping: the same tool, arguments and result again. */
  recordCall(tool: string, args: unknown, resultText: string): LoopVerdict {
    const key = `${tool}|${stableJson(args)}|${fingerprint(resultText)}`;
    const count = (this.s.callCounts[key] ?? 0) + 1;
    this.s.callCounts[key] = count;
    if (count >= LOOP_STOP) return { kind: 'stop', count };
    if (count >= LOOP_WARN) return { kind: 'warn', count };
    return { kind: 'ok' };
  }
}
