import { describe, expect, it } from 'vitest';
import { findEntries } from './find-entries';

describe('findEntries', () => {
  it('splits a find result into tree lines with refs and notes', () => {
    const r = findEntries(
      'find "save": 1 candidate of 1 match, best first\n1. button "Save" [f2:ref_4] · score 17 · actionable · box 1,2 3×4\nwarning: x',
    );
    expect(r.head).toMatch(/^find "save"/);
    expect(r.entries).toEqual([
      { line: 'button "Save" [f2:ref_4]', ref: 'f2:ref_4', rest: 'score 17 · actionable · box 1,2 3×4' },
    ]);
    expect(r.notes).toEqual(['warning: x']);
  });
});
