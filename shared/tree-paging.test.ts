// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs, type TreeArgs, type TreeResult } from './tree-contract';
import type { Result } from './result';
import { paginate } from './tree-paging';
import { getRefRegistry, type RefRegistry } from '../content-scripts/ax/ref-registry';
import { generateAccessibilityTree } from '../content-scripts/ax/tree';

let registry: RefRegistry;

beforeEach(() => {
  registry = getRefRegistry({});
  // 60 list items of ~30 characters each: about 2,000 characters of tree.
  const items = Array.from({ length: 60 }, (_, i) => `<li><a href="/item/${i}">Item number ${i}</a></li>`).join('');
  document.body.innerHTML = `<h1>Long list</h1><ul>${items}</ul>`;
});

function build(args: unknown): Result<TreeResult> {
  const options = parseTreeArgs(args);
  if (!options.ok) return options;
  return generateAccessibilityTree(document, options.data, registry);
}

function data(r: Result<TreeResult>): TreeResult {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.data;
}

describe('paginate', () => {
  test('cuts at line boundaries within maxChars, preferring shallow cuts', () => {
    const lines = ['a'.repeat(50), 'b'.repeat(31), ` ${'c'.repeat(9)}`, `  ${'d'.repeat(18)}`, 'e'];
    const pages = paginate(lines, 100);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(100);
    // Greedy filling would cut between "c" and its child "d"; the cut moves up to keep them together,
    // and page 2 says that "c" continues inside "b".
    expect(pages).toEqual([`${lines[0]}\n${lines[1]}`, `[continues inside: ${lines[1]}]\n${lines[2]}\n${lines[3]}\ne`]);
  });

  test('a line longer than a page gets a page of its own', () => {
    expect(paginate(['x'.repeat(30), 'y'.repeat(120), 'z'], 100)).toEqual([
      'x'.repeat(30),
      `[continues at top level]\n${'y'.repeat(120)}`,
      '[continues at top level]\nz',
    ]);
    expect(paginate([], 100)).toEqual(['']);
  });
});

