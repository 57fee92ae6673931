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

beforeEach(() => {
  document.body.innerHTML = '';
  registry = getRefRegistry({});
});

function find(query: string) {
  const r = findElements(
    document,
    { query, maxCandidates: 5, visibleOnly: false, testIdAttributes: ['data-testid'] },
    registry,
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

function treeRefOf(name: string): string | undefined {
  const options = parseTreeArgs({ maxChars: 1_000_000 });
  if (!options.ok) throw new Error('bad options');
  const r = generateAccessibilityTree(document, options.data, registry, {});
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
});
