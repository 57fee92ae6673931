import { describe, expect, it } from 'vitest';
import {
  atLevel,
  clip,
  CONSOLE_TEXT_MAX,
  formatArgs,
  fromConsoleApi,
  fromException,
  fromLogEntry,
} from './console-format';

const str = (value: string) => ({ type: 'string', value });

describe('console formatting', () => {
  it('cuts at 8,192 characters with an exact count, after sanitizing URLs', () => {
    expect(clip('a'.repeat(10_000))).toBe(`${'a'.repeat(CONSOLE_TEXT_MAX)}… [truncated 1808 of 10000 chars]`);
    expect(clip('short')).toBe('short');
    const long = `${'b'.repeat(8_180)} https://u:p@x.example/reset?token=SECRET`;
    const cut = clip(long);
    expect(cut).not.toContain('SECRET');
    expect(cut).not.toContain('u:p@');
  });
  it('applies format strings and prints objects from their preview', () => {
    expect(
      formatArgs([
        str('%s has %d items%c'),
        str('cart'),
        { type: 'number', value: 3.7, description: '3.7' },
        str('color: red'),
      ]),
    ).toBe('cart has 3 items');
    expect(
      formatArgs([
        str('state'),
        {
          type: 'object',
          description: 'Object',
          preview: {
            properties: [
              { name: 'a', type: 'number', value: '1' },
              { name: 'b', type: 'string', value: 'x' },
            ],
          },
        },
        {
          type: 'object',
          subtype: 'array',
          description: 'Array(2)',
          preview: { properties: [{ name: '0', type: 'number', value: '1' }], overflow: true },
        },
        { type: 'undefined' },
        { type: 'object', subtype: 'null', value: null },
      ]),
    ).toBe('state {a: 1, b: "x"} [1, …] undefined null');
  });
  it('maps console types, exceptions and browser log levels', () => {
    const api = fromConsoleApi({
      type: 'warning',
      args: [str('careful')],
      executionContextId: 3,
      timestamp: 10,
      stackTrace: { callFrames: [{ url: 'https://x.example/app.js?v=1', lineNumber: 9 }] },
    });
    expect(api).toEqual({
      ts: 10,
      type: 'warning',
      source: 'console',
      text: 'careful',
      at: 'https://x.example/app.js?…:10',
      contextId: 3,
    });
    const ex = fromException({
      timestamp: 11,
      exceptionDetails: {
        text: 'Uncaught (in promise)',
        exception: { type: 'object', subtype: 'error', description: 'Error: nope' },
        executionContextId: 3,
      },
    });
    expect(ex).toMatchObject({ type: 'error', source: 'exception', text: 'Uncaught (in promise) Error: nope' });
    const log = fromLogEntry({
      entry: {
        source: 'network',
        level: 'error',
        text: 'Failed to load resource',
        timestamp: 12,
        url: 'https://x.example/u/jane@mail.example',
      },
    });
    expect(log).toEqual({
      ts: 12,
      type: 'error',
      source: 'browser',
      text: 'Failed to load resource',
      at: 'https://x.example/u/:id',
    });
  });
  it('filters by level', () => {
    const m = (type: 'log' | 'warning' | 'error') => ({ ts: 0, type, source: 'console' as const, text: '' });
    expect(['log', 'warning', 'error'].map((t) => atLevel(m(t as 'log'), 'warning'))).toEqual([false, true, true]);
    expect(atLevel(m('warning'), 'error')).toBe(false);
    expect(atLevel(m('log'), 'all')).toBe(true);
  });
});
