import { describe, expect, it } from 'vitest';
import { isUserTab, type NewTab } from './user-tabs';

const CASES: { tab: NewTab; mine: boolean; why: string }[] = [
  { tab: {}, mine: true, why: 'Ctrl+T: no opener' },
  { tab: { opener: 9 }, mine: true, why: "a link in the user's own tab" },
  { tab: { opener: 42 }, mine: false, why: "a popup of the task's tab" },
  { tab: { source: 43 }, mine: false, why: 'a noopener popup named by onCreatedNavigationTarget' },
  { tab: { opener: 9, source: 42 }, mine: false, why: "any sign of the task's tab wins" },
];

describe('isUserTab', () => {
  it.each(CASES)('$why', ({ tab, mine }) => {
    expect(isUserTab(tab, [42, 43])).toBe(mine);
  });
});
