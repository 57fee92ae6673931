import { describe, expect, it } from 'vitest';
import { estimateTokens, tokensForChars } from './token-estimate';

describe('estimateTokens', () => {
  it('counts three characters a token, rounding up, exactly at multiples', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(2);
    expect(tokensForChars(300)).toBe(100);
    expect(tokensForChars(3_000_000)).toBe(1_000_000);
  });
});
