/**
 * Which provider addresses the extension can reach. Provider calls are `fetch`es from the service
 * worker, and in MV3 the worker obeys the extension-page CSP (manifest.json
 * `content_security_policy.extension_pages`), whose connect-src is `'self' https: http://localhost:*
 * http://127.0.0.1:*`: any https endpoint the user picks, plain http only on this machine (Ollama, LM
 * Studio, a local server). This module states the same rule in code so the settings form and the
 * worker refuse an address the CSP would block with a clear message instead of "Failed to fetch";
 * `connect-policy.test.ts` checks it against the manifest. See docs/security-panel.md.
 */

/** Hosts plain http:// may reach (the CSP names exactly these; `127.0.0.2` or `[::1]` are not). */
export const LOOPBACK_HTTP_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/** null when the CSP lets the worker call `url`; otherwise what to do instead. */
export function providerUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'Enter a full address starting with https:// or http://.';
  }
  if (u.protocol === 'https:') return null;
  if (u.protocol !== 'http:') return 'Only http:// and https:// addresses work.';
  if (LOOPBACK_HTTP_HOSTS.includes(u.hostname.toLowerCase())) return null;
  return `Plain http:// works only for this machine (localhost or 127.0.0.1): the extension's security policy blocks unencrypted connections to ${u.host}. Serve the model over https://, or forward it to this machine (for example ssh -L ${u.port || '80'}:${u.host}:${u.port || '80'}) and use http://localhost:${u.port || '80'}.`;
}
