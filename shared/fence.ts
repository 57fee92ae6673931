/**
 * The untrusted-data fence, in one place for both sides: the worker builds it around everything a page
 * controls before the model reads it, and the panel parses it to show people what is inside. Sharing
 * one module means the two agree by construction.
 *
 * Why a fence: a page can say "ignore previous instructions". Page text reaches the model between
 * markers carrying a per-task random nonce, and the system prompt says text inside them is data. A page
 * cannot close the fence early because it cannot know the nonce; lookalike markers it prints (any
 * nonce, any case, spaces inside) are defanged anyway, so neither the model nor a person reading a log
 * sees a second fence. This lowers the odds of injection; it is not the guarantee (the CSP, the
 * sanitizer and the approval gate are).
 */

import { sanitizeUrl } from './url-sanitize';
import { cut, squish } from './text';

const TAG = 'WB-UNTRUSTED';

/** 96 random bits as hex: unguessable by a page within one task. */
export function makeNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function openMarker(nonce: string): string {
  return `<<${TAG} ${nonce}>>`;
}

export function closeMarker(nonce: string): string {
  return `<</${TAG} ${nonce}>>`;
}

// Any `<<` then optional `/` and spaces then the tag, in any case: what a forged marker needs.
const LOOKALIKE = /<<(\s*\/?\s*)WB-UNTRUSTED/gi;

/** Defangs anything in page text that looks like one of our markers, whatever its nonce. */
export function defang(text: string): string {
  return text.replace(LOOKALIKE, (_m, slash: string) => `<‹${slash.replace(/\s+/g, '')}${TAG}`);
}

/** `source` names where the data came from (a tool, "page"); it is ours, never page text. */
export function fence(nonce: string, source: string, body: string): string {
  return `${openMarker(nonce)} source=${source}\n${defang(body)}\n${closeMarker(nonce)}`;
}

export interface Fenced {
  nonce: string;
  source: string;
  body: string;
}

// Exactly the shape `fence` builds: open marker with a hex nonce and a source, the body, the close
// marker with the SAME nonce (backreference), nothing after it but whitespace.
const FENCED = /^<<WB-UNTRUSTED ([0-9a-f]+)>> source=(\S+)\n([\s\S]*)\n<<\/WB-UNTRUSTED \1>>\s*$/;

/**
 * Reads a fence `fence` built. Text after the close marker (Weaverbird's own notes) is not part of
 * a fence: such results return null from here; use `splitFenced` for them.
 */
export function parseFence(text: string): Fenced | null {
  const m = FENCED.exec(text.trim());
  if (!m?.[1] || m[2] === undefined || m[3] === undefined) return null;
  return { nonce: m[1], source: m[2], body: m[3] };
}

/**
 * A tool result as the worker sends it: an optional fence, then optional notes from Weaverbird on the
 * following lines. The close marker is found by the nonce of the open one, so a defanged lookalike
 * in the body cannot end the fence early.
 */
export function splitFenced(text: string): { fenced: Fenced | null; notes: string } {
  const t = text.trim();
  const open = /^<<WB-UNTRUSTED ([0-9a-f]+)>> source=(\S+)\n/.exec(t);
  if (!open?.[1] || open[2] === undefined) return { fenced: null, notes: t };
  const close = `\n${closeMarker(open[1])}`;
  const end = t.lastIndexOf(close);
  if (end < open[0].length - 1) return { fenced: null, notes: t };
  const body = t.slice(open[0].length, end);
  const notes = t.slice(end + close.length).trim();
  return { fenced: { nonce: open[1], source: open[2], body }, notes };
}

/** What a person reading the result wants: the fenced body (then any notes), or the text as given. */
export function unfence(text: string): string {
  const { fenced, notes } = splitFenced(text);
  if (!fenced) return text.trim();
  return notes === '' ? fenced.body : `${fenced.body}\n${notes}`;
}

/**
 * A page-controlled string cut to `max` characters on one line (newlines would let a title fake a new
 * prompt line), defanged. Used inside fences and, quoted, where page text must sit outside one.
 */
export function capPageText(text: string, max: number): string {
  const flat = defang(squish(text));
  return cut(flat, max);
}

/** A page-controlled label quoted for an instruction line: capped, one line, JSON-quoted. */
export function quotePageText(text: string, max = 120): string {
  return JSON.stringify(capPageText(text, max));
}

export const TITLE_MAX = 200;
export const URL_MAX = 500;

/**
 * A page URL for the model (tree header, navigation results, the system prompt's page line):
 * sanitized (shared/url-sanitize.ts: no userinfo, query or fragment, id-shaped path parts as `:id`),
 * capped, one line. The model navigates by the links it reads in the tree, not by this line.
 */
export function capUrl(url: string): string {
  return capPageText(sanitizeUrl(url), URL_MAX);
}
