/**
 * The one URL sanitizer: every URL Weaverbird reports about page traffic or page locations (to the
 * model, the trace, the panel) goes through here. Redaction is the posture, not an option: query
 * strings, fragments and userinfo carry reset tokens, OAuth codes, session ids and e-mail addresses,
 * and a model that reads them can be talked into carrying them elsewhere. What stays is what a
 * diagnosis needs: scheme, host, port, the path's shape, and the fact that a query or fragment was there.
 *
 *   https://u:p@shop.example/api/orders/7f9c…-…/items?token=abc#x → https://shop.example/api/orders/:id/items?…#…
 *
 * Internal logic (the CDP retry veto, telemetry detection, the origin policy) keeps raw URLs: only
 * what is reported is sanitized. Pure; no `chrome.*`.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** 16+ hex digits: digests, object ids, API keys. Git short hashes (7) and colours (6) stay. */
const LONG_HEX = /[0-9a-f]{16,}/i;
/** Three dot-separated base64url parts, the first long: a JWT (RFC 7519 §3) or a signed cookie. */
const JWT_LIKE = /[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/;
/** Six or more digits in a row: account, phone, order and user numbers. Years (4) and small ids stay. */
const LONG_DIGITS = /\d{6,}/;
const BASE64URL_RUN = /^[A-Za-z0-9_-]+$/;

/**
 * A random token in base64url: 20+ characters mixing upper case, lower case and digits, or 32+
 * characters of letters and digits with no word separator. Readable slugs
 * (`how-to-bake-bread-2024`) are lower case and hyphenated, so they stay.
 */
function isBase64Token(segment: string): boolean {
  if (segment.length < 20 || !BASE64URL_RUN.test(segment)) return false;
  const digit = /\d/.test(segment);
  if (digit && /[A-Z]/.test(segment) && /[a-z]/.test(segment)) return true;
  return segment.length >= 32 && digit && !segment.includes('-');
}

/** True when a path segment looks like an identifier or a secret rather than a name. */
export function isIdSegment(rawSegment: string): boolean {
  let segment = rawSegment;
  try {
    segment = decodeURIComponent(rawSegment);
  } catch {
    // Malformed escapes: judge the raw text.
  }
  if (segment === '') return false;
  if (segment.includes('@')) return true;
  return (
    UUID.test(segment) ||
    LONG_HEX.test(segment) ||
    JWT_LIKE.test(segment) ||
    LONG_DIGITS.test(segment) ||
    isBase64Token(segment)
  );
}

function sanitizePath(path: string): string {
  return path
    .split('/')
    .map((s) => (isIdSegment(s) ? ':id' : s))
    .join('/');
}

/** Schemes with an authority and a path worth showing. Everything else prints as scheme plus length. */
const HIERARCHICAL = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:', 'chrome-extension:']);

/** `data:` and `blob:` (and opaque schemes such as `javascript:`) print as the scheme and a length. */
function opaque(protocol: string, length: number): string {
  return `${protocol}[${length} chars]`;
}

/** The sanitized form of one URL. Unparseable input keeps only its path shape, with query and fragment elided. */
export function sanitizeUrl(url: string): string {
  const raw = url.trim();
  if (raw === '') return '';
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return sanitizeRelative(raw);
  }
  if (u.protocol === 'about:') return `about:${u.pathname.replace(/[^a-z-].*$/i, '')}`;
  if (!HIERARCHICAL.has(u.protocol)) return opaque(u.protocol, raw.length);
  // `URL.host` has no userinfo; a file: URL has an empty host.
  const origin = u.protocol === 'file:' ? 'file://' : `${u.protocol}//${u.host}`;
  return `${origin}${sanitizePath(u.pathname)}${u.search ? '?…' : ''}${u.hash ? '#…' : ''}`;
}

/** A relative or malformed reference (`/api/x?y`): its path shape, query and fragment elided. */
function sanitizeRelative(raw: string): string {
  const hashAt = raw.indexOf('#');
  const beforeHash = hashAt >= 0 ? raw.slice(0, hashAt) : raw;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const hasQuery = queryAt >= 0 && queryAt < beforeHash.length - 1;
  const hasHash = hashAt >= 0 && hashAt < raw.length - 1;
  // Userinfo in a scheme-relative or broken URL (`//u:p@host/x`): drop through the last `@` before the path.
  const cleaned = path.replace(/^(\/\/)[^/]*@/, '$1');
  return `${sanitizePath(cleaned)}${hasQuery ? '?…' : ''}${hasHash ? '#…' : ''}`;
}

// URLs inside free text (console messages, error texts). A URL ends at whitespace, a quote or an
// angle bracket; trailing sentence punctuation is given back to the text.
const URL_IN_TEXT = /\b(?:(?:https?|wss?|ftp|file|chrome-extension):\/\/|(?:data|blob):)[^\s"'<>`]+/gi;
const TRAILING_PUNCTUATION = /[).,;:!?\]}]+$/;

/** Sanitizes every URL found in a text; the rest of the text is unchanged. */
export function sanitizeUrlsInText(text: string): string {
  return text.replace(URL_IN_TEXT, (match) => {
    // A data: URL swallows everything up to whitespace; keep its length honest.
    if (/^data:/i.test(match)) return opaque('data:', match.length);
    const trail = TRAILING_PUNCTUATION.exec(match)?.[0] ?? '';
    const url = trail ? match.slice(0, -trail.length) : match;
    return sanitizeUrl(url) + trail;
  });
}
