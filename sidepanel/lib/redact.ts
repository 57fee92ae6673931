/**
 * Second line of defence for anything the panel exports: the worker already redacts keys from its
 * trace, but an export file travels (bug reports, chat), so header and field names that carry
 * credentials, and strings shaped like provider keys, are blanked here as well.
 */
import { isRecord } from '../../src/result';

const SECRET_KEY =
  /^(api[-_]?key|x-api-key|x-goog-api-key|authorization|proxy-authorization|cookie|set-cookie|password|secret|access[-_]?token)$/i;
// OpenAI/Anthropic/OpenRouter keys and Google API keys, plus any bearer token.
const SECRET_VALUE = /\b(sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{30,})\b|(Bearer\s+)[^\s"']+/g;

export const REDACTED = '[redacted]';

function redactString(s: string, extraSecrets: readonly string[] = []): string {
  let out = s.replace(SECRET_VALUE, (_m, _key: string | undefined, bearer: string | undefined) =>
    bearer ? `${bearer}${REDACTED}` : REDACTED,
  );
  for (const secret of extraSecrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  return out;
}

export function redactSecrets(value: unknown, extraSecrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 64) return '[too deep]';
  if (typeof value === 'string') return redactString(value, extraSecrets);
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, extraSecrets, depth + 1));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        SECRET_KEY.test(k) && v !== undefined && v !== null && v !== ''
          ? REDACTED
          : redactSecrets(v, extraSecrets, depth + 1);
    }
    return out;
  }
  return value;
}
