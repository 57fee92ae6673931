// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs, type TreeArgs } from '../../shared/tree-contract';
import { getRefRegistry, type RefRegistry } from './ref-registry';
import { generateAccessibilityTree } from './tree';

let registry: RefRegistry;

beforeEach(() => {
  document.body.innerHTML = '';
  registry = getRefRegistry({});
});

function tree(html: string, args: TreeArgs = {}): string {
  document.body.innerHTML = html;
  const options = parseTreeArgs(args);
  if (!options.ok) throw new Error(options.error.message);
  const r = generateAccessibilityTree(document, options.data, registry);
  if (!r.ok) throw new Error(r.error.message);
  return r.data.tree;
}

describe('[open overlays]', () => {
  test('an open dialog comes first, once; a closed <dialog> is absent', () => {
    const out = tree(`
      <main><h1>Catalog</h1><button>Add</button></main>
      <dialog open><h2>Add a product</h2><button>Close</button>
        <label>Name <input placeholder="Product name" value="namaz"></label></dialog>
      <dialog><button>Never</button></dialog>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'dialog "Add a product" [ref_2]',
        ' h2 "Add a product"',
        ' button "Close" [ref_3]',
        ' textbox "Name" [ref_4] placeholder="Product name" value="namaz"',
        '[page]',
        'main',
        ' h1 "Catalog"',
        ' button "Add" [ref_1]',
      ].join('\n'),
    );
  });

  test("an expanded combobox's portalled listbox is hoisted and names its opener", () => {
    const out = tree(`
      <form><label for="c">Billing period</label>
        <input id="c" role="combobox" aria-expanded="true" aria-controls="lb" value="Mo">
        <button>Next</button></form>
      <p>Footer text</p>
      <div class="portal"><ul id="lb" role="listbox" aria-label="Periods">
        <li role="option" aria-selected="true">Monthly</li><li role="option">Yearly</li></ul></div>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'listbox "Periods" [ref_3] (popup of ref_1)',
        ' option "Monthly" [ref_4] {selected}',
        ' option "Yearly" [ref_5]',
        '[page]',
        'combobox "Billing period" [ref_1] value="Mo" {expanded}',
        'button "Next" [ref_2]',
        '"Footer text"',
      ].join('\n'),
    );
  });

  test('a popup that comes before its control in the DOM is still hoisted', () => {
    const out = tree(`
      <div id="menu" role="menu"><div role="menuitem" tabindex="-1">Rename</div></div>
      <button aria-haspopup="menu" aria-expanded="true" aria-controls="menu">Actions</button>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'menu (popup of ref_2)',
        ' menuitem "Rename" [ref_1]',
        '[page]',
        'button "Actions" [ref_2] {expanded}',
      ].join('\n'),
    );
  });

  test('a generic popup wrapper is hoisted with a bare line that names its opener', () => {
    const out = tree(`
      <button aria-haspopup="true" aria-expanded="true" aria-controls="pop">Filters</button>
      <div id="pop"><label><input type="checkbox"> In stock</label></div>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'generic (popup of ref_1)',
        ' checkbox "In stock" [ref_2]',
        '[page]',
        'button "Filters" [ref_1] {expanded}',
      ].join('\n'),
    );
  });

  test('accordions, static listboxes and collapsed popups stay in place', () => {
    const out = tree(`
      <button aria-expanded="true" aria-controls="panel">Section</button>
      <div id="panel"><a href="/in">Inside</a></div>
      <select multiple aria-label="Tags"><option>a</option></select>
      <button aria-haspopup="listbox" aria-expanded="false" aria-controls="closed">Pick</button>
      <div id="closed" role="listbox" aria-label="Closed" hidden></div>
      <div role="menu" aria-label="Toolbar menu"><div role="menuitem" tabindex="0">Cut</div></div>`);
    expect(out).toBe(
      [
        'button "Section" [ref_1] {expanded}',
        'link "Inside" [ref_2] href="/in"',
        'listbox "Tags" [ref_3]',
        ' option "a" [ref_4]',
        'button "Pick" [ref_5] {collapsed}',
        'menu "Toolbar menu"',
        ' menuitem "Cut" [ref_6]',
      ].join('\n'),
    );
  });

  test('a positioned menu is an overlay; a dialog nested in a dialog stays nested', () => {
    const out = tree(`
      <div role="menu" aria-label="Context" style="position:absolute"><div role="menuitem" tabindex="0">Copy</div></div>
      <div role="dialog" aria-label="Outer"><div role="alertdialog" aria-label="Inner"><button>OK</button></div></div>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'menu "Context"',
        ' menuitem "Copy" [ref_1]',
        'dialog "Outer"',
        ' alertdialog "Inner"',
        '  button "OK" [ref_2]',
      ].join('\n'),
    );
  });

  test('overlays inside shadow roots are found, and anchoring at a ref does not hoist', () => {
    document.body.innerHTML = '<x-select></x-select><p>after</p>';
    const host = document.querySelector('x-select');
    if (!host) throw new Error('no host');
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<button aria-haspopup="listbox" aria-expanded="true" aria-controls="l">Size</button>
      <div role="listbox" id="l" aria-label="Sizes"><div role="option">S</div></div>`;
    const options = parseTreeArgs({});
    if (!options.ok) throw new Error(options.error.message);
    const r = generateAccessibilityTree(document, options.data, registry);
    expect(r.ok && r.data.tree).toBe(
      [
        '[open overlays]',
        'listbox "Sizes" [ref_2] (popup of ref_1)',
        ' option "S" [ref_3]',
        '[page]',
        'button "Size" [ref_1] {expanded}',
        '"after"',
      ].join('\n'),
    );
    const button = root.querySelector('button');
    if (!button) throw new Error('no button');
    const anchored = parseTreeArgs({ ref_id: registry.refFor(host) });
    if (!anchored.ok) throw new Error(anchored.error.message);
    const a = generateAccessibilityTree(document, anchored.data, registry);
    expect(a.ok && a.data.tree).toBe(
      ['generic [ref_4]', ' button "Size" [ref_1] {expanded}', ' listbox "Sizes" [ref_2]', '  option "S" [ref_3]'].join(
        '\n',
      ),
    );
  });
});
