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
});
