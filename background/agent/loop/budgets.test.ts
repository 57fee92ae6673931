import { describe, expect, it } from 'vitest';
import type { TreeResult } from '../../../shared/tree-contract';
import {
  formatGenericResult,
  formatTreeResult,
  maxReadPage,
  parseTreeResult,
  planRead,
  wantsWholeDocument,
} from './budgets';

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
  it('applies the same budgets to iframe_read', () => {
    const huge = planRead('iframe_read', { frameId: 'f1', maxChars: 1_000_000 }, 'mid', 8_192);
    expect(huge.args).toEqual({ frameId: 'f1', maxChars: 6000 });
    expect(huge.resultCap).toBe(8000);
    expect(planRead('iframe_read', { frameId: 'f1', maxChars: 12_000 }, 'full', 200_000).resultCap).toBe(16_000);
    expect(maxReadPage('compact', 1_000_000)).toBe(6000);
    expect(maxReadPage('mid', 128_000)).toBe(12_000);
  });
  it('parses a multi-page frame read as a tree and prints its frame-bound continuation', () => {
    const frameRead = {
      tree: 'button "Pay" [f2:ref_3]',
      url: 'http://pay.test/form',
      title: 'Pay',
      truncated: true,
      hasMore: true,
      page: 1,
      totalPages: 3,
      tree_revision: 'ab-1',
      continuationArgs: { filter: 'all', maxDepth: 15, maxChars: 500, page: 2, tree_revision: 'ab-1', frameId: 'f2' },
      autoDegraded: false,
      stats: { refCount: 1, nodeCount: 1, elementCount: 1, totalChars: 1500, buildMs: 1 },
      frameId: 'f2',
      frameUrl: 'http://pay.test/form',
    };
    expect(parseTreeResult(frameRead)).toBeNull();
    const parsed = parseTreeResult(frameRead, 'iframe_read');
    if (!parsed) throw new Error('a frame read must parse as a tree');
    const text = formatTreeResult(parsed, 8000, undefined, 'iframe_read');
    expect(text.split('\n')[0]).toBe('frame: f2');
    expect(text).toContain(
      'call iframe_read with exactly these arguments: {"filter":"all","maxDepth":15,"maxChars":500,"page":2,"tree_revision":"ab-1","frameId":"f2"}',
    );
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
  it('gives a whole-document task the larger first page where the model may have it, and says the estimate', () => {
    expect(wantsWholeDocument('Summarise the whole thread')).toBe(true);
    expect(wantsWholeDocument('Read every comment on this post')).toBe(true);
    expect(wantsWholeDocument('Click the Save button')).toBe(false);
    expect(planRead('get_accessibility_tree', {}, 'full', 200_000, true)).toMatchObject({
      args: { maxChars: 12_000 },
      resultCap: 16_000,
    });
    // A filtered, sized or later-page read, a small model, or a task not about a whole document: unchanged.
    expect(planRead('get_accessibility_tree', { filter: 'visible' }, 'full', 200_000, true).args).toEqual({
      filter: 'visible',
    });
    expect(planRead('get_accessibility_tree', { page: 2 }, 'full', 200_000, true).args).toEqual({ page: 2 });
    expect(planRead('get_accessibility_tree', {}, 'compact', 200_000, true).args).toEqual({});
    expect(planRead('get_accessibility_tree', {}, 'full', 200_000, false).args).toEqual({});
  });
  it('cuts other results and says how much', () => {
    const text = formatGenericResult('z'.repeat(9000), 8000);
    expect(text.length).toBeLessThanOrEqual(8000);
    expect(text).toMatch(/showing 7880 of 9000/);
  });
});
