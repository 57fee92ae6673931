// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs, type TreeArgs, type TreeResult } from '../../shared/tree-contract';
import type { Result } from '../../shared/result';
import { getRefRegistry, type RefRegistry } from './ref-registry';
import { generateAccessibilityTree, type TreeHooks } from './tree';

let registry: RefRegistry;

beforeEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  registry = getRefRegistry({});
});

function build(args: TreeArgs = {}, hooks: TreeHooks = {}): Result<TreeResult> {
  const options = parseTreeArgs(args);
  if (!options.ok) return options;
  return generateAccessibilityTree(document, options.data, registry, hooks);
}

function tree(html: string, args: TreeArgs = {}, hooks: TreeHooks = {}): string {
  document.body.innerHTML = html;
  const r = build(args, hooks);
  if (!r.ok) throw new Error(r.error.message);
  return r.data.tree;
}

describe('rendering', () => {
  test('a small page, line by line', () => {
    const out = tree(`
      <header><nav aria-label="Main"><ul>
        <li><a href="/home">Home</a></li>
        <li><a href="https://example.org/x?y=1">Elsewhere</a></li>
      </ul></nav></header>
      <main>
        <h1>Products</h1>
        <p>Hello <b>big</b> world!</p>
        <p>Second   paragraph
           over lines.</p>
        <form>
          <label for="e">Email</label><input id="e" type="email" placeholder="you@example.com" required>
          <label>Remember me <input type="checkbox" checked></label>
          <button type="submit">Sign in</button>
        </form>
      </main>`);
    expect(out).toBe(
      [
        'banner',
        ' navigation "Main"',
        '  list',
        '   link "Home" [ref_1] href="/home"',
        '   link "Elsewhere" [ref_2] href="https://example.org/x?y=1"',
        'main',
        ' h1 "Products"',
        ' "Hello big world!"',
        ' "Second paragraph over lines."',
        ' textbox "Email" [ref_3] type="email" placeholder="you@example.com" {required}',
        ' checkbox "Remember me" [ref_4] {checked}',
        ' button "Sign in" [ref_5]',
      ].join('\n'),
    );
  });

  test('attributes only where they inform; values, passwords and test ids', () => {
    const out = tree(`
      <input type="text" value="plain">
      <input type="search" aria-label="Find">
      <input type="password" aria-label="Password" value="hunter2">
      <input type="number" aria-label="Qty" value="3">
      <input aria-label="Name" placeholder="Name">
      <a href="#top">Top</a><a href="javascript:void(0)">JS</a>
      <button data-testid="save-btn" data-qa="s">Save</button>
      <div data-testid="wrapper">not kept, so no hint</div>`);
    expect(out).toBe(
      [
        'textbox [ref_1] value="plain"',
        'searchbox "Find" [ref_2]',
        'textbox "Password" [ref_3] type="password" value="••••"',
        'spinbutton "Qty" [ref_4] value="3"',
        'textbox "Name" [ref_5]',
        'link "Top" [ref_6]',
        'link "JS" [ref_7]',
        'button "Save" [ref_8] [data-testid="save-btn"] [data-qa="s"]',
        '"not kept, so no hint"',
      ].join('\n'),
    );
    expect(tree('<button data-x="1" data-testid="a">A</button>', { testIdAttributes: ['data-x'] })).toBe(
      'button "A" [ref_9] [data-x="1"]',
    );
  });

  test('states', () => {
    const out = tree(`
      <button aria-expanded="false">Menu</button>
      <button aria-pressed="true">Bold</button>
      <div role="checkbox" aria-label="Some" aria-checked="mixed" tabindex="0"></div>
      <div role="tablist"><div role="tab" aria-selected="true" tabindex="0">Tab A</div></div>
      <button disabled>Off</button>
      <input aria-label="Code" readonly aria-invalid="true">
      <h3>Level three</h3>
      <a href="/now" aria-current="page">Now</a>`);
    expect(out).toBe(
      [
        'button "Menu" [ref_1] {collapsed}',
        'button "Bold" [ref_2] {pressed}',
        'checkbox "Some" [ref_3] {mixed}',
        'tablist',
        ' tab "Tab A" [ref_4] {selected}',
        'button "Off" [ref_5] {disabled}',
        'textbox "Code" [ref_6] {readonly invalid}',
        'h3 "Level three"',
        'link "Now" [ref_7] href="/now" {current=page}',
      ].join('\n'),
    );
  });

  test('a field with no name per spec falls back to the text before it', () => {
    expect(tree('<div>Every <input type="text" value="1"> month(s)</div>')).toBe(
      ['textbox "Every" [ref_1] value="1"', '"month(s)"'].join('\n'),
    );
  });

  test('text that repeats a name is dropped; other text stays', () => {
    const out = tree(`
      <a href="/p"><img src="p.png" alt="Phone"> <span>Phone</span> <span>$199</span></a>
      <div role="dialog" aria-label="Promo"><p>Promo</p><p>Save 10%</p></div>
      <ul><li>Apples</li><li><b>Pears</b> and plums</li></ul>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'dialog "Promo": "Save 10%"',
        '[page]',
        'link "Phone Phone $199" [ref_1] href="/p"',
        'list',
        ' listitem: "Apples"',
        ' listitem: "Pears and plums"',
      ].join('\n'),
    );
  });

  test('tables: a row on one line, its controls in their cells; a cell mixing text and a control keeps lines', () => {
    const out = tree(`<table aria-label="People">
      <thead><tr><th>Name</th><th>Age</th><th></th></tr></thead>
      <tbody><tr><td>Alice</td><td>30</td><td></td></tr>
      <tr><th scope="row">Bob</th><td><a href="/bob">Profile</a></td><td><b>12</b> years</td></tr>
      <tr><td>A | B</td><td>say "hi"</td><td><button>Edit</button><button>Drop</button></td></tr>
      <tr><td>Cy</td><td>Age <input aria-label="Cy's age"></td><td></td></tr></tbody></table>`);
    expect(out).toBe(
      [
        'table "People"',
        ' row (column headers): Name | Age | ""',
        ' row: Alice | 30 | ""',
        ' row: Bob | link "Profile" [ref_1] href="/bob" | 12 years',
        ' row: "A | B" | "say \\"hi\\"" | button "Edit" [ref_2] button "Drop" [ref_3]',
        ' row',
        '  cell: "Cy"',
        '  cell',
        '   "Age"',
        '   textbox "Cy\'s age" [ref_4]',
        '  cell',
      ].join('\n'),
    );
  });

  test('a list item keeps its line when it holds more than one link', () => {
    expect(tree('<ul><li><a href="/a">A</a> or <a href="/b">B</a></li><li><a href="/c">C</a></li></ul>')).toBe(
      [
        'list',
        ' listitem',
        '  link "A" [ref_1] href="/a"',
        '  "or"',
        '  link "B" [ref_2] href="/b"',
        ' link "C" [ref_3] href="/c"',
      ].join('\n'),
    );
  });

  test('long text is cut with an ellipsis and the result says how to get it back', () => {
    document.body.innerHTML = `<p>${'word '.repeat(100)}</p>`;
    const r = build({ maxTextChars: 20 });
    expect(r.ok && r.data.tree).toBe('"word word word word …"');
    expect(r.ok && r.data.autoDegraded).toBe(true);
    expect(r.ok && r.data.notice).toMatch(/1 long text\(s\) were cut at 20 characters.*maxTextChars: 0/);
    const full = build({ maxTextChars: 0 });
    expect(full.ok && full.data.tree.length).toBe(499 + 2);
    expect(full.ok && full.data.autoDegraded).toBe(false);
  });

  test('an empty page says so', () => {
    expect(tree('<div hidden>x</div>')).toBe('(empty: nothing rendered here)');
  });
});

describe('exclusion', () => {
  test('hidden subtrees are skipped; visibility:hidden children may come back', () => {
    const out = tree(`
      <div style="display:none"><button>None</button></div>
      <div hidden><button>Hidden</button></div>
      <div inert><button>Inert</button></div>
      <div aria-hidden="true"><button>AriaHidden</button></div>
      <div style="visibility:hidden"><button>Invisible</button>
        <span style="visibility:visible"><button>Back</button></span></div>
      <details><summary>More</summary><button>Inside</button></details>
      <details open><summary>Open</summary><button>Shown</button></details>
      <template><button>Template</button></template>
      <script>var x = 1;</script><style>p{}</style><noscript>js off</noscript>
      <input type="hidden" value="t">`);
    expect(out).toBe(
      [
        'button "Back" [ref_1]',
        'button "More" [ref_2] {collapsed}',
        'button "Open" [ref_3] {expanded}',
        'button "Shown" [ref_4]',
      ].join('\n'),
    );
  });

  test('iframes are listed, not entered', () => {
    expect(
      tree('<iframe title="Payment" src="/pay/frame.html"></iframe><iframe src="https://ads.example/x"></iframe>'),
    ).toBe(['iframe "Payment" [ref_1] src="/pay/frame.html"', 'iframe [ref_2] src="https://ads.example/x"'].join('\n'));
  });
});

describe('shadow DOM and slots', () => {
  test('open shadow roots are walked in place, slots show assigned nodes or fallback', () => {
    document.body.innerHTML = `<p>before</p><x-card><span slot="title">Card title</span><button>Light</button></x-card><p>after</p>`;
    const host = document.querySelector('x-card');
    if (!host) throw new Error('no host');
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<h2><slot name="title">Fallback title</slot></h2>
      <div><slot></slot></div><footer><slot name="none"><a href="/more">Fallback link</a></slot></footer>
      <button>Shadow</button>`;
    const r = build();
    expect(r.ok && r.data.tree).toBe(
      [
        '"before"',
        'h2 "Card title"',
        'button "Light" [ref_1]',
        'contentinfo',
        ' link "Fallback link" [ref_2] href="/more"',
        'button "Shadow" [ref_3]',
        '"after"',
      ].join('\n'),
    );
    // The ref resolves to the element inside the shadow tree.
    expect(registry.lookup('ref_3')?.getRootNode()).toBe(root);
  });

  test('closed shadow roots are read through the shadowRootOf hook when there is one', () => {
    document.body.innerHTML = '<x-closed><b>light</b></x-closed>';
    const host = document.querySelector('x-closed');
    if (!host) throw new Error('no host');
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = '<button>Secret</button><slot></slot>';
    const plain = build();
    expect(plain.ok && plain.data.tree).toBe('"light"');
    const hooked = build({}, { shadowRootOf: (el) => (el === host ? root : el.shadowRoot) });
    expect(hooked.ok && hooked.data.tree).toBe(['button "Secret" [ref_1]', '"light"'].join('\n'));
  });
});

describe('refs', () => {
  test('focusables and non-semantic clickables get refs', () => {
    document.body.innerHTML = `
      <span tabindex="0">Focusable span</span>
      <div tabindex="-1">Scripted widget</div>
      <h2 tabindex="-1">Route heading</h2>
      <div contenteditable="true">Editor</div>
      <div onclick="void 0">Attr click</div>
      <div id="prop">Prop click</div>
      <div style="cursor:pointer" id="card">Card <span style="cursor:pointer">inherited</span></div>
      <span id="hinted">Hinted</span>
      <label style="cursor:pointer">Just a label</label>`;
    const prop = document.getElementById('prop');
    if (prop) prop.onclick = () => undefined;
    const hinted = document.getElementById('hinted');
    const r = build({}, { hasClickListener: (el) => el === hinted });
    expect(r.ok && r.data.tree).toBe(
      [
        'generic [ref_1]: "Focusable span"',
        'generic [ref_2]: "Scripted widget"',
        'h2 "Route heading" [ref_3]',
        'generic [ref_4] {editable}: "Editor"',
        'generic [ref_5]: "Attr click"',
        'generic [ref_6]: "Prop click"',
        'generic [ref_7]: "Card inherited"',
        'generic [ref_8]: "Hinted"',
        '"Just a label"',
      ].join('\n'),
    );
  });

  test("a control's styled inner parts do not get refs of their own; its real sub-controls do", () => {
    document.body.innerHTML = `
      <div role="radio" aria-checked="false" tabindex="0"><span style="cursor:pointer">◯</span> Small</div>
      <div role="tablist"><div role="tab" aria-selected="true" tabindex="0">Docs
        <span style="cursor:pointer">·</span><button aria-label="Close Docs">x</button></div></div>
      <span style="cursor:pointer" title="Dismiss">✕</span>`;
    const r = build();
    expect(r.ok && r.data.tree).toBe(
      [
        'radio "◯ Small" [ref_1]',
        'tablist',
        ' tab "Docs · Close Docs" [ref_2] {selected}',
        '  button "Close Docs" [ref_3]',
        'generic "Dismiss" [ref_4]: "✕"',
      ].join('\n'),
    );
  });

  test('refs are stable across builds and after unrelated DOM changes; removed refs are swept', () => {
    document.body.innerHTML = '<button id="a">A</button><button id="b">B</button>';
    const first = build();
    expect(first.ok && first.data.tree).toBe('button "A" [ref_1]\nbutton "B" [ref_2]');
    const c = document.createElement('button');
    c.textContent = 'C';
    document.body.prepend(c);
    document.getElementById('a')?.remove();
    const second = build();
    expect(second.ok && second.data.tree).toBe('button "C" [ref_3]\nbutton "B" [ref_2]');
    expect(registry.size()).toBe(2);
    const miss = registry.resolve('ref_1');
    expect(miss.ok ? '' : miss.error.message).toContain('nearby refs: ref_2, ref_3');
  });

  test('long selects list their first 30 options; anchoring at the select lists them all', () => {
    const options = Array.from({ length: 40 }, (_, i) => `<option${i === 1 ? ' selected' : ''}>C${i}</option>`).join(
      '',
    );
    document.body.innerHTML = `<label>Country <select>${options}</select></label>`;
    const r = build();
    if (!r.ok) throw new Error(r.error.message);
    const lines = r.data.tree.split('\n');
    expect(lines[0]).toBe('combobox "Country" [ref_1] value="C1"');
    expect(lines[2]).toBe(' option "C1"');
    expect(lines).toHaveLength(32);
    expect(lines[31]).toBe(' … 10 more options (all of them: ref_id of this select)');
    expect(r.data.notice).toMatch(/long select list/);
    const all = build({ ref_id: 'ref_1' });
    expect(all.ok && all.data.tree.split('\n')).toHaveLength(41);
  });
});

describe('options', () => {
  test('maxDepth cuts deep nodes, mints an anchor ref, and says how to read them', () => {
    document.body.innerHTML = '<ul><li>one<ul><li>two<ul><li>three <a href="/x">deep</a></li></ul></li></ul></li></ul>';
    const r = build({ maxDepth: 3 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.tree).toBe(
      [
        'list',
        ' listitem',
        '  "one"',
        '  list [ref_1]',
        '   … 1 nested node(s) below maxDepth 3: read them with ref_id "ref_1"',
      ].join('\n'),
    );
    expect(r.data.autoDegraded).toBe(true);
    expect(r.data.notice).toMatch(/maxDepth 3 hid 1 nested node/);
    const anchored = build({ ref_id: 'ref_1' });
    expect(anchored.ok && anchored.data.tree).toContain('link "deep" [ref_2] href="/x"');
  });

  test("filter 'interactive' keeps refs, headings and dialogs only", () => {
    const out = tree(
      `<h1>Shop</h1><p>Intro text</p><ul><li><a href="/a">A</a></li></ul>
       <div style="cursor:pointer">Clickable</div><table><tr><td><button>Buy</button></td></tr></table>`,
      { filter: 'interactive' },
    );
    expect(out).toBe(
      ['h1 "Shop"', 'link "A" [ref_1] href="/a"', 'generic [ref_2]: "Clickable"', 'button "Buy" [ref_3]'].join('\n'),
    );
  });

  test("filter 'visible' keeps what the viewport shows (rects injected: jsdom has no layout)", () => {
    document.body.innerHTML = `<button id="in">In</button><button id="out">Out</button>
      <div id="box"><span id="t">seen</span><span id="u">unseen</span></div>`;
    const visible = new Set(['in', 'box', 't']);
    const r = build({ filter: 'visible' }, { inViewport: (el) => visible.has(el.id) });
    expect(r.ok && r.data.tree).toBe(['button "In" [ref_1]', '"seen"'].join('\n'));
    expect(r.ok && r.data.stats.refCount).toBe(1);
  });

  test('ref_id anchors at a subtree; a stale anchor is a clear error', () => {
    document.body.innerHTML = '<nav aria-label="Side"><a href="/1">One</a></nav><main><button>Go</button></main>';
    build();
    const nav = document.querySelector('nav');
    if (!nav) throw new Error('no nav');
    const navRef = registry.refFor(nav);
    const r = build({ ref_id: navRef });
    expect(r.ok && r.data.tree).toBe(['navigation "Side" [ref_3]', ' link "One" [ref_1] href="/1"'].join('\n'));
    nav.remove();
    const gone = build({ ref_id: navRef });
    expect(gone.ok ? '' : gone.error.code).toBe('ref_not_found');
  });

  test('invalid arguments are a clear error', () => {
    for (const bad of [{ filter: 'everything' }, { maxChars: 10 }, { ref_id: '42' }, { page: 0 }, { maxDeph: 3 }]) {
      const parsed = parseTreeArgs(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.message).toMatch(/^invalid arguments for get_accessibility_tree: /);
    }
    expect(parseTreeArgs(undefined).ok).toBe(true);
  });

  test('a pathologically deep page is cut, not a stack overflow', () => {
    let html = '<button>deepest</button>';
    // Past the 1,000-level guard; jsdom's style cascade is quadratic in depth, so not much further.
    for (let i = 0; i < 1100; i++) html = `<div>${html}</div>`;
    document.body.innerHTML = html;
    const deep = build();
    expect(deep.ok && deep.data.autoDegraded).toBe(true);
    expect(deep.ok && deep.data.tree).toMatch(/^… 1 nested node\(s\) below maxDepth/);
    // jsdom only (Chromium walks this in milliseconds): minutes under a loaded 2-core machine, and the test is about
    // the cut, not speed (the bench times builds).
  }, 120_000);

  test('a document without a body walks its root element', () => {
    const doc = document.implementation.createDocument('http://www.w3.org/2000/svg', 'svg', null);
    const options = parseTreeArgs({});
    if (!options.ok) throw new Error(options.error.message);
    const r = generateAccessibilityTree(doc, options.data, registry);
    expect(r.ok).toBe(true);
    // A big jsdom build: seconds under a loaded CI machine, so not the 5 s default (speed is the bench's job).
  }, 30_000);

  test('stats', () => {
    document.body.innerHTML = '<button>A</button><div><span>x</span></div>';
    const r = build();
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.stats).toMatchObject({ refCount: 1, nodeCount: 2, elementCount: 4 });
    expect(r.data.stats.buildMs).toBeGreaterThanOrEqual(0);
  });
});
