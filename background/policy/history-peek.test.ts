import { describe, expect, it } from 'vitest';
import { peekFrom } from './history-peek';

describe('peekFrom', () => {
  it('knows a same-origin entry by its URL', () => {
    expect(peekFrom({ api: true, can: true, url: 'https://a.test/1' })).toEqual({ kind: 'known', url: 'https://a.test/1' });
  });
  it('treats an entry the Navigation API does not list as another origin', () => {
    expect(peekFrom({ api: true, can: true, url: null })).toEqual({ kind: 'elsewhere' });
  });
  it('reports no entry when the tab cannot go that way', () => {
    expect(peekFrom({ api: true, can: false, url: null })).toEqual({ kind: 'none' });
  });
  it('fails closed when the page did not answer or has no Navigation API', () => {
    expect(peekFrom(null)).toEqual({ kind: 'elsewhere' });
    expect(peekFrom({ api: false, can: true, url: null })).toEqual({ kind: 'elsewhere' });
    expect(peekFrom('https://a.test/')).toEqual({ kind: 'elsewhere' });
  });
});
