/**
 * Redaction of a response body before the model reads it (`network_body`, issue 28). A body is page
 * data the user chose to expose (the setting is off by default), but credentials in it are never
 * needed to answer a question and would be the first thing a hostile instruction asks to send on:
 * session tokens, refresh tokens, CSRF tokens, API keys, passwords, JWTs, bearer values. JSON is
 * walked (a field whose name says credential is blanked whatever its value); other text gets the same
 * rules as `name=value` / `"name": "value"` pairs and credential-shaped strings. String values are text
 * too: state libraries persist JSON as text inside JSON (redux-persist nests it twice) and pages embed
 * it escaped in scripts, so a string that parses as JSON is walked in turn and the pair rule accepts
 * backslash-escaped quotes.
 */
import { redactText, REDACTED } from './redact';
import { isRecord } from './result';

/** Field names whose values are credentials: `token`, `refresh_token`, `csrfToken`, `sessionId`, `apiKey`… */
const SECRET_KEY =
  /(^|[_\-.])(token|secret|password|passwd|pwd|api[_-]?key|apikey|auth|authorization|cookie|session(id)?|sid|csrf|xsrf|jwt|credential|private[_-]?key)s?$|(token|secret|password|apikey|api[_-]key|session[_-]?id|csrf)/i;
/** Three base64url parts, the first a JSON header (`eyJ`): a JWT (RFC 7519 §3). */
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
/**
 * `name=value` and `"name": "value"` pairs in non-JSON text (form bodies, HTML, JS), quotes possibly
 * escaped (`\"token\":\"…\"`, JSON in a JS string); the value ends at a quote, escaped or not.
 */
const PAIR =
  /((?:\\*["'])?[\w.-]*(?:token|secret|password|passwd|api[_-]?key|session[_-]?id|csrf|xsrf)[\w.-]*(?:\\*["'])?\s*[:=]\s*(?:\\*["'])?)((?:(?!\\+["'])[^"'&\s,;<}]){3,})/gi;
const MAX_DEPTH = 64;

function scrub(text: string): string {
  return redactText(text).replace(JWT, REDACTED);
}

function redactTextBody(text: string): string {
  return scrub(text).replace(PAIR, (_m, name: string) => `${name}${REDACTED}`);
}

/** JSON text (an object or array) parsed, or undefined. */
function parseJson(text: string): { value: unknown } | undefined {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** A string value: JSON text inside it is walked like the body, other text gets the text rules. */
function redactString(text: string, depth: number): string {
  const nested = parseJson(text);
  return nested ? JSON.stringify(walk(nested.value, depth + 1)) : redactTextBody(text);
}

function walk(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) return '[too deep]';
  if (typeof value === 'string') return redactString(value, depth);
  if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      SECRET_KEY.test(k) && v !== null && v !== '' && typeof v !== 'boolean' && typeof v !== 'number'
        ? REDACTED
        : walk(v, depth + 1);
  }
  return out;
}

/** The body with credentials blanked; JSON stays JSON (re-serialized compactly). */
export function redactBody(text: string): { text: string; json: boolean } {
  const parsed = parseJson(text);
  if (parsed) return { text: JSON.stringify(walk(parsed.value, 0)), json: true };
  return { text: redactTextBody(text), json: false };
}
