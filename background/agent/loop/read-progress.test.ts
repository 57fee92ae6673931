import { describe, expect, it } from 'vitest';
import type { TreeResult } from '../../../shared/tree-contract';
import { readStatus, recordPage, type ReadRecord } from './read-progress';

function page(n: number, total: number, tree: string, extra: Partial<TreeResult> = {}): TreeResult {
  return {
    tree,
    url: 'https://mail.example/t/1',
    title: 'Thread',
    truncated: total > 1,
    hasMore: n < total,
    page: n,
    totalPages: total,
    tree_revision: 'ab-1',
    continuationArgs: null,
    autoDegraded: false,
    stats: { refCount: 3, nodeCount: 10, elementCount: 10, totalChars: 300, buildMs: 0 },
    ...extra,
  };
}

describe('read progress', () => {
  it('says complete only when every page was read and nothing was collapsed or cut', () => {
    const log: ReadRecord[] = [];
    const first = readStatus(recordPage(log, 'get_accessibility_tree', {}, page(1, 3, 'h1 "Thread"')));
    expect(first).toMatch(
      /^\[read status: NOT complete: 1 of 3 page\(s\) read, ~\d+ tokens \(tree_revision ab-1\)\. Left: page\(s\) 2–3 not read yet\.\]$/,
    );
    // A page skipped ahead is recorded, and what is left says so.
    expect(readStatus(recordPage(log, 'get_accessibility_tree', {}, page(3, 3, '"the end"')))).toMatch(
      /1, 3 of 3 page\(s\) read.*Left: page\(s\) 2 not read yet/,
    );
    const done = readStatus(recordPage(log, 'get_accessibility_tree', {}, page(2, 3, '"middle"')));
    expect(done).toMatch(
      /^\[read status: COMPLETE: all of 3 page\(s\) read, ~\d+ tokens \(tree_revision ab-1\); nothing collapsed or cut\]$/,
    );
    expect(log).toHaveLength(1);
    expect(log[0]?.pages).toEqual([1, 3, 2]);
  });

  it('names the collapsed parts as tree lines and is not complete until they are opened and read', () => {
    const log: ReadRecord[] = [];
    const status = readStatus(
      recordPage(log, 'get_accessibility_tree', {}, page(1, 1, 'h1 "Thread"\n button "Show 4 more replies" [ref_7]')),
    );
    expect(status.split('\n')).toEqual([
      '[read status: NOT complete: all of 1 page(s) read, ~17 tokens (tree_revision ab-1). Left: 1 collapsed part(s) not shown; open each (click its ref), then read again from page 1. Collapsed:',
      'button "Show 4 more replies" [ref_7]',
      ']',
    ]);
    const after = recordPage(
      log,
      'get_accessibility_tree',
      {},
      { ...page(1, 1, 'h1 "Thread"'), tree_revision: 'ab-2' },
    );
    expect(readStatus(after)).toMatch(/^\[read status: COMPLETE/);
  });

  it('never calls a partial read complete: filters, queries and cuts', () => {
    const log: ReadRecord[] = [];
    const visible = readStatus(recordPage(log, 'get_accessibility_tree', { filter: 'visible' }, page(1, 1, '"x"')));
    expect(visible).toMatch(/NOT complete.*filter "visible" prints only what is in the viewport/);
    const cut = page(1, 1, '"x"', {
      tree_revision: 'ab-9',
      notice: '2 long text(s) were cut at 300 characters (ending in "…"): pass maxTextChars: 0',
    });
    expect(readStatus(recordPage(log, 'get_accessibility_tree', {}, cut))).toMatch(/long texts were cut/);
  });

  it('keeps the latest eight snapshots', () => {
    const log: ReadRecord[] = [];
    for (let i = 0; i < 10; i++)
      recordPage(log, 'get_accessibility_tree', {}, { ...page(1, 1, '"x"'), tree_revision: `r${i}` });
    expect(log.map((r) => r.rev)).toEqual(['r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9']);
  });
});

describe('read status size', () => {
  it('names at most eight collapsed parts within 1,200 characters and counts the rest', () => {
    const lines = Array.from(
      { length: 12 },
      (_, i) => ` button "Show more replies to message ${i} ${'x'.repeat(200)}" [ref_${i + 1}]`,
    );
    const log: ReadRecord[] = [];
    const status = readStatus(recordPage(log, 'get_accessibility_tree', {}, page(1, 1, lines.join('\n'))));
    expect(status).toContain('12 collapsed part(s) not shown');
    const named = status.split('\n').filter((l) => l.startsWith('button '));
    expect(named.length).toBeGreaterThan(0);
    expect(named.join('\n').length).toBeLessThanOrEqual(1200);
    expect(status).toContain(`(and ${12 - named.length} more) ]`);
  });
});
