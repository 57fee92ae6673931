import { describe, expect, test } from 'vitest';
import {
  bareRefsIn,
  FRAME_ID_PATTERN,
  isRef,
  parseRefNumber,
  QUALIFIED_REF_PATTERN,
  REF_IN_LINE,
  REF_PATTERN,
} from './refs';

describe('the ref grammar', () => {
  test('a plain ref is ref_ and a positive integer of at most 16 digits', () => {
    expect(REF_PATTERN.test('ref_1')).toBe(true);
    expect(REF_PATTERN.test('ref_9007199254740991')).toBe(true);
    for (const bad of ['ref_0', 'ref_01', 'REF_4', 'ref_12345678901234567', 'f2:ref_1', ' ref_1']) {
      expect(REF_PATTERN.test(bad), bad).toBe(false);
    }
    expect(parseRefNumber('ref_42')).toBe(42);
    expect(parseRefNumber('ref_042')).toBeNull();
  });

  test('a qualified ref names its frame; f0 is the main frame', () => {
    expect(QUALIFIED_REF_PATTERN.exec('f2:ref_7')?.slice(1)).toEqual(['f2', 'ref_7']);
    expect(QUALIFIED_REF_PATTERN.exec('ref_7')?.slice(1)).toEqual([undefined, 'ref_7']);
    expect(isRef('f0:ref_3')).toBe(true);
    expect(isRef('f01:ref_3')).toBe(false);
    expect(isRef('x:ref_3')).toBe(false);
    expect(FRAME_ID_PATTERN.test('f12')).toBe(true);
    expect(FRAME_ID_PATTERN.test('f012')).toBe(false);
  });

  test('a tree line carries its ref in brackets', () => {
    expect(REF_IN_LINE.exec('  button "Save" [f1:ref_12] {disabled}')?.[1]).toBe('f1:ref_12');
    expect(REF_IN_LINE.exec('button "Save [ref_x]"')).toBeNull();
  });

  test('bare refs in text skip qualified refs and longer words', () => {
    const text = 'ref_1, f2:ref_3, ref_id, xref_4, ref_5.';
    expect(text.match(bareRefsIn())).toEqual(['ref_1', 'ref_5']);
  });
});
