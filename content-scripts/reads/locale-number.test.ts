import { describe, expect, it } from 'vitest';
import { parseLocaleNumber } from './locale-number';

describe('parseLocaleNumber', () => {
  it.each([
    ['1.299,00 €', 'de', 1299],
    ['49,90 €', 'de', 49.9],
    ['12.345,67 €', 'de', 12345.67],
    ['1.200 Stück', 'de', 1200],
    ['−5,50 €', 'de', -5.5],
    ['1,299.50', 'en', 1299.5],
    ['$1,299', 'en-US', 1299],
    ['1,5', 'en', 1.5],
    ['1\u202f299,50 €', 'fr', 1299.5],
    ['1 299,50 €', 'fr', 1299.5],
    ["CHF 1'299.50", 'de-CH', 1299.5],
    ['Pay $18.50', 'en', 18.5],
    ['#20000', 'en', 20000],
    ['1.299,00', 'en', 1299],
    ['-3', '', -3],
    ['12.5', 'de', 12.5],
  ])('%s (%s) → %d', (text, lang, expected) => {
    expect(parseLocaleNumber(text, lang)).toBe(expected);
  });
  it('has no number where there is none', () => {
    expect(parseLocaleNumber('free', 'en')).toBeNull();
    expect(parseLocaleNumber('', 'de')).toBeNull();
    expect(parseLocaleNumber('1,299', 'xx_bad tag')).toBe(1299);
  });
});