describe('paged trees', () => {
  test('continuationArgs walk every page of one snapshot, and the pages add up to the whole tree', () => {
    const whole = data(build({ maxChars: 100_000 }));
    expect(whole.totalPages).toBe(1);
    expect(whole.continuationArgs).toBeNull();

    const first = data(build({ maxChars: 500 }));
    expect(first).toMatchObject({ page: 1, truncated: true, hasMore: true });
    expect(first.totalPages).toBeGreaterThanOrEqual(4);
    expect(first.continuationArgs).toEqual({
      filter: 'all',
      maxDepth: 15,
      maxChars: 500,
      page: 2,
      tree_revision: first.tree_revision,
    });
    const pages = [first.tree];
    let next = first.continuationArgs;
    while (next) {
      const page = data(build(next));
      expect(page.tree.length).toBeLessThanOrEqual(500);
      expect(page.tree_revision).toBe(first.tree_revision);
      expect(page.stats.buildMs).toBe(0);
      pages.push(page.tree);
      next = page.continuationArgs;
      if (!next) expect(page).toMatchObject({ hasMore: false, page: first.totalPages });
    }
    expect(pages).toHaveLength(first.totalPages);
    // Pages 2+ open with their context line; the rest adds up to the whole tree.
    for (const page of pages.slice(1)) expect(page).toMatch(/^\[continues (inside: .+|at top level)\]\n/);
    expect(pages.map((p, i) => (i === 0 ? p : p.slice(p.indexOf('\n') + 1))).join('\n')).toBe(whole.tree);
  });

  test('pages 2+ come from the snapshot even after the page changed', () => {
    const first = data(build({ maxChars: 500 }));
    const secondBefore = first.continuationArgs;
    if (!secondBefore) throw new Error('expected more pages');
    document.querySelector('ul')?.remove();
    const second = data(build(secondBefore));
    expect(second.tree).toContain('link "Item number');
  });

  test('a new page 1 makes the old revision stale, with a clear error', () => {
    const first = data(build({ maxChars: 500 }));
    data(build({ maxChars: 500 }));
    const r = build(first.continuationArgs);
    expect(r.ok ? '' : r.error.code).toBe('stale_tree_revision');
    expect(r.ok ? '' : r.error.message).toMatch(/Restart at page 1/);
    const unknown = build({ maxChars: 500, page: 2, tree_revision: 'nope-1' });
    expect(unknown.ok ? '' : unknown.error.code).toBe('stale_tree_revision');
  });

  test('a ref_id zoom or another filter between pages keeps the paged read alive', () => {
    const first = data(build({ maxChars: 500 }));
    const link = /\[(ref_\d+)\]/.exec(first.tree)?.[1];
    if (!link) throw new Error('expected a ref on page 1');
    data(build({ ref_id: link }));
    data(build({ filter: 'interactive' }));
    data(build({ filter: 'visible' }));
    const second = data(build(first.continuationArgs));
    expect(second.page).toBe(2);
    expect(second.tree_revision).toBe(first.tree_revision);
  });

  test('a frame read qualifies its refs before paging, so every page keeps to maxChars', () => {
    const options = parseTreeArgs({ maxChars: 500 });
    if (!options.ok) throw new Error('bad options');
    const framed = { ...options.data, frameRef: 'f12' };
    let page = data(generateAccessibilityTree(document, framed, registry));
    const pages = [page];
    while (page.continuationArgs) {
      const next = parseTreeArgs(page.continuationArgs);
      if (!next.ok) throw new Error('bad continuation');
      page = data(generateAccessibilityTree(document, { ...next.data, frameRef: 'f12' }, registry));
      pages.push(page);
    }
    expect(pages.length).toBeGreaterThan(3);
    for (const p of pages) {
      expect(p.tree.length).toBeLessThanOrEqual(500);
      expect(p.tree).not.toMatch(/(?<!f12:)ref_\d/);
    }
    expect(pages[0]?.tree).toMatch(/\[f12:ref_\d+\]/);
  });

  test('only the latest few snapshots are kept', () => {
    const first = data(build({ maxChars: 500 }));
    for (const maxChars of [600, 700, 800, 900]) data(build({ maxChars }));
    const r = build(first.continuationArgs);
    expect(r.ok ? '' : r.error.code).toBe('stale_tree_revision');
    expect(r.ok ? '' : r.error.message).toMatch(/no longer kept/);
  });

  test('page 2 without a revision, with other arguments, or past the end is refused', () => {
    const first = data(build({ maxChars: 500 }));
    const noRev = build({ maxChars: 500, page: 2 });
    expect(noRev.ok ? '' : noRev.error.code).toBe('tree_revision_required');
    expect(noRev.ok ? '' : noRev.error.message).toContain(`"tree_revision":"${first.tree_revision}"`);
    const other: TreeArgs = { ...first.continuationArgs, maxChars: 800 };
    const mismatch = build(other);
    expect(mismatch.ok ? '' : mismatch.error.code).toBe('continuation_mismatch');
    const past = build({ ...first.continuationArgs, page: first.totalPages + 1 });
    expect(past.ok ? '' : past.error.code).toBe('page_out_of_range');
  });

  test('page 1 ignores a stale revision and starts over', () => {
    const first = data(build({ maxChars: 500 }));
    const again = data(build({ maxChars: 500, page: 1, tree_revision: 'old-9' }));
    expect(again.tree_revision).not.toBe(first.tree_revision);
    expect(again.tree).toBe(first.tree);
  });

  test('non-default shaping arguments travel in continuationArgs', () => {
    const first = data(build({ maxChars: 500, filter: 'interactive', maxTextChars: 50, testIdAttributes: ['data-x'] }));
    expect(first.continuationArgs).toEqual({
      filter: 'interactive',
      maxDepth: 15,
      maxChars: 500,
      page: 2,
      tree_revision: first.tree_revision,
      maxTextChars: 50,
      testIdAttributes: ['data-x'],
    });
    expect(data(build(first.continuationArgs)).page).toBe(2);
  });
});
