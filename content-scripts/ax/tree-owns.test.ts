// @vitest-environment jsdom
/**
 * aria-owns in the printed tree (WAI-ARIA 1.2 §6.6 aria-owns): owned elements are the owner's
 * last children in aria-owns order, leave their DOM position, have one owner, never form a cycle,
 * and keep their refs.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs, type TreeArgs } from '../../shared/tree-args';
import { getRefRegistry, type RefRegistry } from './ref-registry';
import { generateAccessibilityTree } from './tree';

let registry: RefRegistry;

beforeEach(() => {
  document.body.innerHTML = '';
  registry = getRefRegistry({});
});

function read(args: TreeArgs = {}): string {
  const options = parseTreeArgs(args);
  if (!options.ok) throw new Error(options.error.message);
  const r = generateAccessibilityTree(document, options.data, registry);
  if (!r.ok) throw new Error(r.error.message);
  return r.data.tree;
}

function tree(html: string, args: TreeArgs = {}): string {
  document.body.innerHTML = html;
  return read(args);
}

describe('owned elements move under their owner', () => {
  test('after the DOM children, in aria-owns order, and gone from where they sit', () => {
    const out = tree(`
      <div role="list" aria-label="Fruits" aria-owns="c b"><div role="listitem">Apple</div></div>
      <h2>Elsewhere</h2>
      <div id="b" role="listitem">Banana</div>
      <div id="c" role="listitem">Cherry</div>`);
    expect(out).toBe(
      ['list "Fruits"', ' listitem: "Apple"', ' listitem: "Cherry"', ' listitem: "Banana"', 'h2 "Elsewhere"'].join(
        '\n',
      ),
    );
  });

  test('a row owning cells from another row prints them as its own cells', () => {
    const out = tree(`
      <div role="table" aria-label="Scores">
        <div role="row" aria-owns="late"><span role="cell">Ada</span></div>
        <div role="row"><span role="cell">Bob</span><span role="cell" id="late">30</span></div>
      </div>`);
    expect(out).toBe(['table "Scores"', ' row: Ada | 30', ' row: Bob'].join('\n'));
  });

  test('owned elements keep their refs, and the ref still resolves to the same element', () => {
    document.body.innerHTML = `
      <div role="toolbar" aria-label="Edit" id="bar"><button>Bold</button></div>
      <p>Text between</p>
      <button id="it">Italic</button>`;
    const before = read();
    const italic = /button "Italic" \[(ref_\d+)\]/.exec(before)?.[1];
    if (!italic) throw new Error(`no Italic ref in:\n${before}`);
    document.getElementById('bar')?.setAttribute('aria-owns', 'it');
    const after = read();
    expect(after).toBe(
      ['toolbar "Edit"', ' button "Bold" [ref_1]', ` button "Italic" [${italic}]`, '"Text between"'].join('\n'),
    );
    const el = registry.resolve(italic);
    expect(el.ok && el.data.id).toBe('it');
  });

  test('an owned element leaves an aria-hidden container; one hidden by CSS is not relocated', () => {
    const out = tree(`
      <div role="group" aria-label="Player" aria-owns="play gone"></div>
      <div aria-hidden="true"><button id="play">Play</button></div>
      <div style="display:none"><button id="gone">Gone</button></div>`);
    expect(out).toBe(['group "Player"', ' button "Play" [ref_1]'].join('\n'));
  });

  test('a ref_id read of the owner includes what it owns; a read of the old container does not', () => {
    document.body.innerHTML = `
      <nav aria-label="Main" aria-owns="extra"><a href="/a">A</a></nav>
      <section aria-label="Side" id="side"><a href="/b">B</a><a id="extra" href="/x">Extra</a></section>`;
    const whole = read();
    expect(whole).toBe(
      [
        'navigation "Main"',
        ' link "A" [ref_1] href="/a"',
        ' link "Extra" [ref_2] href="/x"',
        'region "Side"',
        ' link "B" [ref_3] href="/b"',
      ].join('\n'),
    );
    const nav = registry.refFor(document.querySelector('nav') ?? document.body);
    expect(read({ ref_id: nav })).toBe(
      [`navigation "Main" [${nav}]`, ' link "A" [ref_1] href="/a"', ' link "Extra" [ref_2] href="/x"'].join('\n'),
    );
    const side = registry.refFor(document.getElementById('side') ?? document.body);
    const sideTree = read({ ref_id: side });
    expect(sideTree).toContain('link "B"');
    expect(sideTree).not.toContain('Extra');
  });
});

describe('ownership is single and acyclic', () => {
  test('the first owner in DOM order wins; a repeated id owns once', () => {
    const out = tree(`
      <div role="list" aria-label="First" aria-owns="x x"></div>
      <div role="list" aria-label="Second" aria-owns="x"></div>
      <div role="listitem" id="x">Shared</div>`);
    expect(out).toBe(['list "First"', ' listitem: "Shared"', 'list "Second"'].join('\n'));
  });

  test('owning oneself, an ancestor, or one’s own owner is ignored', () => {
    const out = tree(`
      <div role="group" aria-label="Outer" id="outer">
        <div role="group" aria-label="Inner" id="inner" aria-owns="inner outer"><button>In</button></div>
      </div>
      <div role="group" aria-label="A" id="a" aria-owns="b"></div>
      <div role="group" aria-label="B" id="b" aria-owns="a"><button>Bee</button></div>`);
    expect(out).toBe(
      [
        'group "Outer"',
        ' group "Inner"',
        '  button "In" [ref_1]',
        'group "A"',
        ' group "B"',
        '  button "Bee" [ref_2]',
      ].join('\n'),
    );
  });

  test('a cycle through a chain of owners is ignored too', () => {
    const out = tree(`
      <div role="group" aria-label="P" aria-owns="q"></div>
      <div role="group" aria-label="Q" id="q" aria-owns="r"></div>
      <div role="group" aria-label="R" id="r" aria-owns="p-host"></div>
      <div id="p-host" role="group" aria-label="Host"><button>Deep</button></div>`);
    expect(out).toBe(
      ['group "P"', ' group "Q"', '  group "R"', '   group "Host"', '    button "Deep" [ref_1]'].join('\n'),
    );
    // Now make the chain point back at its start: R may not own P, which is its ancestor.
    document.querySelector('[aria-label="P"]')?.setAttribute('id', 'p');
    document.getElementById('r')?.setAttribute('aria-owns', 'p');
    expect(read()).toBe(
      ['group "P"', ' group "Q"', '  group "R"', 'group "Host"', ' button "Deep" [ref_1]'].join('\n'),
    );
  });

  test('a text field cannot own (Chromium keeps the element where it is)', () => {
    const out = tree(`
      <label>Search <input aria-owns="hint"></label>
      <div role="note" id="hint">Try a city</div>`);
    expect(out).toBe(['textbox "Search" [ref_1]', 'note: "Try a city"'].join('\n'));
  });
});

describe('owned popups', () => {
  test('an expanded combobox’s owned listbox still prints once, under [open overlays]', () => {
    const out = tree(`
      <div role="combobox" aria-label="City" aria-expanded="true" aria-owns="lb" tabindex="0"></div>
      <p>Between</p>
      <ul role="listbox" id="lb" aria-label="Cities"><li role="option">Oslo</li><li role="option">Rome</li></ul>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'listbox "Cities" [ref_2] (popup of ref_1)',
        ' option "Oslo" [ref_3]',
        ' option "Rome" [ref_4]',
        '[page]',
        'combobox "City" [ref_1] {expanded}',
        '"Between"',
      ].join('\n'),
    );
  });

  test('a menu owned by a button keeps its own structure (the button’s presentational children stay behind)', () => {
    const out = tree(`
      <button aria-haspopup="menu" aria-expanded="true" aria-owns="m">Actions</button>
      <div role="menu" id="m" aria-label="Actions menu">
        <div role="group" aria-label="Edit"><div role="menuitem">Copy</div></div>
      </div>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'menu "Actions menu" (popup of ref_1)',
        ' group "Edit"',
        '  menuitem "Copy" [ref_2]',
        '[page]',
        // Chrome names the button from its content, the owned menu included.
        'button "Actions Actions menu" [ref_1] {expanded}',
      ].join('\n'),
    );
  });
});
