// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs, type TreeResult } from './tree-contract';
import { ancestorLabel, depthOf } from './tree-page-context';
import { paginate } from './tree-paging';
import { getRefRegistry, type RefRegistry } from '../content-scripts/ax/ref-registry';
import { generateAccessibilityTree } from '../content-scripts/ax/tree';

let registry: RefRegistry;

beforeEach(() => {
  registry = getRefRegistry({});
});

function read(args: unknown): TreeResult {
  const options = parseTreeArgs(args);
  if (!options.ok) throw new Error(options.error.message);
  const r = generateAccessibilityTree(document, options.data, registry);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data;
}

/** Every page of one snapshot, following continuationArgs. */
function allPages(maxChars: number): string[] {
  let result = read({ maxChars });
  const pages = [result.tree];
  while (result.continuationArgs) {
    result = read(result.continuationArgs);
    pages.push(result.tree);
  }
  return pages;
}

/** Oracle: the open ancestors of line `i`, by scanning back through the indentation. */
function ancestorsByScan(lines: readonly string[], i: number): string[] {
  const out: string[] = [];
  let need = depthOf(lines[i] ?? '');
  for (let j = i - 1; j >= 0 && need > 0; j--) {
    const d = depthOf(lines[j] ?? '');
    if (d < need) {
      out.unshift(ancestorLabel(lines[j] ?? ''));
      need = d;
    }
  }
  return out;
}

function splitHead(page: string): { head: string; body: string } {
  const nl = page.indexOf('\n');
  return { head: page.slice(0, nl), body: page.slice(nl + 1) };
}

describe('continuation pages say where they continue', () => {
  test('a page cut inside a table row names the row, its table and the landmark', () => {
    const cells = (i: number): string =>
      Array.from({ length: 6 }, (_, c) => `<td>Value ${i}.${c} <button>Act ${i}.${c}</button></td>`).join('');
    const rows = Array.from({ length: 40 }, (_, i) => `<tr>${cells(i)}</tr>`).join('');
    document.body.innerHTML = `<main><h1>Orders</h1><table aria-label="Orders"><tbody>${rows}</tbody></table></main>`;

    const whole = read({ maxChars: 1_000_000 }).tree.split('\n');
    const pages = allPages(500);
    expect(pages.length).toBeGreaterThan(10);
    expect(pages[0]).toBe(whole.slice(0, pages[0]?.split('\n').length).join('\n'));
    expect(pages[0]).not.toContain('[continues');

    let at = pages[0]?.split('\n').length ?? 0;
    const heads = new Set<string>();
    for (const page of pages.slice(1)) {
      // The context line counts toward maxChars.
      expect(page.length).toBeLessThanOrEqual(500);
      const { head, body } = splitHead(page);
      const expected = ancestorsByScan(whole, at);
      expect(head).toBe(
        expected.length > 0 ? `[continues inside: ${expected.join(' > ')}]` : '[continues at top level]',
      );
      heads.add(head);
      expect(body).toBe(whole.slice(at, at + body.split('\n').length).join('\n'));
      at += body.split('\n').length;
    }
    expect(at).toBe(whole.length);
    expect(heads).toContain('[continues inside: main > table "Orders" > row]');
    // A big jsdom build: seconds under a loaded CI machine, so not the 5 s default (speed is the bench's job).
  }, 30_000);

  test('a page that starts inside an open dialog says it continues in the overlays', () => {
    const items = Array.from({ length: 50 }, (_, i) => `<li><a href="/o/${i}">Order line number ${i}</a></li>`).join(
      '',
    );
    const links = Array.from({ length: 40 }, (_, i) => `<a href="/s/${i}">Site section ${i}</a>`).join('');
    document.body.innerHTML =
      `<nav aria-label="Site">${links}</nav>` +
      `<div role="dialog" aria-label="Edit order 19958"><ul>${items}</ul></div>`;
    const pages = allPages(500);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(500);
    expect(pages[0]?.startsWith('[open overlays]\ndialog "Edit order 19958"')).toBe(true);
    expect(splitHead(pages[1] ?? '').head).toBe('[continues inside: open overlays > dialog "Edit order 19958" > list]');
    // Past the [page] banner the overlays are closed: the navigation is what a cut continues in.
    const banner = pages.findIndex((p) => p.split('\n').includes('[page]'));
    expect(banner).toBeGreaterThan(0);
    const after = pages.slice(banner + 1).map((p) => splitHead(p).head);
    expect(after.length).toBeGreaterThan(0);
    for (const head of after) expect(head).toBe('[continues inside: navigation "Site"]');
  });
});

describe('the context line stays short', () => {
  test('more than five ancestors print the outer two, "…" and the inner three', () => {
    const lines = ['main', ' region "A"', '  list', '   listitem', '    group "B"', '     tree', '      treeitem "C"'];
    lines.push(...Array.from({ length: 20 }, (_, i) => `       treeitem "leaf ${i}" [ref_${i + 1}]`));
    const pages = paginate(lines, 200);
    expect(splitHead(pages[1] ?? '').head).toBe(
      '[continues inside: main > region "A" > … > group "B" > tree > treeitem "C"]',
    );
  });

  test('ancestor names are cut, refs, attributes and states left out, quotes kept intact', () => {
    const long = `Say \\"hi\\" to ${'x'.repeat(60)}`;
    const lines = [
      `dialog "${long}" [ref_1] {focused}`,
      ...Array.from({ length: 30 }, (_, i) => ` button "B${i}" [ref_${i + 2}]`),
    ];
    const head = splitHead(paginate(lines, 200)[1] ?? '').head;
    expect(head).toBe(`[continues inside: dialog "Say \\"hi\\" to ${'x'.repeat(28)}…"]`);
    expect(ancestorLabel('   row [ref_4] {selected}')).toBe('row');
    expect(ancestorLabel(' h2 "Total: 3"')).toBe('h2 "Total: 3"');
  });

  test('a first line that leaves no room for the names gets the roles only', () => {
    const first = `  button "${'y'.repeat(440)}" [ref_9]`;
    const lines = [
      'main',
      ' form "A very long form name that takes room"',
      ...Array.from({ length: 12 }, () => `  "${'t'.repeat(30)}"`),
      first,
    ];
    const pages = paginate(lines, 500);
    const withFirst = pages.find((p) => p.includes(first)) ?? '';
    expect(splitHead(withFirst)).toEqual({ head: '[continues inside: main > form]', body: first });
    expect(withFirst.length).toBeLessThanOrEqual(500);
  });
});
