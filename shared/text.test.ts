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
});
