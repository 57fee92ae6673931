import { describe, expect, it } from 'vitest';
import { carriedFrom, distinctiveTokens, forgetReads, recordRead } from './url-provenance';

describe('distinctiveTokens', () => {
  it('keeps codes and long words, not ordinary words or bare numbers', () => {
    expect(distinctiveTokens('API key: TOKEN-RT-NAV-9911, order 12345, the basket, a3f9c2e1')).toEqual([
      'TOKEN-RT-NAV-9911',
      'a3f9c2e1',
    ]);
    expect(distinctiveTokens('internationalization')).toEqual(['internationalization']);
  });
});

describe('carriedFrom', () => {
  it('finds text read on one origin in a URL to another, in the query, path or fragment', () => {
    recordRead('t1', 'http://shop.test', 'API key: TOKEN-RT-NAV-9911');
    expect(carriedFrom('t1', 'http://partner.test/s?q=TOKEN-RT-NAV-9911')).toEqual({
      from: 'http://shop.test',
      token: 'TOKEN-RT-NAV-9911',
    });
    expect(carriedFrom('t1', 'http://partner.test/TOKEN-RT-NAV-9911')).not.toBeNull();
    expect(carriedFrom('t1', 'http://partner.test/#k%3DTOKEN-RT-NAV-9911')).not.toBeNull();
  });

  it('lets text go back to the origin it was read on, and URLs without it', () => {
    recordRead('t2', 'http://shop.test', 'order A-1234-XY');
    expect(carriedFrom('t2', 'http://shop.test/orders?id=A-1234-XY')).toBeNull();
    expect(carriedFrom('t2', 'http://partner.test/search?q=shoes')).toBeNull();
    expect(carriedFrom('other-task', 'http://partner.test/?q=A-1234-XY')).toBeNull();
    forgetReads('t2');
    expect(carriedFrom('t2', 'http://partner.test/?q=A-1234-XY')).toBeNull();
  });
});
