import { describe, expect, it } from 'vitest';
import { scoreCandidate, type Features } from './rank';
import { parseQuery, testIdWords, words } from './tokens';

const base: Features = { role: 'button', name: '', testId: '', text: '', rowText: '', on: false };
const score = (query: string, f: Partial<Features>) => scoreCandidate(parseQuery(query), { ...base, ...f });

describe('tokens', () => {
  it('drops edge punctuation, marks function words, reads test ids as words', () => {
    expect(words('the link to order #19999,')).toEqual(['the', 'link', 'to', 'order', '19999']);
    const q = parseQuery('the underline button in the toolbar');
    expect(q.label).toEqual(['underline', 'button', 'toolbar']);
    expect(q.roles.has('button')).toBe(true);
    expect(testIdWords('formatUnderline')).toBe('format underline');
    expect(testIdWords('panel-layers_tab')).toBe('panel layers tab');
  });
});

describe('scoreCandidate', () => {
  it('function words score nothing: a long name sharing them does not beat the named element', () => {
    const named = score('the past link in the top navigation bar', { role: 'link', name: 'past' });
    const headline = score('the past link in the top navigation bar', {
      role: 'heading',
      name: 'In the top of the news today',
    });
    expect(named.score).toBeGreaterThan(headline.score);
  });

  it('a multi-word phrase run beats a one-word one', () => {
    const two = score('click save draft now', { name: 'Save draft' });
    const one = score('click save draft now', { name: 'Save' });
    expect(two.score).toBeGreaterThan(one.score);
  });

  it('an icon-only control is found by its test id', () => {
    const hit = score('underline', { testId: 'format-underline' });
    expect(hit.matched).toBe(true);
    expect(hit.score).toBeGreaterThan(score('underline', { testId: 'format-bold' }).score);
  });

  it('the state bonus lifts a match and never makes one', () => {
    const on = score('properties panel', { role: 'tab', testId: 'panel-properties', on: true });
    const off = score('properties panel', { role: 'tab', testId: 'panel-properties' });
    expect(on.score).toBe(off.score + 2);
    expect(score('properties', { role: 'tab', testId: 'panel-history', on: true }).matched).toBe(false);
  });

  it('a role word alone is no match; beside a section name it is', () => {
    expect(score('button', { name: 'Clicked 3 times' }).matched).toBe(false);
    expect(score('counter button', { name: 'Clicked 3 times', rowText: 'counter' }).matched).toBe(true);
    expect(score('counter', { name: 'Clicked 3 times', rowText: 'counter' }).matched).toBe(false);
  });

  it('a rare word weighs more than one every row carries', () => {
    const q = parseQuery('order 20000');
    const rarity = new Map([
      ['order', 0],
      ['20000', 3],
    ]);
    const target = scoreCandidate(q, { ...base, name: 'Delete order 20000' }, rarity);
    const other = scoreCandidate(q, { ...base, name: 'Delete order 19999' }, rarity);
    expect(target.score).toBeGreaterThan(other.score + 3);
  });
});
