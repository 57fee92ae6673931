// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatCounter } from './css-counters';
import { createAxContext } from './ax-context';
import { parseContent } from './style-cache';

describe('parseContent (computed `content` → text)', () => {
  const el = document.createElement('span');
  el.setAttribute('data-n', '7');

  it('reads strings, escapes and attr()', () => {
    expect(parseContent('"a" "b"', el).text).toBe('ab');
    expect(parseContent('"\\2605 " attr(data-n)', el).text).toBe('★7');
    expect(parseContent('none', el).text).toBe('');
    expect(parseContent('normal', el).text).toBe('');
  });
  it('prefers the alternative text after "/" and flags it', () => {
    expect(parseContent('"★" / "Favourite"', el)).toEqual({ text: 'Favourite', isAlt: true });
    expect(parseContent('url(x.png) / ""', el)).toEqual({ text: '', isAlt: true });
  });
  it('resolves counter() and counters() through the supplied lookup', () => {
    const lookup = (name: string) => (name === 'step' ? [2, 5] : [0]);
    expect(parseContent('"" / counter(step)', el, lookup).text).toBe('5');
    expect(parseContent('counters(step, ".") " "', el, lookup).text).toBe('2.5 ');
    expect(parseContent('counter(step, upper-roman)', el, lookup).text).toBe('V');
  });
});

it('formats the predefined counter styles', () => {
  expect([formatCounter(28, 'lower-alpha'), formatCounter(14, 'upper-roman'), formatCounter(3, 'decimal')]).toEqual([
    'ab',
    'XIV',
    '3',
  ]);
});

it('caches computed styles per context', () => {
  document.body.innerHTML = '<p id="p">x</p>';
  const ctx = createAxContext(document);
  const p = document.getElementById('p') as Element;
  expect(ctx.style(p)).toBe(ctx.style(p));
  // jsdom has no pseudo-element styles: the context reports none rather than calling it.
  expect(ctx.pseudo(p, '::before')).toEqual({ text: '', block: false });
});
