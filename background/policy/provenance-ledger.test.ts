import { describe, expect, it } from 'vitest';
import {
  distinctiveTokens,
  emptyLedger,
  findFlow,
  MAX_ORIGINS,
  noteRead,
  noteUserText,
  sameLedger,
  TOKENS_PER_ORIGIN,
} from './provenance-ledger';

const MAIL = 'https://mail.example';
const FORUM = 'https://forum.example';

describe('distinctiveTokens', () => {
  it('keeps codes, addresses and long words; drops short common words and our own refs', () => {
    expect(distinctiveTokens('Your code is MAIL-SECRET-RT-5521. Write to ada@example.com [ref_12] f2:ref_7')).toEqual([
      'mail-secret-rt-5521',
      'ada@example.com',
    ]);
    expect(distinctiveTokens('please open the account settings')).toEqual([]);
    expect(distinctiveTokens('internationalisation')).toEqual(['internationalisation']);
  });
});

describe('findFlow', () => {
  const read = noteRead(
    noteRead(emptyLedger(), [MAIL], 'Your sign-in code is MAIL-INBOX-RT-7788.'),
    [FORUM],
    'Post 4411',
  );
  it('finds text read on one origin written to another', () => {
    expect(findFlow(read, 'code: MAIL-INBOX-RT-7788', FORUM)).toEqual({ from: MAIL, sample: 'MAIL-INBOX-RT-7788' });
  });
  it('is no flow on the origin it was read on, nor for text the model did not read', () => {
    expect(findFlow(read, 'MAIL-INBOX-RT-7788', MAIL)).toBeNull();
    expect(findFlow(read, 'hello 123456', FORUM)).toBeNull();
  });
  it("is no flow when the user's own task holds the text", () => {
    const withUser = noteUserText(read, 'Send mail-inbox-rt-7788 to the forum');
    expect(findFlow(withUser, 'MAIL-INBOX-RT-7788', FORUM)).toBeNull();
  });
  it('a token read on both sites is not a flow into either', () => {
    const both = noteRead(read, [FORUM], 'quoted MAIL-INBOX-RT-7788');
    expect(findFlow(both, 'MAIL-INBOX-RT-7788', FORUM)).toBeNull();
  });
});

describe('caps', () => {
  it('keeps the newest tokens per origin and the newest origins', () => {
    let l = emptyLedger();
    const many = Array.from({ length: TOKENS_PER_ORIGIN + 10 }, (_, i) => `tok${100000 + i}`).join(' ');
    l = noteRead(l, [MAIL], many);
    expect(l.origins[MAIL]).toHaveLength(TOKENS_PER_ORIGIN);
    expect(l.origins[MAIL]?.[0]).toBe('tok100010');
    for (let i = 0; i < MAX_ORIGINS + 3; i++) l = noteRead(l, [`https://s${i}.example`], `code ${900000 + i}`);
    expect(Object.keys(l.origins)).toHaveLength(MAX_ORIGINS);
    expect(l.origins[MAIL]).toBeUndefined();
  });
});

describe('eviction', () => {
  it('drops the origin read longest ago, not the first one noted', () => {
    let l = noteRead(emptyLedger(), [MAIL], 'code 111111');
    for (let i = 0; i < MAX_ORIGINS - 1; i++) l = noteRead(l, [`https://s${i}.example`], `code ${900000 + i}`);
    l = noteRead(l, [MAIL], 'code 222222');
    l = noteRead(l, ['https://late.example'], 'code 333333');
    expect(l.origins[MAIL]).toEqual(['111111', '222222']);
    expect(l.origins['https://s0.example']).toBeUndefined();
  });
});

describe('a re-read that changes nothing (issue 26: no storage write)', () => {
  it('returns the same ledger, and a new one when the order or the tokens change', () => {
    const once = noteRead(emptyLedger(), [MAIL], 'order A-1234-XY, code 555111');
    expect(noteRead(once, [MAIL], 'order A-1234-XY, code 555111')).toBe(once);
    const other = noteRead(once, [FORUM], 'post 778899');
    // MAIL read again moves behind FORUM: the eviction order changed, so it is a new ledger.
    const again = noteRead(other, [MAIL], 'order A-1234-XY, code 555111');
    expect(again).not.toBe(other);
    expect(Object.keys(again.origins)).toEqual([FORUM, MAIL]);
    expect(noteRead(once, [MAIL], 'code 555111, order A-1234-XY')).not.toBe(once);
    expect(sameLedger(noteUserText(emptyLedger(), 'hello'), emptyLedger())).toBe(true);
  });
});
