/**
 * The provenance ledger, pure (issue 24, "Provenance on what the model read"): for each origin the
 * task read, the distinctive tokens of what it read there (codes, ids, addresses, long words), not
 * whole pages. A write whose text carries a token read on another origin than the one it writes to
 * is a flow across origins. Tokens the user wrote in the task are the user's own: never a flow.
 */
import { isOwnId } from '../../shared/refs';

export interface Ledger {
  /** Tokens of the user's own words (the task text). */
  user: string[];
  /** origin → its distinctive tokens, oldest first, capped. */
  origins: Record<string, string[]>;
}

export interface Flow {
  /** Where the text was read. */
  from: string;
  /** One of the tokens that crossed (for the prompt; it is page text, quote it). */
  sample: string;
}

/** Per origin: enough for what one task reads (~40 pages of codes and ids), small in storage. */
export const TOKENS_PER_ORIGIN = 600;
export const MAX_ORIGINS = 24;
const MIN_LEN = 6;
const LONG_WORD = 12;

export function emptyLedger(): Ledger {
  return { user: [], origins: {} };
}

/**
 * Distinctive tokens: runs of letters, digits and the joiners of codes, e-mail addresses and URLs,
 * at least 6 long and holding a digit, an @, or long (12+) — words a page and a message share by
 * chance ("please", "account") are not evidence that text was carried.
 */
export function distinctiveTokens(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.split(/[^\p{L}\p{N}@._+\-:/]+/u)) {
    const t = raw.replace(/^[.:/_\-+]+|[.:/_\-+]+$/g, '').toLowerCase();
    if (t.length < MIN_LEN || isOwnId(t)) continue; // our refs and frame ids are in every tree and mean nothing on another site
    if (/\p{N}/u.test(t) || t.includes('@') || t.length >= LONG_WORD) out.add(t);
  }
  return [...out];
}

/** The ledger with `text` noted as read on each of `origins`. */
export function noteRead(ledger: Ledger, origins: Iterable<string>, text: string): Ledger {
  const tokens = distinctiveTokens(text);
  if (tokens.length === 0) return ledger;
  const touched = [...new Set(origins)];
  const fresh = new Set(tokens);
  // Origins just read move to the end, so the ones read longest ago go first when a task wanders
  // over many sites.
  const entries = Object.entries(ledger.origins).filter(([o]) => !touched.includes(o));
  for (const origin of touched) {
    const kept = (ledger.origins[origin] ?? []).filter((t) => !fresh.has(t));
    entries.push([origin, [...kept, ...tokens].slice(-TOKENS_PER_ORIGIN)]);
  }
  const next = { ...ledger, origins: Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_ORIGINS))) };
  // A re-read of what was just read changes nothing: the same ledger, so no storage write (issue 26).
  return sameLedger(next, ledger) ? ledger : next;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** Equal content, in the same order (the order is what a later note evicts by). */
export function sameLedger(a: Ledger, b: Ledger): boolean {
  if (a === b) return true;
  const ka = Object.keys(a.origins);
  const kb = Object.keys(b.origins);
  return (
    sameList(a.user, b.user) && sameList(ka, kb) && ka.every((k) => sameList(a.origins[k] ?? [], b.origins[k] ?? []))
  );
}

export function noteUserText(ledger: Ledger, text: string): Ledger {
  const user = [...new Set([...ledger.user, ...distinctiveTokens(text)])].slice(-TOKENS_PER_ORIGIN);
  return { ...ledger, user };
}

/** The token as `text` spells it (tokens are compared lower-cased). */
function asWritten(text: string, token: string): string {
  const at = text.toLowerCase().indexOf(token);
  return at < 0 ? token : text.slice(at, at + token.length);
}

/**
 * The first token of `text` that was read on another origin than `destination` and that the user
 * did not write, or null. A token read on the destination itself is not a flow (the site had it).
 */
export function findFlow(ledger: Ledger, text: string, destination: string): Flow | null {
  const user = new Set(ledger.user);
  for (const token of distinctiveTokens(text)) {
    if (user.has(token)) continue;
    if (ledger.origins[destination]?.includes(token)) continue;
    for (const [from, tokens] of Object.entries(ledger.origins))
      if (from !== destination && tokens.includes(token)) return { from, sample: asWritten(text, token) };
  }
  return null;
}
