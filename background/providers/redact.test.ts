import { describe, expect, it } from 'vitest';
import { REDACTED, redactHeaders, redactText, redactUrl } from './redact';

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
});
