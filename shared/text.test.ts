import { describe, expect, it } from 'vitest';
import { collapse, cut, sliceSafe, squish } from './text';

describe('string primitives', () => {
  it('cuts within max, ellipsis included, never inside a surrogate pair', () => {
    expect(cut('hello', 5)).toBe('hello');
    expect(cut('hello world', 6)).toBe('hello…');
    const emoji = `a${'😀'.repeat(10)}`;
    const out = cut(emoji, 5);
    expect(out).toBe('a😀…');
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(cut('abcdef', 4, '...')).toBe('a...');
    expect(sliceSafe('😀😀', 3)).toBe('😀');
    expect(sliceSafe('ab', 5)).toBe('ab');
  });

  it('collapses whitespace', () => {
    expect(collapse(' a \n\t b ')).toBe(' a b ');
    expect(squish(' a \n\t b ')).toBe('a b');
  });

  it('collapses as one whitespace replace does, whether or not the text needs it', () => {
    const samples = ['a b c', ' a b ', 'a  b', 'a\u00a0b', 'a\nb', '\t', ' ', '', 'a \u2003 b', 'x\u3000', 'é ü'];
    for (const s of samples) expect(collapse(s)).toBe(s.replace(/\s+/g, ' '));
  });
});
