import { describe, expect, it } from 'vitest';
import type { TreeResult } from '../../src/tree-contract';
import { formatGenericResult, formatTreeResult, planRead } from './budgets';

describe('read budgets', () => {
  it('keeps 6,000/8,000 unless the tree call asks for more', () => {
    expect(planRead('get_accessibility_tree', {}, 'full', 200_000)).toEqual({ args: {}, resultCap: 8000 });
    expect(planRead('get_accessibility_tree', { maxChars: 6000 }, 'full', 200_000).resultCap).toBe(8000);
    expect(planRead('click_ax', { maxChars: 50_000 }, 'full', 200_000).resultCap).toBe(8000);
  });
  it('grants 12,000/16,000 to Mid/Full with a context of at least 65,536 tokens', () => {
    expect(planRead('get_accessibility_tree', { maxChars: 12_000 }, 'mid', 65_536)).toEqual({
      args: { maxChars: 12_000 },
      resultCap: 16_000,
    });
    const big = planRead('get_accessibility_tree', { maxChars: 40_000, filter: 'all' }, 'full', 1_000_000);
    expect(big.args).toEqual({ maxChars: 12_000, filter: 'all' });
    expect(big.notice).toMatch(/lowered to 12000/);
  });
  it('clamps Compact or small-context models to 6,000', () => {
    expect(planRead('get_accessibility_tree', { maxChars: 12_000 }, 'compact', 1_000_000).args).toEqual({
      maxChars: 6000,
    });
    expect(planRead('get_accessibility_tree', { maxChars: 12_000 }, 'full', 32_768).args).toEqual({ maxChars: 6000 });
  });
  it('states the exact continuation arguments on a truncated tree', () => {
    const r: TreeResult = {
      tree: 'button "Add" [ref_1]',
      url: 'http://x/',
      title: 'X',
      truncated: true,
      hasMore: true,
      page: 1,
      totalPages: 2,
      tree_revision: 'rev9',
      continuationArgs: { filter: 'all', maxDepth: 15, maxChars: 12_000, page: 2, tree_revision: 'rev9' },
      autoDegraded: false,
      stats: { refCount: 1, nodeCount: 1, elementCount: 1, totalChars: 30, buildMs: 1 },
    };
    const text = formatTreeResult(r, 16_000);
    expect(text).toContain('{"filter":"all","maxDepth":15,"maxChars":12000,"page":2,"tree_revision":"rev9"}');
    expect(formatTreeResult({ ...r, tree: 'y'.repeat(20_000) }, 8000).length).toBeLessThanOrEqual(8000);
  });
  it('cuts other results and says how much', () => {
    const text = formatGenericResult('z'.repeat(9000), 8000);
    expect(text.length).toBeLessThanOrEqual(8000);
    expect(text).toMatch(/showing 7880 of 9000/);
  });
});
