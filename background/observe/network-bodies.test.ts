import { describe, expect, it } from 'vitest';
import { makePairing } from './network-bodies';

describe('pairing webRequest ids with CDP ids', () => {
  it('pairs by method and URL in order, whichever side arrives first, and ignores redirect hops', () => {
    const p = makePairing();
    p.web('10', 'GET', 'https://a.test/api/x');
    p.cdp('c1', 'GET', 'https://a.test/api/x', false);
    p.cdp('c2', 'POST', 'https://a.test/api/y', false);
    p.web('11', 'POST', 'https://a.test/api/y');
    p.web('12', 'GET', 'https://a.test/api/x');
    p.web('13', 'GET', 'https://a.test/api/x');
    p.cdp('c3', 'GET', 'https://a.test/api/x', false);
    p.cdp('c3', 'GET', 'https://a.test/api/x2', true);
    p.web('12', 'GET', 'https://a.test/api/x2');
    p.cdp('c4', 'GET', 'https://a.test/api/x', false);
    expect(Object.fromEntries([...p.requests].map(([k, v]) => [k, v.cdpId]))).toEqual({
      '10': 'c1',
      '11': 'c2',
      '12': 'c3',
      '13': 'c4',
    });
  });

  it('a request only one side saw stays unpaired', () => {
    const p = makePairing();
    p.web('20', 'GET', 'https://a.test/sw-cached');
    expect(p.requests.get('20')).toEqual({ url: 'https://a.test/sw-cached' });
  });
});
