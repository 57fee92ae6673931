import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, redactSecrets, redactText, redactUrl } from './redact';

describe('redaction', () => {
  const key = 'sk-test-1234567890abcdef';
  it('scrubs every occurrence of a key from text', () => {
    const text = `bad key ${key}; again "${key}"`;
    expect(redactText(text, [key])).toBe(`bad key ${REDACTED}; again "${REDACTED}"`);
    expect(redactText(text, [key])).not.toContain(key);
  });
  it('ignores secrets too short to be keys', () => {
    expect(redactText('abc', ['a'])).toBe('abc');
  });
  it('masks credential headers by name and scrubs others', () => {
    const h = redactHeaders(
      { Authorization: `Bearer ${key}`, 'x-api-key': key, 'x-echo': `k=${key}`, 'content-type': 'application/json' },
      [key],
    );
    expect(h).toEqual({
      Authorization: REDACTED,
      'x-api-key': REDACTED,
      'x-echo': `k=${REDACTED}`,
      'content-type': 'application/json',
    });
  });
  it('masks key query parameters', () => {
    expect(redactUrl(`https://g.example/v1/models?key=${key}&alt=sse`, [])).not.toContain(key);
  });
  it('blanks credential fields and key-shaped strings at any depth', () => {
    const out = redactSecrets({
      requestHeaders: {
        Authorization: 'Bearer sk-live-abcdefghijkl',
        'x-api-key': 'sk-ant-api03-xyz123456',
        accept: 'json',
      },
      body: '{"key":"AIzaSyA1234567890abcdefghijklmnopqrstu"} Bearer tok123',
      nested: [{ apiKey: 'plain-secret-value' }],
    });
    const text = JSON.stringify(out);
    expect(text).not.toMatch(/sk-live|sk-ant|AIza|plain-secret|tok123/);
    expect(text).toContain(REDACTED);
    expect(text).toContain('"accept":"json"');
  });

  it('removes extra known secrets wherever they appear', () => {
    expect(redactSecrets({ url: 'http://h/?k=hunter22' }, ['hunter22'])).toEqual({ url: `http://h/?k=${REDACTED}` });
  });

  it('blanks key-shaped strings even when the key is not known', () => {
    expect(redactText('401: invalid key sk-proj-abcdefghijkl')).toBe(`401: invalid key ${REDACTED}`);
  });
});
