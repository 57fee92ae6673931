import { describe, expect, it } from 'vitest';
import { isUserTab } from './user-tabs';

const CASES: { source: number | undefined; mine: boolean; why: string }[] = [
  { source: undefined, mine: true, why: 'Ctrl+T or a tab the user created: no page opened it' },
  { source: 9, mine: true, why: "a link in the user's own tab" },
  { source: 42, mine: false, why: "a popup of the task's tab (a sandboxed frame's included)" },
  { source: 43, mine: false, why: "a noopener popup of the task's other tab" },
];

describe('isUserTab', () => {
  it.each(CASES)('$why', ({ source, mine }) => {
    expect(isUserTab(source, [42, 43])).toBe(mine);
  });
});
