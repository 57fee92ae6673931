import { describe, expect, it } from 'vitest';
import { emptyLedger, findFlow, noteRead } from './provenance-ledger';
import { urlPayload } from './url-provenance';

/** What carriedFrom decides, on the ledger it reads (carriedFrom itself only adds chrome.storage). */
function carried(ledger: ReturnType<typeof emptyLedger>, rawUrl: string): string | null {
  const url = new URL(rawUrl);
  return findFlow(ledger, urlPayload(url), url.origin)?.from ?? null;
}

describe('URLs carrying text read on another origin', () => {
  const ledger = noteRead(emptyLedger(), ['http://shop.test'], 'API key: TOKEN-RT-NAV-9911, order A-1234-XY');

  it('finds it in the query, the path (between slashes) and the encoded fragment', () => {
    expect(carried(ledger, 'http://partner.test/s?q=TOKEN-RT-NAV-9911')).toBe('http://shop.test');
    expect(carried(ledger, 'http://partner.test/a/TOKEN-RT-NAV-9911/b')).toBe('http://shop.test');
    expect(carried(ledger, 'http://partner.test/#k%3DTOKEN-RT-NAV-9911')).toBe('http://shop.test');
  });

  it('lets text go back to the origin it was read on, and URLs without it', () => {
    expect(carried(ledger, 'http://shop.test/orders?id=A-1234-XY')).toBeNull();
    expect(carried(ledger, 'http://partner.test/search?q=shoes')).toBeNull();
    expect(carried(emptyLedger(), 'http://partner.test/?q=A-1234-XY')).toBeNull();
  });

  it('survives a malformed escape', () => {
    expect(urlPayload(new URL('http://x.test/%E0%A4%A?q=1'))).toContain('%E0%A4%A');
  });
});
