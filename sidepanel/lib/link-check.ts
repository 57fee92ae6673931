/**
 * A link in the panel whose text names another host than the one it opens
 * (`[bank.example](https://evil.example/…)`) is a phishing link the model can write at will: the text
 * is what the user trusts, the href is where their click goes. Such a click shows the real destination
 * and asks first (components/link-confirm.tsx); a link whose text names no host, or the same one, opens
 * as before. Pure; no `chrome.*`.
 */

/**
 * Host-like tokens in link text: a dotted name with a letter TLD or an IPv4 address, with an optional
 * port, optionally after a scheme. "e.g." or "v1.2" are not hosts: a TLD is 2+ letters and a name part
 * starts with a letter or digit.
 */
const HOST_IN_TEXT =
  /(?:[a-z][a-z0-9+.-]*:\/\/)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3}|localhost)(?::(\d{1,5}))?/gi;

export interface LinkMismatch {
  /** The host the text names, as written (lower case). */
  named: string;
  /** The host (with port when not the default) the link opens. */
  destination: string;
}

/** "www.bank.example" and "bank.example" are one site for a reader; "bank.example.evil.test" is not. */
function sameSite(named: string, actual: string): boolean {
  const strip = (h: string) => h.replace(/^www\./, '');
  const a = strip(named);
  const b = strip(actual);
  return a === b || b.endsWith(`.${a}`);
}

/**
 * The host the text claims and the one the link opens, when they differ; null when the text names no
 * host or names the destination (a port in the text must match too: 127.0.0.1:8080 is not :9090).
 */
export function linkMismatch(text: string, href: string): LinkMismatch | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const actual = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const destination = url.host.toLowerCase();
  for (const m of text.matchAll(HOST_IN_TEXT)) {
    const named = (m[1] ?? '').toLowerCase();
    const port = m[2];
    const hostOk = sameSite(named, actual);
    const portOk = port === undefined || port === (url.port || (url.protocol === 'https:' ? '443' : '80'));
    if (!hostOk || !portOk) return { named: port === undefined ? named : `${named}:${port}`, destination };
  }
  return null;
}
