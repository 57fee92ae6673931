/**
 * A minimal provenance record for URLs (issue 24: approving an origin approves it for navigation,
 * not for carrying page data). Each tool result the model reads leaves its distinctive tokens (codes,
 * keys, ids: words with a digit, or long words) under the origin of the tab it was read on; a
 * navigation URL whose path, query or fragment holds a token read on *another* origin carries that
 * origin's data, and asks again even when its own origin is approved or is the task's start.
 *
 * Best effort by design: it catches text copied as read (the red-team secrets, reset codes, ids), not
 * text the model re-encodes. It lives in the worker's memory (a restarted worker forgets it) and is
 * bounded per task. A general ledger for typed text is background/policy/provenance*.ts (another part).
 */

/** Tokens a URL must hold verbatim to count: short ones would match ordinary words and numbers. */
const MIN_TOKEN = 6;
const LONG_TOKEN = 16;
const MAX_TOKENS_PER_TASK = 20_000;
const MAX_TASKS = 16;

const reads = new Map<string, Map<string, string>>();

/** Words with a letter and a digit (TOKEN-RT-9911, a3f9c2e1), or very long ones. Pure. */
export function distinctiveTokens(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}_-]*[\p{L}\p{N}]/gu)) {
    const w = m[0];
    if (w.length >= LONG_TOKEN || (w.length >= MIN_TOKEN && /\p{N}/u.test(w) && /\p{L}/u.test(w))) out.add(w);
  }
  return [...out];
}

/** Records what the model read on `origin` during task `taskId`. */
export function recordRead(taskId: string, origin: string, text: string): void {
  if (!/^https?:/.test(origin)) return;
  let tokens = reads.get(taskId);
  if (!tokens) {
    tokens = new Map();
    reads.set(taskId, tokens);
    // Oldest tasks go first (Map keeps insertion order).
    for (const old of [...reads.keys()].slice(0, Math.max(0, reads.size - MAX_TASKS))) reads.delete(old);
  }
  for (const t of distinctiveTokens(text)) {
    if (tokens.has(t) || tokens.size >= MAX_TOKENS_PER_TASK) continue;
    tokens.set(t, origin);
  }
}

export function forgetReads(taskId: string): void {
  reads.delete(taskId);
}

/** The part of a URL that can carry data (path, query, fragment), decoded where it decodes. */
function payloadOf(url: URL): string {
  const raw = `${url.pathname}${url.search}${url.hash}`;
  try {
    return `${raw} ${decodeURIComponent(raw.replace(/\+/g, ' '))}`;
  } catch {
    return raw;
  }
}

export interface Carried {
  /** Where the text was read. */
  from: string;
  token: string;
}

/** Text read on another origin than the URL's own that the URL carries, or null. */
export function carriedFrom(taskId: string, rawUrl: string): Carried | null {
  const tokens = reads.get(taskId);
  if (!tokens) return null;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  const payload = payloadOf(url);
  for (const [token, from] of tokens) if (from !== url.origin && payload.includes(token)) return { from, token };
  return null;
}
