// @vitest-environment jsdom
/**
 * What the tree leaves out because the line already says it: each rule here drops tokens, never
 * something the agent needs to act (the e2e action tests drive these same controls by their refs).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs } from '../../shared/tree-args';
import { getRefRegistry, type RefRegistry } from './ref-registry';
import { generateAccessibilityTree } from './tree';

let registry: RefRegistry;

beforeEach(() => {
  document.body.innerHTML = '';
  registry = getRefRegistry({});
});

function tree(html: string, args: Record<string, unknown> = {}): string {
  document.body.innerHTML = html;
  const options = parseTreeArgs(args);
  if (!options.ok) throw new Error(options.error.message);
  const r = generateAccessibilityTree(document, options.data, registry);
  if (!r.ok) throw new Error(r.error.message);
  return r.data.tree;
}

describe('selects and comboboxes', () => {
  const html = `
    <label>Size <select><option value="s">Small</option><option value="m" selected>Medium</option></select></label>
    <label>Toppings <select multiple><option selected>Cheese</option><option>Olives</option></select></label>`;

  test('a drop-down lists its choices without refs or {selected}; a list box keeps both', () => {
    expect(tree(html)).toBe(
      [
        'combobox "Size" [ref_1] value="Medium"',
        ' option "Small"',
        ' option "Medium"',
        'listbox "Toppings" [ref_2] value="Cheese"',
        ' option "Cheese" [ref_3] {selected}',
        ' option "Olives" [ref_4]',
      ].join('\n'),
    );
  });

  test("the 'interactive' filter still lists a drop-down's choices", () => {
    expect(tree(html, { filter: 'interactive' })).toBe(
      [
        'combobox "Size" [ref_1] value="Medium"',
        ' option "Small"',
        ' option "Medium"',
        'listbox "Toppings" [ref_2] value="Cheese"',
        ' option "Cheese" [ref_3] {selected}',
        ' option "Olives" [ref_4]',
      ].join('\n'),
    );
  });

  test('a combobox says {expanded} when open and nothing when closed; other controls keep {collapsed}', () => {
    const out = tree(`
      <input role="combobox" aria-label="City" aria-expanded="false">
      <input role="combobox" aria-label="Town" aria-expanded="true">
      <button aria-expanded="false">Menu</button>
      <input type="checkbox" aria-label="Agree">`);
    expect(out).toBe(
      [
        'combobox "City" [ref_1]',
        'combobox "Town" [ref_2] {expanded}',
        'button "Menu" [ref_3] {collapsed}',
        'checkbox "Agree" [ref_4]',
      ].join('\n'),
    );
  });
});

describe('attributes', () => {
  test('a button submits its form unless it says otherwise: only reset is printed', () => {
    const out = tree(`<form>
      <button type="submit">Send</button><button>Also send</button><button type="reset">Clear</button>
      <button type="button">Preview</button><input type="submit" value="Go">
      <input type="image" src="go.png" alt="Checkout"><input type="file" aria-label="Attach"></form>`);
    expect(out).toBe(
      [
        'button "Send" [ref_1]',
        'button "Also send" [ref_2]',
        'button "Clear" [ref_3] type="reset"',
        'button "Preview" [ref_4]',
        'button "Go" [ref_5]',
        'button "Checkout" [ref_6]',
        'button "Attach" [ref_7] type="file"',
      ].join('\n'),
    );
  });

  test('a link whose text is its URL does not repeat it as href', () => {
    const out = tree(`
      <a href="https://example.org/docs">https://example.org/docs</a>
      <a href="https://example.org/docs">Docs</a>`);
    expect(out).toBe(
      ['link "https://example.org/docs" [ref_1]', 'link "Docs" [ref_2] href="https://example.org/docs"'].join('\n'),
    );
  });
});

describe('structure', () => {
  test('a row prints on one line, each control in its cell, several in one cell split by a space', () => {
    const out = tree(`<table><tr><th>Pick</th><th>Name</th><th>Actions</th></tr>
      <tr><td><input type="checkbox" aria-label="Select Ada"></td><td>Ada</td>
        <td><button>Edit</button><button>Delete</button></td></tr></table>`);
    expect(out).toBe(
      [
        'table',
        ' row (column headers): Pick | Name | Actions',
        ' row: checkbox "Select Ada" [ref_1] | Ada | button "Edit" [ref_2] button "Delete" [ref_3]',
      ].join('\n'),
    );
  });

  test('a section named by its first heading prints the name once; one with a ref keeps it', () => {
    const out = tree(`
      <section aria-labelledby="h"><h2 id="h">Billing</h2><p>Due soon</p></section>
      <section aria-label="Other"><h2>Shipping</h2></section>
      <div role="dialog" tabindex="-1" aria-labelledby="t"><h2 id="t">Edit profile</h2></div>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'dialog "Edit profile" [ref_1]',
        ' h2 "Edit profile"',
        '[page]',
        'region',
        ' h2 "Billing"',
        ' "Due soon"',
        'region "Other"',
        ' h2 "Shipping"',
      ].join('\n'),
    );
  });

  test('an article named from its heading (name from heading) prints the name once, on the heading', () => {
    const out = tree(`
      <article><h2>Rivers of Europe</h2><p>Long ones.</p></article>
      <article><p>Intro</p><h3>Late title</h3></article>`);
    expect(out).toBe(
      [
        'article',
        ' h2 "Rivers of Europe"',
        ' "Long ones."',
        // The heading is not the first line under it here: the article keeps the name it took from it.
        'article "Late title"',
        ' "Intro"',
        ' h3 "Late title"',
      ].join('\n'),
    );
  });
});
