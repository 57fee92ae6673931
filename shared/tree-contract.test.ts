import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { TreeArgsMiniSchema, continuationArgsFor, parseTreeArgs } from './tree-args';
import { TreeArgsSchema } from './tree-contract';

const SAMPLES: unknown[] = [
  {},
  { filter: 'all' },
  { filter: 'visible', maxChars: 3000 },
  { filter: 'interactive', maxDepth: 1 },
  { filter: 'everything' },
  { maxDepth: 0 },
  { maxDepth: 101 },
  { maxDepth: 2.5 },
  { maxChars: 499 },
  { maxChars: 1_000_000 },
  { maxChars: 1_000_001 },
  { ref_id: 'ref_12' },
  { ref_id: 'ref_0' },
  { ref_id: '12' },
  { page: 2, tree_revision: 'ab12-3' },
  { page: 0 },
  { tree_revision: '' },
  { tree_revision: 'x'.repeat(65) },
  { testIdAttributes: ['data-testid', 'data-x:y'] },
  { testIdAttributes: ['not an attribute'] },
  { testIdAttributes: Array.from({ length: 11 }, (_, i) => `data-${i}`) },
  { maxTextChars: 0 },
  { maxTextChars: -1 },
  { max_chars: 100 },
  { filter: 'all', extra: true },
  'all',
  [],
];

describe('tree contract', () => {
  test('one schema: the model is offered the schema the page parses with', () => {
    expect(TreeArgsSchema).toBe(TreeArgsMiniSchema);
    const accepted = SAMPLES.filter((sample) => parseTreeArgs(sample).ok);
    expect(accepted).toEqual(SAMPLES.filter((sample) => TreeArgsMiniSchema.safeParse(sample ?? {}).success));
    expect(accepted).toHaveLength(9);
  });

  test('the tool schema carries descriptions for the model', () => {
    const json = z.toJSONSchema(TreeArgsSchema);
    expect(JSON.stringify(json)).toContain('continuationArgs');
  });

  test('defaults depend on the filter; continuationArgs pass the worker schema', () => {
    const visible = parseTreeArgs({ filter: 'visible' });
    expect(visible.ok && visible.data).toMatchObject({ filter: 'visible', maxChars: 3000, maxDepth: 15, page: 1 });
    const interactive = parseTreeArgs({ filter: 'interactive' });
    expect(interactive.ok && interactive.data.maxChars).toBe(3500);
    const all = parseTreeArgs(null);
    if (!all.ok) throw new Error(all.error.message);
    expect(all.data.maxChars).toBe(6000);
    const next = continuationArgsFor({ ...all.data, ref_id: 'ref_3' }, 2, 'ab12-1');
    expect(TreeArgsSchema.safeParse(next).success).toBe(true);
    expect(next).toEqual({
      filter: 'all',
      maxDepth: 15,
      maxChars: 6000,
      page: 2,
      tree_revision: 'ab12-1',
      ref_id: 'ref_3',
    });
  });

  test('bad arguments name the argument and list the valid ones', () => {
    const r = parseTreeArgs({ filter: 'everything', maxChars: 10 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('bad_arguments');
    expect(r.error.message).toMatch(/^invalid arguments for get_accessibility_tree: filter: .*; maxChars: /);
    // The list is read off the schema; the text the model sees is unchanged.
    expect(r.error.message).toMatch(
      /\. Valid: filter \("all"\|"visible"\|"interactive"\), maxDepth, maxChars, ref_id, page, tree_revision, testIdAttributes, maxTextChars, omit$/,
    );
  });
});
