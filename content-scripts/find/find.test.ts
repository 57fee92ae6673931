// @vitest-environment jsdom
/**
 * find and text_search over jsdom: candidates and refs agree with the tree, test-id-only elements,
 * closed shadow roots through the hook, scoping, and text_search's true count. jsdom has no layout,
 * so every candidate reads as off-screen here; actionability is proven in tests/e2e/find.e2e.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { parseTreeArgs } from '../../shared/tree-args';
import { parseTree } from '../../shared/tree-line';
import { getRefRegistry, type RefRegistry } from '../ax/ref-registry';
import { generateAccessibilityTree } from '../ax/tree';
import { findElements } from './find';
import { searchText } from './text-search';
import { canBePart } from './text-relevance';

let registry: RefRegistry;
const closedRoots = new Map<Element, ShadowRoot>();
const hooks = { shadowRootOf: (el: Element) => closedRoots.get(el) ?? el.shadowRoot };
const TEST_IDS = ['data-testid', 'data-test', 'data-cy', 'data-qa'];

beforeEach(() => {
  document.body.innerHTML = '';
  closedRoots.clear();
  registry = getRefRegistry({});
});

function find(query: string, extra: { ref_id?: string; maxCandidates?: number } = {}) {
  const r = findElements(
    document,
    { query, maxCandidates: extra.maxCandidates ?? 5, visibleOnly: false, testIdAttributes: TEST_IDS, ...extra },
    registry,
    hooks,
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

function tree(): string {
  const options = parseTreeArgs({ maxChars: 1_000_000 });
  if (!options.ok) throw new Error('bad options');
  const r = generateAccessibilityTree(document, options.data, registry, hooks);
  if (!r.ok) throw new Error(r.error.message);
  return r.data.tree;
}

describe('findElements', () => {
  it('returns the tree line and the ref the tree prints', () => {
    document.body.innerHTML = '<h1>Shop</h1><button>Save draft</button><button>Save</button><a href="/x">Save link</a>';
    const before = parseTree(tree());
    const r = find('the save button');
    const top = r.candidates[0];
    expect(top?.line).toMatch(/^button "Save" \[ref_\d+\]$/);
    expect(before.find((l) => l.name === 'Save' && l.role === 'button')?.ref).toBe(top?.ref);
    expect(r.matches).toBe(3);
  });

  it('ranks a test-id-only element, mints its ref, and says the tree does not print it', () => {
    document.body.innerHTML = '<div data-testid="sync-status">All synced</div><p>Other text</p>';
    const r = find('sync status');
    expect(r.candidates[0]?.line).toMatch(/^generic \[ref_\d+\] \[data-testid="sync-status"\]$/);
    expect(r.candidates[0]?.unprinted).toBe(true);
    expect(registry.lookup(r.candidates[0]?.ref ?? '')).toBe(document.querySelector('[data-testid]'));
  });

  it('sees controls in closed shadow roots through the hook, and scopes to a ref', () => {
    const host = document.createElement('pay-box');
    const root = host.attachShadow({ mode: 'closed' });
    closedRoots.set(host, root);
    root.innerHTML = '<button>Pay now</button>';
    document.body.append(host);
    document.body.insertAdjacentHTML(
      'beforeend',
      '<ul><li id="a">Ada <button>Remove</button></li><li id="b">Alan <button>Remove</button></li></ul>',
    );
    expect(find('pay now').candidates[0]?.line).toMatch(/^button "Pay now"/);
    const scope = registry.refFor(document.getElementById('b') ?? document.body);
    const scoped = find('remove', { ref_id: scope });
    expect(scoped.candidates).toHaveLength(1);
    expect(registry.lookup(scoped.candidates[0]?.ref ?? '')).toBe(document.querySelector('#b button'));
    expect(scoped.candidates[0]?.context).toBe('in list item "Alan Remove"');
  });

  it('puts a heading after an interactive match, but returns it when nothing interactive matches', () => {
    document.body.innerHTML = '<h2>Invoices</h2><button>Invoices</button><h2>Team</h2>';
    // jsdom has no layout: give each element its own row on screen so the hit test can run.
    const rows = [...document.body.querySelectorAll('*')];
    const rect = (i: number) => new DOMRect(0, i * 30, 200, 20);
    for (const [i, el] of rows.entries()) el.getBoundingClientRect = () => rect(i);
    document.elementFromPoint = (_x: number, y: number) => rows[Math.floor(y / 30)] ?? null;
    expect(find('invoices').candidates.map((c) => c.line.split(' ')[0])).toEqual(['button', 'h2']);
    expect(find('team').candidates[0]?.line).toMatch(/^h2 "Team" \[ref_\d+\]/);
  });
});

function search(text: string, extra: { exact?: boolean; includeHidden?: boolean; maxMatches?: number } = {}) {
  const r = searchText(
    document,
    {
      text,
      exact: extra.exact ?? false,
      includeHidden: extra.includeHidden ?? false,
      maxMatches: extra.maxMatches ?? 20,
    },
    registry,
    hooks,
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

describe('searchText', () => {
  it('counts every occurrence, past any cut, and reports the nearest printed element', () => {
    document.body.innerHTML = `<main><p>${'word '.repeat(100)}needle</p><ul><li>needle <b>needle</b></li></ul></main>`;
    const r = search('NEEDLE', { maxMatches: 2 });
    expect(r.count).toBe(3);
    expect(r.matches).toHaveLength(2);
    expect(r.matches[0]?.line).toMatch(/^main \[ref_\d+\]$/);
    expect(r.matches[1]?.line).toMatch(/^listitem \[ref_\d+\]$/);
  });

  it('leaves hidden text out unless asked, and reads closed shadow roots', () => {
    document.body.innerHTML = '<p>Saved</p><div hidden>Saved</div><details><summary>More</summary>Saved</details>';
    const host = document.createElement('x-toast');
    const root = host.attachShadow({ mode: 'closed' });
    closedRoots.set(host, root);
    root.innerHTML = '<div role="status">Saved</div>';
    document.body.append(host);
    expect(search('saved').count).toBe(2);
    expect(search('saved', { includeHidden: true }).count).toBe(4);
    expect(search('Saved', { exact: true }).count).toBe(2);
    expect(search('saved', { exact: true }).count).toBe(0);
  });

  it('lists an element once however many occurrences it holds; count counts them all', () => {
    document.body.innerHTML = '<ul><li>red <b>red</b> red</li><li>blue</li><li>red</li></ul>';
    const r = search('red');
    expect(r.count).toBe(4);
    expect(r.matches).toHaveLength(2);
    expect(new Set(r.matches.map((m) => m.ref)).size).toBe(2);
  });

  it('finds text across elements and blocks, and never inside text that cannot hold it', () => {
    document.body.innerHTML =
      '<p>Order <b>#12</b> shipped</p><div>total</div><div>due</div><p>orders #1 ship</p><script>order #12 shipped</script>';
    expect(search('order #12 shipped').count).toBe(1);
    expect(search('total due').count).toBe(1);
    expect(search('totaldue').count).toBe(0);
    expect(search('#12').count).toBe(1);
    expect(search('ship').count).toBe(2);
  });
});

describe('find pre-pass', () => {
  // jsdom has no layout, so containers are not demoted here: the target is among the candidates.
  it('reaches names from labels, aria-labelledby, legends, sections and rows', () => {
    document.body.innerHTML = `
      <nav aria-label="Main"><a href="/a">Home</a><a href="/b">Billing</a></nav>
      <section aria-label="Counter"><button>+</button><span>3</span></section>
      <form><fieldset><legend>Shipping address</legend><label for="z">Zip</label><input id="z"></fieldset></form>
      <span id="lbl">Delete everything</span><div role="button" tabindex="0" aria-labelledby="lbl">×</div>
      <table><tr><td>May 13</td><td><button>Download</button></td></tr></table>
      <div data-testid="format-underline">U</div>`;
    const queries = ['counter button', 'zip field in shipping', 'delete everything', 'may 13 button', 'underline'];
    const pruned = queries.map((q) => find(q).candidates.map((c) => c.line));
    expect(pruned.every((lines) => lines.length > 0)).toBe(true);
    expect(pruned[0]?.some((l) => /^button "\+"/.test(l))).toBe(true);
    expect(pruned[1]?.some((l) => /^textbox "Zip"/.test(l))).toBe(true);
    expect(pruned[2]?.some((l) => /^button "Delete everything"/.test(l))).toBe(true);
    expect(pruned[3]?.some((l) => /^button "Download"/.test(l))).toBe(true);
    expect(pruned[4]?.some((l) => /data-testid="format-underline"/.test(l))).toBe(true);
    // The tree prints the same ref on the same line for every element find returned.
    const printed = tree();
    for (const lines of pruned)
      for (const line of lines) if (!/data-testid/.test(line)) expect(printed).toContain(line);
  });
});

describe('canBePart', () => {
  it('accepts whole, middle, start and end pieces and nothing else', () => {
    expect(canBePart('xxneedlexx', 'needle')).toBe(true);
    expect(canBePart('ee', 'needle')).toBe(true);
    expect(canBePart('xxnee', 'needle')).toBe(true);
    expect(canBePart('dlexx', 'needle')).toBe(true);
    expect(canBePart('xxeexx', 'needle')).toBe(false);
    expect(canBePart('needl', 'needle')).toBe(true);
    expect(canBePart('axe', 'needle')).toBe(false);
  });
});

describe('find and text_search on controls and messages', () => {
  it('ranks an unnamed status region for "the status message", and a placeholder-only field', () => {
    document.body.innerHTML =
      // An empty associated label (as Shoelace renders) leaves the field unnamed (Chromium does not
      // fall back to the placeholder then): only its placeholder says what it is.
      '<h1>Cart</h1><p role="status">Not paid</p><form><label for="n"></label><input id="n" placeholder="Nickname"></form><button>Pay</button>';
    expect(find('the status message').candidates[0]?.line).toMatch(/^status \[ref_\d+\]/);
    expect(find('nickname').candidates[0]?.line).toMatch(/^textbox \[ref_\d+\] placeholder="Nickname"$/);
  });

  it("reports a label's text on the control it names, with the tree's ref", () => {
    document.body.innerHTML = '<form><label>Email address <input type="email"></label></form>';
    const ref = parseTree(tree()).find((l) => l.role === 'textbox')?.ref;
    const r = search('email address');
    expect(r.matches[0]?.line).toBe(`textbox "Email address" [${ref ?? 'none'}]`);
  });

  it('reports text with no printed element around it on its own element, not on the page', () => {
    document.body.innerHTML = '<div><div><span>We never share it</span></div></div>';
    const r = search('never share');
    const ref = r.matches[0]?.ref ?? '';
    expect(r.matches[0]?.line).toBe(`generic [${ref}]: "We never share it"`);
    expect(registry.lookup(ref)?.localName).toBe('span');
  });
});
