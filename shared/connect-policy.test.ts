import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOOPBACK_HTTP_HOSTS, providerUrlProblem } from './connect-policy';

function manifestCsp(): Map<string, string[]> {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../manifest.json', import.meta.url), 'utf8'));
  const csp =
    typeof manifest === 'object' && manifest !== null && 'content_security_policy' in manifest
      ? JSON.stringify(manifest.content_security_policy)
      : '';
  const text = /"extension_pages":"([^"]*)"/.exec(csp)?.[1] ?? '';
  return new Map(
    text
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('extension-page CSP (manifest.json)', () => {
  const csp = manifestCsp();
  it('loads nothing remote but provider calls: every fetching directive is self or none', () => {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // blob: only for screenshot thumbnails the panel mints itself from worker memory (docs/vision.md):
    // a blob: URL is bound to the origin that created it, so no page or model can point one anywhere.
    expect(csp.get('img-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('font-src')).toEqual(["'self'"]);
    expect(csp.get('media-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  });
  it('connect-src is https plus exactly the loopback hosts the settings accept', () => {
    expect(csp.get('connect-src')).toEqual(["'self'", 'https:', ...LOOPBACK_HTTP_HOSTS.map((h) => `http://${h}:*`)]);
  });
});

describe('provider addresses', () => {
  it('accepts https anywhere and http on this machine', () => {
    expect(providerUrlProblem('https://api.openai.com/v1')).toBeNull();
    expect(providerUrlProblem('http://localhost:11434/v1')).toBeNull();
    expect(providerUrlProblem('http://127.0.0.1:1234/v1')).toBeNull();
  });
  it('refuses http to another host with what to do instead', () => {
    expect(providerUrlProblem('http://10.0.0.5:8000/v1')).toMatch(
      /only for this machine.*https:\/\/.*ssh -L 8000:10\.0\.0\.5:8000/,
    );
    expect(providerUrlProblem('ftp://x.example')).toMatch(/Only http/);
    expect(providerUrlProblem('nope')).toMatch(/full address/);
  });
});
