/**
 * Redaction of credentials, for everything that records or exports provider traffic: the worker's
 * trace and error texts (which know the user's keys) and the panel's debug log and export file
 * (which do not, and so also blank strings shaped like provider keys). An export file travels (bug
 * reports, chat), so both layers apply everywhere. No `chrome.*` here.
 */
import { isRecord } from './result';

export const REDACTED = '[redacted]';

/** Header and field names whose values are credentials whatever the provider. */
const SECRET_NAME =
  /^(api[-_]?key|x-api-key|x-goog-api-key|authorization|proxy-authorization|cookie|set-cookie|password|secret|access[-_]?token)$/i;
/** Query parameters that carry keys on some APIs (Gemini accepts `?key=`). */
const SECRET_PARAM = /^(key|api[-_]?key|token|access_token)$/i;
// OpenAI/Anthropic/OpenRouter keys and Google API keys, plus any bearer token.
const SECRET_VALUE = /\b(sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{30,})\b|(Bearer\s+)[^\s"']+/g;

/**
 * Blanks key-shaped strings and every occurrence of each known secret (the user's API keys).
 * Secrets shorter than 4 characters are ignored: replacing "a" everywhere would destroy the text
 * and protect nothing.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(SECRET_VALUE, (_m, _key: string | undefined, bearer: string | undefined) =>
    bearer ? `${bearer}${REDACTED}` : REDACTED,
  );
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** A copy of request headers fit for a trace: credential headers masked, secrets scrubbed from the rest. */
export function redactHeaders(
  headers: Headers | Record<string, string>,
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    out[name] = SECRET_NAME.test(name) ? REDACTED : redactText(value, secrets);
  }
  return out;
}

/** A URL with key-carrying query parameters masked and secrets scrubbed. */
export function redactUrl(url: string, secrets: readonly string[]): string {
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAM.test(name)) u.searchParams.set(name, REDACTED);
    }
    return redactText(u.toString(), secrets);
  } catch {
    return redactText(url, secrets);
  }
}

/** A deep copy of any JSON-like value with credential fields masked and every string scrubbed. */
export function redactSecrets(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 64) return '[too deep]';
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, secrets, depth + 1));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        SECRET_NAME.test(k) && v !== undefined && v !== null && v !== ''
          ? REDACTED
          : redactSecrets(v, secrets, depth + 1);
    }
    return out;
  }
  return value;
}
