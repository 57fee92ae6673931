// @vitest-environment jsdom
/**
 * find when nothing the tree shows matches but hidden sections hold the words (issue 28): the count
 * and the control that opens each, printed as the tree prints it, with the tree's ref.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { parseTreeArgs } from '../../shared/tree-args';
import { parseTree } from '../../shared/tree-line';
import { getRefRegistry, type RefRegistry } from '../ax/ref-registry';
import { generateAccessibilityTree } from '../ax/tree';
import { findElements } from './find';

let registry: RefRegistry;
/** Closed roots the extension reads (chrome.dom.openOrClosedShadowRoot), as find.test.ts's hook. */
const closedRoots = new Map<Element, ShadowRoot>();
const hooks = { shadowRootOf: (el: Element) => closedRoots.get(el) ?? el.shadowRoot };

beforeEach(() => {
  document.body.innerHTML = '';
  closedRoots.clear();
  registry = getRefRegistry({});
});

function find(query: string) {
  const r = findElements(
    document,
    { query, maxCandidates: 5, visibleOnly: false, testIdAttributes: ['data-testid'] },
    registry,
    hooks,
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

function treeRefOf(name: string): string | undefined {
  const options = parseTreeArgs({ maxChars: 1_000_000 });
  if (!options.ok) throw new Error('bad options');
  const r = generateAccessibilityTree(document, options.data, registry, hooks);
  if (!r.ok) throw new Error(r.error.message);
  return parseTree(r.data.tree).find((l) => l.name === name)?.ref;
}

describe('find: matches only hidden sections hold', () => {
  it('a closed <details>: counted, and its summary named with the ref the tree prints', () => {
    document.body.innerHTML =
      '<h1>Your purchase</h1><details><summary>More actions</summary><button>Cancel order</button></details>';
    const r = find('cancel order');
    expect(r.matches).toBe(0);
    expect(r.hidden?.count).toBe(1);
    const ref = treeRefOf('More actions');
    expect(ref).toBeDefined();
    expect(r.hidden?.openers).toEqual([expect.stringMatching(new RegExp(`"More actions" \\[${ref ?? 'none'}\\]`))]);
  });

  it('a section an aria-expanded="false" control names in aria-controls, and the accordion pattern', () => {
    document.body.innerHTML = [
      '<button aria-expanded="false" aria-controls="x p1">Shipping</button>',
      '<div id="p1" style="display:none"><label>Gift note <input></label></div>',
      '<div><button aria-expanded="false">Billing</button></div>',
      '<div hidden><label>Gift note for billing <input></label></div>',
    ].join('');
    const r = find('gift note');
    expect(r.matches).toBe(0);
    expect(r.hidden?.count).toBe(2);
    expect(r.hidden?.openers).toEqual([
      expect.stringMatching(/^button "Shipping" \[ref_\d+\] \{.*collapsed.*\}$/),
      expect.stringMatching(/^button "Billing" \[ref_\d+\]/),
    ]);
  });

  it('says nothing when no hidden text holds every word, or when a visible element matched', () => {
    document.body.innerHTML = '<div hidden>Gift wrap</div><button>Pay</button>';
    expect(find('gift note').hidden).toBeUndefined();
    // An inline script's data (a framework's hydration state) and a template are never content.
    document.body.innerHTML =
      '<script type="application/json">{"label":"Gift note"}</script><template><p>Gift note</p></template><p>Pay</p>';
    expect(find('gift note').hidden).toBeUndefined();
    document.body.innerHTML = '<div hidden>Pay later</div><button>Pay</button>';
    const r = find('pay');
    expect(r.matches).toBeGreaterThan(0);
    expect(r.hidden).toBeUndefined();
  });

  it('looks into closed shadow roots as the tree does: a section there, and the control that opens it', () => {
    const host = document.createElement('account-panel');
    const root = host.attachShadow({ mode: 'closed' });
    root.innerHTML = [
      '<h2>Account</h2>',
      '<button aria-expanded="false" aria-controls="danger">Danger zone</button>',
      '<div id="danger" hidden><button>Erase my data</button></div>',
      '<details><summary>Billing</summary><button>Download receipts</button></details>',
    ].join('');
    document.body.append(host);
    // Without the extension's reader neither the tree nor the scan sees into the root.
    expect(find('erase my data').hidden).toBeUndefined();
    closedRoots.set(host, root);
    const r = find('erase my data');
    expect(r.matches).toBe(0);
    expect(r.hidden?.count).toBe(1);
    const ref = treeRefOf('Danger zone');
    expect(ref).toBeDefined();
    expect(r.hidden?.openers).toEqual([
      expect.stringMatching(new RegExp(`^button "Danger zone" \\[${ref ?? 'none'}\\]`)),
    ]);
    const receipts = find('download receipts');
    expect(receipts.hidden?.openers).toEqual([expect.stringMatching(/"Billing" \[ref_\d+\]/)]);
  });

  it('a closed root inside a closed root, and an aria-controls id resolved in its own root only', () => {
    const outer = document.createElement('settings-page');
    const outerRoot = outer.attachShadow({ mode: 'closed' });
    // The same id in the document names another section: the opener is the one in the root.
    document.body.innerHTML = '<button aria-expanded="false" aria-controls="adv">Decoy</button><div id="adv"></div>';
    const inner = document.createElement('advanced-box');
    const innerRoot = inner.attachShadow({ mode: 'closed' });
    innerRoot.innerHTML =
      '<button aria-expanded="false" aria-controls="adv">Advanced</button><div id="adv" hidden>Enable two-factor sign-in</div>';
    outerRoot.append(inner);
    document.body.append(outer);
    closedRoots.set(outer, outerRoot);
    closedRoots.set(inner, innerRoot);
    const r = find('two-factor sign-in');
    expect(r.hidden?.count).toBe(1);
    expect(r.hidden?.openers).toEqual([expect.stringMatching(/^button "Advanced" \[ref_\d+\]/)]);
  });
});
