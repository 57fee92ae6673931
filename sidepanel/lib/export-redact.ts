/**
 * What the debug log shows and exports, redacted like every other surface: an export file travels
 * (bug reports, chat), and a trace entry is the whole conversation, so it holds everything the agent
 * read and typed. On top of the API-key redaction every record gets (shared/redact.ts `redactSecrets`),
 * the export applies:
 *
 * - the one URL sanitizer (shared/url-sanitize.ts `sanitizeUrlsInText`) to every string: query strings,
 *   fragments and id-shaped path parts (reset tokens, OAuth codes, session ids) go, as in tool results;
 * - typed text: the `text` of every typing tool's call (type_ax, focus_type, iframe_type) is blanked,
 *   and each such text is then blanked wherever else it occurs (the user's own task, a later read);
 *   a streamed response that calls a typing tool has its argument fragments blanked, since a password
 *   split over stream chunks cannot be matched as a whole;
 * - cookie-shaped text (`a=1; b=2` lists, `Cookie:`/`Set-Cookie:` lines) and JWT-shaped tokens.
 *
 * Strings holding JSON (request and response bodies, tool-call arguments) are parsed and redacted
 * field by field, so names like `password` and `cookie` are found at any depth. No `chrome.*`.
 */
import { isRecord } from '../../shared/result';
import { REDACTED, redactSecrets } from '../../shared/redact';
import { sanitizeUrlsInText } from '../../shared/url-sanitize';

const TYPING_TOOLS: ReadonlySet<string> = new Set(['type_ax', 'focus_type', 'iframe_type']);
/** Keys under which a tool call's arguments travel: OpenAI `arguments` (a JSON string), Anthropic `input`, Gemini `args`. */
const ARG_KEYS = ['arguments', 'input', 'args'] as const;
/** Argument fragments of a streamed tool call (OpenAI `arguments` deltas, Anthropic `partial_json`). */
const STREAM_ARG_KEYS: ReadonlySet<string> = new Set(['arguments', 'partial_json']);
const COOKIE_LIST = /\b[\w.-]+=[^;\s"'\\]+(?:;\s*[\w.-]+=[^;\s"'\\]+)+/g;
const COOKIE_LINE = /\b((?:set-)?cookie\s*:\s*)[^\n"\\]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
/** Typed texts shorter than this are not hunted elsewhere ("a" everywhere would wreck the export). */
const MIN_TYPED = 4;
const MAX_DEPTH = 64;

function parseJson(text: string): unknown {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    const v: unknown = JSON.parse(t);
    return typeof v === 'object' && v !== null ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The typed text of a typing tool's call record (any provider's shape), or null. */
function typedTextOf(o: Record<string, unknown>): string | null {
  const name = o.name ?? o.toolName;
  if (typeof name !== 'string' || !TYPING_TOOLS.has(name)) return null;
  for (const k of ARG_KEYS) {
    const raw = o[k];
    const args = typeof raw === 'string' ? parseJson(raw) : raw;
    if (isRecord(args) && typeof args.text === 'string') return args.text;
  }
  return null;
}

/** Every text the agent typed, found in complete tool calls anywhere in the entries (JSON strings included). */
function collectTyped(value: unknown, out: Set<string>, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    if (parsed !== undefined) collectTyped(parsed, out, depth + 1);
    for (const line of value.split('\n')) {
      const data = /^data:\s*(\{.*\})\s*$/.exec(line)?.[1];
      if (data) collectTyped(parseJson(data), out, depth + 1);
    }
    return;
  }
  if (Array.isArray(value)) for (const v of value) collectTyped(v, out, depth + 1);
  else if (isRecord(value)) {
    const typed = typedTextOf(value);
    if (typed !== null && typed.length >= MIN_TYPED) out.add(typed);
    for (const v of Object.values(value)) collectTyped(v, out, depth + 1);
  }
}

function scrubString(text: string, typed: readonly string[]): string {
  let out = text;
  for (const t of typed) out = out.split(t).join(REDACTED);
  out = out.replace(JWT, REDACTED).replace(COOKIE_LINE, `$1${REDACTED}`);
  out = out.replace(COOKIE_LIST, (list) =>
    list
      .split(';')
      .map((pair) => pair.replace(/=.*$/s, `=${REDACTED}`))
      .join(';'),
  );
  return sanitizeUrlsInText(out);
}

/** An SSE body (`data: {…}` lines) that calls a typing tool: its argument fragments are blanked. */
function scrubStream(text: string): string {
  if (![...TYPING_TOOLS].some((t) => text.includes(t))) return text;
  return text
    .split('\n')
    .map((line) => {
      const data = /^data:\s*(\{.*\})\s*$/.exec(line)?.[1];
      const parsed = data ? parseJson(data) : undefined;
      return parsed === undefined ? line : `data: ${JSON.stringify(blankStreamArgs(parsed, 0))}`;
    })
    .join('\n');
}

function blankStreamArgs(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => blankStreamArgs(v, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = STREAM_ARG_KEYS.has(k) && typeof v === 'string' ? REDACTED : blankStreamArgs(v, depth + 1);
  return out;
}

function redactValue(value: unknown, typed: readonly string[], depth: number): unknown {
  if (depth > MAX_DEPTH) return '[too deep]';
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    if (parsed !== undefined) return JSON.stringify(redactValue(redactSecrets(parsed), typed, depth + 1));
    return scrubString(scrubStream(value), typed);
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, typed, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  const isTypingCall = typedTextOf(value) !== null;
  for (const [k, v] of Object.entries(value)) {
    if (isTypingCall && (ARG_KEYS as readonly string[]).includes(k)) out[k] = blankTypedArg(v);
    else out[k] = redactValue(v, typed, depth + 1);
  }
  return out;
}

/** A typing call's arguments with `text` replaced by its length (the rest kept for diagnosis). */
function blankTypedArg(raw: unknown): unknown {
  const args = typeof raw === 'string' ? parseJson(raw) : raw;
  if (!isRecord(args)) return REDACTED;
  const text = args.text;
  const blanked = { ...args, text: `[typed text redacted: ${typeof text === 'string' ? text.length : 0} chars]` };
  return typeof raw === 'string' ? JSON.stringify(blanked) : blanked;
}

/** The debug-log entries as they may be shown or exported: every rule above applied. */
export function redactTraceEntries(entries: readonly unknown[]): unknown[] {
  const typed = new Set<string>();
  collectTyped(entries, typed);
  const list = [...typed].sort((a, b) => b.length - a.length);
  return entries.map((e) => redactValue(redactSecrets(e), list, 0));
}
