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

  it('a name of nothing but function words matches when a run equals all of it', () => {
    const about = score('about page link', { role: 'link', name: 'About' });
    expect(about.matched).toBe(true);
    // Only the whole name: a headline merely containing "about" is still no match.
    expect(score('about page link', { role: 'heading', name: 'All about us' }).matched).toBe(false);
  });

  it('a query word written together matches a name written apart', () => {
    expect(score('signup', { name: 'Sign up' }).matched).toBe(true);
    expect(score('checkout', { name: 'Check out now' }).matched).toBe(true);
    // Not across unrelated parts: "carpet" is not "car" + "pet" of a three-word gap.
    expect(score('signup', { name: 'Sign in to keep up' }).matched).toBe(false);
  });

  it('an unnamed field is labelled by its placeholder; a named one counts it as text', () => {
    expect(score('nickname field', { role: 'textbox', placeholder: 'nickname' }).matched).toBe(true);
    const named = score('nickname', { role: 'textbox', name: 'Handle', placeholder: 'nickname' });
    const plain = score('nickname', { role: 'textbox', name: 'Nickname' });
    expect(named.matched).toBe(true);
    expect(plain.score).toBeGreaterThan(named.score);
  });

  it('a synonym is a weaker, weak-flagged match; never a part of a word', () => {
    const syn = score('remove item', { name: 'Delete item' });
    const word = score('remove item', { name: 'Remove item' });
    expect(syn.matched).toBe(true);
    expect(word.score).toBeGreaterThan(syn.score);
    expect(score('remove', { name: 'Delete' }).weak).toBe(true);
    expect(score('remove', { name: 'Remove' }).weak).toBe(false);
    expect(score('back', { name: 'Preview' }).matched).toBe(false);
  });

  it('a live region is named by its role word alone; a button is not', () => {
    expect(score('the status message', { role: 'status', text: 'not paid' }).matched).toBe(true);
    expect(score('button', { role: 'button', name: 'Clicked 3 times' }).matched).toBe(false);
  });

  it("a form control's name or id is a weak signal for a word nothing else hit", () => {
    const coupon = score('coupon code field', { role: 'textbox', name: 'Gutschein', fieldIds: 'coupon' });
    expect(coupon.matched).toBe(true);
    expect(coupon.weak).toBe(false);
    // A role word in an id says nothing ("react select 2 input").
    expect(score('select', { role: 'combobox', name: 'Country', fieldIds: 'react select 2 input' }).matched).toBe(
      false,
    );
  });
});
