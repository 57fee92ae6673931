import { describe, expect, it } from 'vitest';
import { buildTraceExport, exportFileName, summarizeTraceEntry } from './trace';

describe('trace export', () => {
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
