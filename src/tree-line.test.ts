// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { generateAccessibilityTree } from '../content-scripts/ax/tree';
import { getRefRegistry } from '../content-scripts/ax/ref-registry';
import { parseTreeArgs } from './tree-args';
import { parseTree, parseTreeLine, refOfLine, type TreeLine } from './tree-line';

function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&')}"`;
}

/** The line back from its parts: the parser loses nothing the builder prints. */
function print(l: TreeLine): string {
  let out = ' '.repeat(l.indent) + l.role;
  if (l.name !== undefined) out += ` ${quoted(l.name)}`;
  if (l.ref !== undefined) out += ` [${l.ref}]`;
  for (const [k, v] of Object.entries(l.attrs)) out += ` ${k}=${quoted(v)}`;
  for (const [k, v] of Object.entries(l.hints)) out += ` [${k}=${quoted(v)}]`;
  if (l.states.length > 0) out += ` {${l.states.join(' ')}}`;
  if (l.popupOf !== undefined) out += ` (popup of ${l.popupOf})`;
  if (l.text !== undefined) out += `: ${quoted(l.text)}`;
  return out + l.tail;
}

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
    expect(parseTreeLine('row: "A" | "B"')).toMatchObject({ role: 'row', tail: ': "A" | "B"' });
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
      <table><tr><th>Name</th><th>Age</th></tr><tr><td>Alice</td><td>30</td></tr></table>
      <ul><li>Apples</li></ul>
      <p>Some <b>bold</b> text</p>`;
    const options = parseTreeArgs({});
    if (!options.ok) throw new Error(options.error.message);
    const r = generateAccessibilityTree(document, options.data, getRefRegistry({}));
    if (!r.ok) throw new Error(r.error.message);
    const lines = r.data.tree.split('\n');
    const parsed = parseTree(r.data.tree);
    expect(parsed.length).toBeGreaterThan(8);
    for (const l of parsed) expect(print(l)).toBe(lines[l.index]);
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
