import { describe, expect, it } from 'vitest';
import type { TreeResult } from '../../../shared/tree-contract';
import { emptyGuards, Guards, OBSERVATION_LIMIT, stableJson } from './guards';

function page(n: number, revision = 'r1'): TreeResult {
  return {
    tree: 'x',
    url: 'u',
    title: 't',
    truncated: n < 3,
    hasMore: n < 3,
    page: n,
    totalPages: 3,
    tree_revision: revision,
    continuationArgs: null,
    autoDegraded: false,
    stats: { refCount: 1, nodeCount: 1, elementCount: 1, totalChars: 1, buildMs: 0 },
  };
}

describe('guards', () => {
  it('reaches the checkpoint after 8 reads without progress, and an action clears it', () => {
    const g = new Guards(emptyGuards());
    for (let i = 0; i < OBSERVATION_LIMIT - 1; i++) g.recordRead(null);
    expect(g.atCheckpoint()).toBe(false);
    g.recordRead(page(1));
    expect(g.atCheckpoint()).toBe(true);
    g.recordAction(true);
    expect(g.atCheckpoint()).toBe(false);
  });

  it('counts the next page of a read in progress as progress, but not a repeated or skipped-to page', () => {
    const g = new Guards(emptyGuards());
    for (let i = 0; i < 6; i++) g.recordRead(null);
    g.recordRead(page(1));
    g.recordRead(page(2));
    g.recordRead(page(3));
    expect(g.atCheckpoint()).toBe(false);
    g.recordRead(page(3));
    expect(g.atCheckpoint()).toBe(true);

    const skip = new Guards(emptyGuards());
    for (let i = 0; i < 6; i++) skip.recordRead(null);
    skip.recordRead(page(1, 'r2'));
    skip.recordRead(page(3, 'r2'));
    expect(skip.atCheckpoint()).toBe(true);
  });

  it('lets the next page of a read in progress through the checkpoint, and nothing else', () => {
    const g = new Guards(emptyGuards());
    for (let i = 0; i < OBSERVATION_LIMIT - 1; i++) g.recordRead(null);
    g.recordRead(page(1));
    expect(g.atCheckpoint()).toBe(true);
    expect(g.continuesRead({ page: 2, tree_revision: 'r1' })).toBe(true);
    expect(g.continuesRead({ page: 3, tree_revision: 'r1' })).toBe(false);
    expect(g.continuesRead({ page: 2, tree_revision: 'other' })).toBe(false);
    expect(g.continuesRead({})).toBe(false);
    g.recordRead(page(2));
    expect(g.continuesRead({ page: 2, tree_revision: 'r1' })).toBe(false);
    expect(g.continuesRead({ page: 3, tree_revision: 'r1' })).toBe(true);
  });

  it('warns then stops on the same call with the same result', () => {
    const g = new Guards(emptyGuards());
    expect(g.recordCall('click_ax', { ref_id: 'ref_1' }, 'no').kind).toBe('ok');
    expect(g.recordCall('click_ax', { ref_id: 'ref_1' }, 'no').kind).toBe('ok');
    expect(g.recordCall('click_ax', { ref_id: 'ref_1' }, 'no').kind).toBe('warn');
    expect(g.recordCall('click_ax', { ref_id: 'ref_1' }, 'other').kind).toBe('ok');
    expect(g.recordCall('click_ax', { ref_id: 'ref_1' }, 'no').kind).toBe('stop');
  });

  it('treats key order as irrelevant', () => {
    expect(stableJson({ a: 1, b: [2, { c: 3, d: 4 }] })).toBe(stableJson({ b: [2, { d: 4, c: 3 }], a: 1 }));
  });
});
