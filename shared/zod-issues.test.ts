import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { formatIssues } from './zod-issues';

describe('formatIssues', () => {
  it('says where and what for classic zod and zod/mini alike, the first few only', () => {
    const classic = z.object({ a: z.number(), b: z.object({ c: z.string() }) }).safeParse({ a: 'x', b: { c: 1 } });
    if (classic.success) throw new Error('unreachable');
    expect(formatIssues(classic.error)).toMatch(/^a: .+; b\.c: .+$/);
    expect(formatIssues(classic.error, 1)).toMatch(/^a: [^;]+$/);
    const mini = zm.number().safeParse('x');
    if (mini.success) throw new Error('unreachable');
    expect(formatIssues(mini.error, 3, 'schema')).toMatch(/^schema: /);
  });
});
