import { describe, expect, it } from 'vitest';
import { buildTraceExport, exportFileName, summarizeTraceEntry } from './trace';
import { REDACTED, redactSecrets } from './redact';

describe('redaction and trace export', () => {
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

  it('builds a self-describing export file', () => {
    const file = buildTraceExport(
      [{ id: 1, ts: 0, model: 'm', requestHeaders: { authorization: 'Bearer sk-abcdefghij' } }],
      '0.1.0',
      new Date(0),
    );
    expect(file).toMatchObject({
      format: 'weaverbird-debug-log',
      version: 1,
      count: 1,
      extensionVersion: '0.1.0',
      exportedAt: '1970-01-01T00:00:00.000Z',
    });
    expect(JSON.stringify(file)).not.toContain('sk-abcdefghij');
    expect(exportFileName(new Date(0))).toBe('weaverbird-debug-log-1970-01-01T00-00-00Z.json');
  });

  it('summarises trace entries of the worker shape', () => {
    expect(
      summarizeTraceEntry({ id: 3, ts: 1000, provider: 'openai', model: 'gpt-4o', ms: 812, error: 'HTTP 429' }),
    ).toEqual({
      at: 1000,
      provider: 'openai',
      model: 'gpt-4o',
      ms: 812,
      error: 'HTTP 429',
    });
    expect(summarizeTraceEntry('junk')).toEqual({});
  });
});
