import { describe, expect, it } from 'vitest';
import { displayResult, formatMs, refInArgs, summarizeArgs, summarizeResult } from './tool-summary';
import { filterTreeLines, parseTreeLines } from './tree-lines';

describe('tree lines', () => {
  const tree = 'main\n  button "Save" [ref_12]\n  iframe\n    link "Help" [f1:ref_3]\n  "ref_9 is not a ref"';
  it('finds the ref each line names, including frame-qualified refs', () => {
    expect(parseTreeLines(tree).map((l) => l.ref)).toEqual([undefined, 'ref_12', undefined, 'f1:ref_3', undefined]);
  });
  it('filters case-insensitively', () => {
    expect(filterTreeLines(parseTreeLines(tree), 'SAVE').map((l) => l.index)).toEqual([1]);
    expect(filterTreeLines(parseTreeLines(tree), '  ')).toHaveLength(5);
  });
});

describe('tool card summaries', () => {
  it('puts identifying arguments first and shortens long text', () => {
    expect(summarizeArgs({ text: 'hello', ref: 'ref_4', clear: true })).toBe('ref_4, text: "hello", clear: true');
    expect(summarizeArgs({ text: 'x'.repeat(100) })).toMatch(/^text: "x{39}…"$/);
    expect(summarizeArgs({ nested: { a: 1 } })).toBe('');
    expect(refInArgs({ ref: 'ref_4' })).toBe('ref_4');
    expect(refInArgs({ url: 'x' })).toBeUndefined();
  });
  it('shows the first meaningful result line and readable times', () => {
    const wrap = (body: string) =>
      `<<WB-UNTRUSTED 9bf7e9fb1c3acd28>> source=click_ax\n${body}\n<</WB-UNTRUSTED 9bf7e9fb1c3acd28>>`;
    expect(
      summarizeResult(
        wrap('{"success":true,"method":"synthetic","name":"Show details","hint":"no visible change yet"}'),
      ),
    ).toBe('"Show details" · synthetic · no visible change yet');
    expect(summarizeResult(wrap('{"error":{"code":"ref_not_found","message":"ref_9 not found"}}'))).toBe(
      'ref_9 not found',
    );
    expect(summarizeResult(wrap('page 1/1\nbutton "Save" [ref_1]'))).toBe('page 1/1');
    expect(displayResult(wrap('{"a":1}'))).toBe('{\n  "a": 1\n}');
    expect(summarizeResult('plain failure text')).toBe('plain failure text');
    expect(formatMs(42.4)).toBe('42 ms');
    expect(formatMs(1530)).toBe('1.5 s');
  });
});
