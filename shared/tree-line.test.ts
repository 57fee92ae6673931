// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { generateAccessibilityTree } from '../content-scripts/ax/tree';
import { getRefRegistry } from '../content-scripts/ax/ref-registry';
import { parseTreeArgs } from './tree-args';
import { parseTree, parseTreeLine, refOfLine, refsOfLine } from './tree-line';
import { printLine } from './tree-print';

describe('one tree line', () => {
  test('every part, in print order, unescaped', () => {
    expect(
      parseTreeLine(
        '  textbox "Say \\"hi\\"" [f2:ref_12] type="email" value="a\\\\b" [data-testid="mail"] {required focused}',
      ),
    ).toEqual({
      indent: 2,
      role: 'textbox',
      name: 'Say "hi"',
      ref: 'f2:ref_12',
      attrs: { type: 'email', value: 'a\\b' },
      hints: { 'data-testid': 'mail' },
      states: ['required', 'focused'],
      tail: '',
    });
    expect(parseTreeLine('listitem: "Apples"')).toMatchObject({ role: 'listitem', text: 'Apples', tail: '' });
    expect(parseTreeLine(' option "Red" [ref_4] {selected} (popup of ref_3)')).toMatchObject({
      popupOf: 'ref_3',
      states: ['selected'],
    });
    expect(parseTreeLine('dialog [ref_5]')).toMatchObject({ role: 'dialog', ref: 'ref_5' });
  });

  test('a ref-like text inside a name is not the line ref', () => {
    expect(refOfLine('button "see [ref_3]"')).toBeUndefined();
    expect(refOfLine('button "see [ref_3]" [ref_4]')).toBe('ref_4');
  });

  test('banners and blank lines are not element lines', () => {
    expect(parseTreeLine('')).toBeNull();
    expect(parseTreeLine('[page]')).toBeNull();
  });

  test('a one-line row: bare, quoted and element cells, its refs in print order', () => {
    const line =
      ' row [ref_9] {selected}: Ada | "A | B" | "" | checkbox "Pick | me" [ref_3] | button "Edit" [f1:ref_4] link "x" [ref_5] href="/x"';
    expect(parseTreeLine(line)).toMatchObject({
      indent: 1,
      role: 'row',
      ref: 'ref_9',
      states: ['selected'],
      cells: [
        { text: 'Ada', elements: [] },
        { text: 'A | B', elements: [] },
        { text: '', elements: [] },
        { elements: [{ role: 'checkbox', name: 'Pick | me', ref: 'ref_3' }] },
        {
          elements: [
            { role: 'button', name: 'Edit', ref: 'f1:ref_4' },
            { role: 'link', name: 'x', ref: 'ref_5', attrs: { href: '/x' } },
          ],
        },
      ],
    });
    expect(refsOfLine(line)).toEqual(['ref_9', 'ref_3', 'f1:ref_4', 'ref_5']);
    expect(refOfLine('row: Ada | checkbox "Pick" [ref_3]')).toBe('ref_3');
    expect(parseTreeLine('row (column headers): Name | Age')).toMatchObject({
      columnHeaders: true,
      cells: [{ text: 'Name' }, { text: 'Age' }],
    });
    expect(parseTree('table\n row: Ada | checkbox "Pick" [ref_3]').map((l) => [l.role, l.index, l.indent])).toEqual([
      ['table', 0, 0],
      ['row', 1, 1],
      ['checkbox', 1, 2],
    ]);
  });

  test('a quoted line is a text run; h1–h6 are headings with their level', () => {
    expect(parseTreeLine('  "Say \\"hi\\""')).toMatchObject({ indent: 2, role: 'text', name: 'Say "hi"', tail: '' });
    expect(parseTreeLine('h3 "Card" [ref_2] {expanded}')).toMatchObject({
      role: 'heading',
      name: 'Card',
      ref: 'ref_2',
      states: ['level=3', 'expanded'],
    });
    expect(parseTreeLine('h7 "x"')).toMatchObject({ role: 'h7' });
  });
});

describe('the builder and the parser agree', () => {
  test('every line of a real tree parses and prints back unchanged', () => {
    document.body.innerHTML = `
      <h2>Order "42"</h2>
      <nav><ul><li><a href="/a">Home</a></li><li><a href="https://example.org/x">Ext \\ link</a></li></ul></nav>
      <form aria-label="Pay">
        <label>Email <input type="email" required value="x@y.z" data-testid="mail"></label>
        <label><input type="checkbox" checked> Keep</label>
        <select aria-label="Size"><option>S</option><option selected>M</option></select>
        <button type="reset">Clear</button>
      </form>
      <table><tr><th>Name</th><th>Age</th></tr><tr><td>Alice</td><td>30</td></tr>
        <tr><td>A | "B"</td><td><input type="checkbox" aria-label="Pick Bo"> <button>Edit</button></td></tr></table>
      <ul><li>Apples</li></ul>
      <p>Some <b>bold</b> text</p>`;
    const options = parseTreeArgs({});
    if (!options.ok) throw new Error(options.error.message);
    const r = generateAccessibilityTree(document, options.data, getRefRegistry({}));
    if (!r.ok) throw new Error(r.error.message);
    const lines = r.data.tree.split('\n');
    const parsed = parseTree(r.data.tree);
    expect(parsed.length).toBeGreaterThan(8);
    for (const text of lines) {
      const l = parseTreeLine(text);
      if (l) expect(printLine(l)).toBe(text);
    }
    const refs = parsed.filter((l) => l.ref !== undefined);
    expect(refs.map((l) => l.role)).toEqual(expect.arrayContaining(['link', 'textbox', 'checkbox', 'button']));
    expect(parsed.find((l) => l.role === 'textbox')).toMatchObject({
      name: 'Email',
      attrs: { type: 'email', value: 'x@y.z' },
      hints: { 'data-testid': 'mail' },
      states: ['required'],
    });
    expect(parsed.find((l) => l.role === 'checkbox')?.states).toEqual(['checked']);
  });
});
