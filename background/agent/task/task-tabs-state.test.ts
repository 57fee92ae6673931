import { describe, expect, it } from 'vitest';
import {
  fallbackTab,
  groupTitle,
  initialTabs,
  ownerOf,
  recordMinted,
  refOfArgs,
  TaskTabsSchema,
  setGranted,
  sitesToWithdraw,
  taskTabIds,
} from './task-tabs-state';

describe('a task’s tabs: one ref space, each number owned by one tab', () => {
  it('gives every number up to the start tab’s floor to the start tab', () => {
    const tabs = initialTabs(10, 40);
    expect(ownerOf(tabs, 1)).toBe(10);
    expect(ownerOf(tabs, 40)).toBe(10);
    expect(ownerOf(tabs, 41)).toBeNull();
    expect(initialTabs(10, 0).refs).toEqual([]);
  });

  it('records the numbers each call minted, merging a tab’s consecutive ranges', () => {
    const tabs = initialTabs(10, 0);
    recordMinted(tabs, 10, 0, 30);
    recordMinted(tabs, 10, 30, 45);
    recordMinted(tabs, 22, 45, 80);
    recordMinted(tabs, 22, 80, 80); // a read that minted nothing
    recordMinted(tabs, 10, 80, 90);
    expect(tabs.refs).toEqual([
      [10, 1, 45],
      [22, 46, 80],
      [10, 81, 90],
    ]);
    expect([ownerOf(tabs, 12), ownerOf(tabs, 46), ownerOf(tabs, 80), ownerOf(tabs, 85)]).toEqual([10, 22, 22, 10]);
    expect(ownerOf(tabs, 91)).toBeNull();
    expect(TaskTabsSchema.safeParse(tabs).success).toBe(true);
  });

  it('reads the ref a call names, plain or frame-qualified, and nothing else', () => {
    expect(refOfArgs({ ref_id: 'ref_12' })).toEqual({ ref: 'ref_12', n: 12 });
    expect(refOfArgs({ ref_id: 'f2:ref_7', frameId: 'f2' })).toEqual({ ref: 'f2:ref_7', n: 7 });
    expect(refOfArgs({ ref_id: 'button' })).toBeNull();
    expect(refOfArgs({ url: 'https://a.example/ref_3' })).toBeNull();
    expect(refOfArgs('ref_3')).toBeNull();
  });

  it('lists the start tab first, falls back to the newest opened tab, and names the group for the task', () => {
    const tabs = { ...initialTabs(10, 0), opened: [22, 31] };
    expect(taskTabIds(10, tabs)).toEqual([10, 22, 31]);
    expect(taskTabIds(10, undefined)).toEqual([10]);
    expect(fallbackTab(10, tabs)).toBe(31);
    expect(fallbackTab(10, initialTabs(10, 0))).toBe(10);
    expect(groupTitle('  Compare   the price\nof milk ')).toBe('Compare the price of milk');
    expect(groupTitle('x'.repeat(60))).toHaveLength(40);
    expect(groupTitle('')).toBe('Weaverbird task');
  });

  it('adds the tabs the user picked after its own, never the start tab or one it opened, and removes them', () => {
    const tabs = { ...initialTabs(10, 0), opened: [22] };
    setGranted(10, tabs, 40, true);
    setGranted(10, tabs, 40, true);
    setGranted(10, tabs, 10, true);
    setGranted(10, tabs, 22, true);
    expect(tabs.granted).toEqual([40]);
    expect(taskTabIds(10, tabs)).toEqual([10, 22, 40]);
    setGranted(10, tabs, 40, false);
    expect(taskTabIds(10, tabs)).toEqual([10, 22]);
  });

  it("an untick takes back the site its tick approved and the one the tab is on, not the start site or another tab's", () => {
    const keep = ['https://shop.example', 'https://docs.example'];
    expect(sitesToWithdraw('https://bank.example', 'https://bank.example', keep)).toEqual(['https://bank.example']);
    expect(sitesToWithdraw('https://bank.example', 'https://pay.example', keep)).toEqual([
      'https://bank.example',
      'https://pay.example',
    ]);
    expect(sitesToWithdraw(undefined, 'https://docs.example', keep)).toEqual([]);
    expect(sitesToWithdraw('https://shop.example', 'null', keep)).toEqual([]);
  });
});
