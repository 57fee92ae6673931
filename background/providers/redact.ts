/** Header names whose values are credentials whatever the provider. */
const SECRET_HEADERS = /^(authorization|x-api-key|api-key|x-goog-api-key|proxy-authorization|cookie)$/i;

export const REDACTED = '[redacted]';

/**
 * Replaces every occurrence of each secret (API keys) in a string. Secrets shorter than 4
 * characters are ignored: replacing "a" everywhere would destroy the text and protect nothing.
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
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
    out[name] = SECRET_HEADERS.test(name) ? REDACTED : redactText(value, secrets);
  }
  return out;
}

/** Query parameters that carry keys on some APIs (Gemini accepts `?key=`). */
export function redactUrl(url: string, secrets: readonly string[]): string {
  try {
    const u = new URL(url);
    for (const name of [...u.searchParams.keys()]) {
      if (/^(key|api[-_]?key|token|access_token)$/i.test(name)) u.searchParams.set(name, REDACTED);
    }
    return redactText(u.toString(), secrets);
  } catch {
    return redactText(url, secrets);
  }
}
