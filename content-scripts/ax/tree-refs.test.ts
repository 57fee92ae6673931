// @vitest-environment jsdom
/**
 * Which elements get refs, and that each printed ref line says what `__wb_ax_describe` says.
 * Layout-dependent parts (image maps, pointer cursors from style sheets) are also proven in
 * Chromium by tests/e2e/tree-agreement.e2e.ts.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs } from '../../shared/tree-args';
import { parseTree } from '../../shared/tree-line';
import { describeElement } from './describe';
import { getRefRegistry, type RefRegistry } from './ref-registry';
import { quote } from './render';
import { generateAccessibilityTree } from './tree';

let registry: RefRegistry;

beforeEach(() => {
  document.body.innerHTML = '';
  registry = getRefRegistry({});
});

function tree(html: string): string {
  document.body.innerHTML = html;
  const options = parseTreeArgs({});
  if (!options.ok) throw new Error(options.error.message);
  const r = generateAccessibilityTree(document, options.data, registry);
  if (!r.ok) throw new Error(r.error.message);
  return r.data.tree;
}

/** Every `role "name" [ref_N]` line against describe's role and name for that ref's element. */
function printedVersusDescribed(out: string): { printed: string; described: string }[] {
  const rows: { printed: string; described: string }[] = [];
  for (const line of parseTree(out)) {
    if (line.ref === undefined) continue;
    const el = registry.resolve(line.ref);
    if (!el.ok) throw new Error(el.error.message);
    const d = describeElement(el.data);
    rows.push({ printed: `${line.role} ${quote(line.name ?? '')}`, described: `${d.role} ${quote(d.name)}` });
  }
  return rows;
}

describe('a focusable container is named like Chrome names it', () => {
  test('the tree line and describe agree: no name, the text is content', () => {
    const out = tree(`
      <div tabindex="0">Focusable div</div>
      <p tabindex="-1">Focusable paragraph</p>
      <ul><li tabindex="0">Focusable item</li></ul>
      <div tabindex="0" aria-label="Labelled">inner</div>`);
    expect(out).toBe(
      [
        'generic [ref_1]: "Focusable div"',
        'paragraph [ref_2]: "Focusable paragraph"',
        'list',
        ' listitem [ref_3]: "Focusable item"',
        'generic "Labelled" [ref_4]: "inner"',
      ].join('\n'),
    );
    const rows = printedVersusDescribed(out);
    expect(rows).toHaveLength(4);
    for (const { printed, described } of rows) expect(printed).toBe(described);
  });
});

describe('image maps', () => {
  test("the areas of a used map are links with refs under the image; an unused map's are not", () => {
    const out = tree(`
      <map name="m">
        <area shape="rect" coords="0,0,10,10" href="/north" alt="North">
        <area shape="rect" coords="10,0,20,10" alt="No href, no link">
        <area shape="rect" coords="0,10,10,20" href="/hidden" alt="Hidden" aria-hidden="true">
      </map>
      <map id="unused"><area href="/nowhere" alt="Nowhere"></map>
      <img src="x.png" usemap="#m" alt="Regions" width="20" height="20">
      <img src="y.png" usemap="#m" alt="Same map again">
      <img src="z.png" usemap="#missing" alt="No such map">`);
    expect(out).toBe(
      ['image "Regions"', ' link "North" [ref_1] href="/north"', 'image "Same map again"', 'image "No such map"'].join(
        '\n',
      ),
    );
    for (const { printed, described } of printedVersusDescribed(out)) expect(printed).toBe(described);
  });

  test('an image without a name still exposes its areas', () => {
    const out = tree(`<img src="x.png" usemap="#m"><map name="m"><area href="/a" alt="A"></map>`);
    expect(out).toBe('link "A" [ref_1] href="/a"');
  });
});

describe('dialogs', () => {
  test('an open <dialog>, modal or not, has a ref (Chromium makes it focusable); an ARIA dialog needs tabindex', () => {
    const out = tree(`
      <dialog open><p>Non-modal note</p><button>Got it</button></dialog>
      <div role="dialog" aria-label="Plain"><button>Ok</button></div>
      <dialog><button>Closed</button></dialog>`);
    expect(out).toBe(
      [
        '[open overlays]',
        'dialog [ref_1]',
        ' "Non-modal note"',
        ' button "Got it" [ref_2]',
        'dialog "Plain"',
        ' button "Ok" [ref_3]',
      ].join('\n'),
    );
  });
});

describe('pointer-cursor wrappers', () => {
  test('a pointer wrapper around one ref’d control gets no ref and no line; one with more content keeps its ref', () => {
    const out = tree(`
      <div style="cursor:pointer"><button>Save</button></div>
      <div style="cursor:pointer"><span><a href="/x">Only link</a></span></div>
      <div style="cursor:pointer" data-testid="wrap"><button>Tagged</button></div>
      <div style="cursor:pointer" title="Tip"><button>Titled</button></div>
      <div style="cursor:pointer">Order #1 <button>Details</button></div>
      <div style="cursor:pointer"><button>One</button><button>Two</button></div>
      <div style="cursor:pointer"><h3>Card</h3><button>Buy</button></div>
      <div style="cursor:pointer" onclick="void 0"><button>Handler</button></div>
      <div style="cursor:pointer">Plain card</div>`);
    expect(out).toBe(
      [
        'button "Save" [ref_1]',
        'link "Only link" [ref_2] href="/x"',
        'generic [data-testid="wrap"]',
        ' button "Tagged" [ref_3]',
        'generic "Tip"',
        ' button "Titled" [ref_4]',
        'generic [ref_6]',
        ' "Order #1"',
        ' button "Details" [ref_5]',
        'generic [ref_9]',
        ' button "One" [ref_7]',
        ' button "Two" [ref_8]',
        'generic [ref_11]',
        ' h3 "Card"',
        ' button "Buy" [ref_10]',
        'generic [ref_12]',
        ' button "Handler" [ref_13]',
        'generic [ref_14]: "Plain card"',
      ].join('\n'),
    );
  });

  test('a custom element host with a pointer cursor around its own inner button', () => {
    document.body.innerHTML = '<x-button style="cursor:pointer">Go</x-button>';
    const host = document.querySelector('x-button');
    const root = host?.attachShadow({ mode: 'open' });
    if (root) root.innerHTML = '<button part="base" style="cursor:pointer"><slot></slot></button>';
    const options = parseTreeArgs({});
    if (!options.ok) throw new Error(options.error.message);
    const r = generateAccessibilityTree(document, options.data, registry);
    expect(r.ok && r.data.tree).toBe('button "Go" [ref_1]');
  });

  test('a wrapper that had a ref keeps resolving it, but the tree stops printing it', () => {
    document.body.innerHTML = '<div id="w" style="cursor:pointer">Card</div>';
    const options = parseTreeArgs({});
    if (!options.ok) throw new Error(options.error.message);
    const first = generateAccessibilityTree(document, options.data, registry);
    expect(first.ok && first.data.tree).toBe('generic [ref_1]: "Card"');
    const w = document.getElementById('w');
    if (w) w.innerHTML = '<button>Card</button>';
    const second = generateAccessibilityTree(document, options.data, registry);
    expect(second.ok && second.data.tree).toBe('button "Card" [ref_2]');
    expect(registry.resolve('ref_1').ok).toBe(true);
  });
});
