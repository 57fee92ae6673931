import { describe, expect, it } from 'vitest';
import { peekFrom } from './history-peek';

describe('peekFrom', () => {
  it('knows a same-origin entry by its URL', () => {
    expect(peekFrom({ api: true, length: 3, url: 'https://a.test/1' })).toEqual({
      kind: 'known',
      url: 'https://a.test/1',
    });
  });
  it('treats an entry the Navigation API does not list as another origin', () => {
    expect(peekFrom({ api: true, length: 3, url: null })).toEqual({ kind: 'elsewhere' });
  });
  it('reports no entry only for a tab with one history entry (canGoBack counts same-origin entries only)', () => {
    expect(peekFrom({ api: true, length: 1, url: null })).toEqual({ kind: 'none' });
  });
  it('fails closed when the page did not answer or has no Navigation API', () => {
    expect(peekFrom(null)).toEqual({ kind: 'elsewhere' });
    expect(peekFrom({ api: false, length: 4, url: 'https://a.test/' })).toEqual({ kind: 'elsewhere' });
    expect(peekFrom('https://a.test/')).toEqual({ kind: 'elsewhere' });
  });
});
