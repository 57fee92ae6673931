import { describe, expect, it } from 'vitest';
import { redactBody } from './body-redact';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk';

describe('redactBody', () => {
  it('blanks credential fields in JSON at any depth and keeps the data', () => {
    const body = JSON.stringify({
      user: { name: 'Jane', email: 'jane@example.test', plan: 'pro' },
      session: { access_token: 'tok_S3cret', refreshToken: 'r-123456', csrfToken: 'c-999', expires: 3600 },
      apiKey: 'k-abcdef',
      max_tokens: 100,
      note: `Bearer abcdef123456 and ${JWT}`,
      items: [{ id: 1, sessionId: 's-1' }],
    });
    const { text, json } = redactBody(body);
    expect(json).toBe(true);
    const out: unknown = JSON.parse(text);
    expect(out).toEqual({
      user: { name: 'Jane', email: 'jane@example.test', plan: 'pro' },
      session: '[redacted]',
      apiKey: '[redacted]',
      max_tokens: 100,
      note: 'Bearer [redacted] and [redacted]',
      items: [{ id: 1, sessionId: '[redacted]' }],
    });
  });

  it('blanks name=value pairs and JWTs in text bodies', () => {
    const { text, json } = redactBody(
      `csrf_token=abc123def&q=lamps <input name=x value="${JWT}"> "password": "hunter22"`,
    );
    expect(json).toBe(false);
    expect(text).not.toMatch(/abc123def|hunter22|eyJhbGci/);
    expect(text).toMatch(/q=lamps/);
  });
  it('walks JSON held as text inside string values, at any depth, and keeps the data', () => {
    const body = JSON.stringify({
      user: 'Jane',
      'persist:root': JSON.stringify({
        account: JSON.stringify({ access_token: 'tok-NESTED-1', user: 'Jane' }),
        ui: JSON.stringify({ theme: 'dark' }),
      }),
      log: 'login ok, see {"password":"pw-NESTED-2"} for details',
      list: '[{"sessionId":"s-NESTED-3","n":1}]',
    });
    const { text, json } = redactBody(body);
    expect(json).toBe(true);
    expect(text).not.toMatch(/NESTED/);
    const out = JSON.parse(text) as Record<string, string>;
    const root = JSON.parse(out['persist:root'] ?? '') as Record<string, string>;
    expect(JSON.parse(root.account ?? '')).toEqual({ access_token: '[redacted]', user: 'Jane' });
    expect(JSON.parse(root.ui ?? '')).toEqual({ theme: 'dark' });
    expect(out.log).toBe('login ok, see {"password":"[redacted]"} for details');
    expect(JSON.parse(out.list ?? '')).toEqual([{ sessionId: '[redacted]', n: 1 }]);
  });

  it('blanks pairs whose quotes are escaped (JSON inside a script string) in text bodies', () => {
    const inner = JSON.stringify(JSON.stringify({ session: { refresh_token: 'r-ESC-1' }, user: 'Jane' }));
    const { text } = redactBody(
      `<p>Jane</p><script>S = JSON.parse(${inner}); var c = '{\\'api_key\\': \\'k-ESC-2\\'}';</script>`,
    );
    expect(text).not.toMatch(/ESC/);
    expect(text).toContain('\\"user\\":\\"Jane\\"');
  });

  it('survives JSON text nested deeper than it walks', () => {
    // Each level of JSON text doubles its escapes: objects carry the depth, a string the secret.
    let v: unknown = { note: JSON.stringify({ token: 'deep-1' }) };
    for (let i = 0; i < 80; i++) v = { v };
    const { text, json } = redactBody(JSON.stringify(v));
    expect(json).toBe(true);
    expect(text).toContain('[too deep]');
    expect(text).not.toContain('deep-1');
  });
});
