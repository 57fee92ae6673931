// @vitest-environment jsdom
/**
 * Refs never outlive their document (issue 10, item 6): each document's registry starts above the
 * tab's floor, and a number it did not mint is refused as stale, never resolved to another element.
 * A fresh scope object stands for a fresh document (a reload gives the isolated world a new global).
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { getRefRegistry } from './ref-registry';

function el(tag = 'button'): Element {
  const e = document.createElement(tag);
  document.body.append(e);
  return e;
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('refs bound to their document', () => {
  test('a new document starts above the floor and refuses the old numbers as stale', () => {
    const oldDoc = getRefRegistry({});
    for (let i = 0; i < 12; i++) oldDoc.refFor(el());
    const floor = oldDoc.high();
    expect(floor).toBe(12);

    const newDoc = getRefRegistry({});
    expect(newDoc.raiseFloor(floor)).toBe(12);
    const first = el();
    expect(newDoc.refFor(first)).toBe('ref_13');
    const r = newDoc.resolve('ref_12');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('stale_ref');
    expect(r.error.message).toBe(
      'ref_12 is from a previous page (the page reloaded or navigated): re-read the tree with get_accessibility_tree',
    );
    expect(newDoc.lookup('ref_12')).toBeNull();
    expect(newDoc.lookup('ref_13')).toBe(first);
  });

  test('raiseFloor never lowers the counter and leaves existing refs alone', () => {
    const reg = getRefRegistry({});
    const a = el();
    expect(reg.refFor(a)).toBe('ref_1');
    expect(reg.raiseFloor(40)).toBe(40);
    expect(reg.raiseFloor(5)).toBe(40);
    expect(reg.refFor(a)).toBe('ref_1');
    expect(reg.refFor(el())).toBe('ref_41');
    expect(reg.mintedHere('ref_1')).toBe(true);
    expect(reg.mintedHere('ref_41')).toBe(true);
    expect(reg.mintedHere('ref_20')).toBe(false);
  });

  test('a restored (back/forward cached) document keeps its own refs, refuses the other page’s', () => {
    // Page A minted 1..3; the tab went to page B (41..50); back restores A with its registry intact.
    const pageA = getRefRegistry({});
    const els = [el(), el(), el()];
    for (const e of els) pageA.refFor(e);
    pageA.raiseFloor(50);
    expect(pageA.resolve('ref_2')).toEqual({ ok: true, data: els[1] });
    const fromB = pageA.resolve('ref_45');
    expect(fromB.ok ? 'ok' : fromB.error.code).toBe('stale_ref');
    // A's own departed element is "left the page", not stale.
    els[0]?.remove();
    const gone = pageA.resolve('ref_1');
    expect(gone.ok ? 'ok' : gone.error.code).toBe('ref_not_found');
    expect(pageA.refFor(el())).toBe('ref_51');
  });

  test('a number above everything issued was never issued', () => {
    const reg = getRefRegistry({});
    reg.raiseFloor(10);
    const r = reg.resolve('ref_11');
    expect(r.ok ? 'ok' : r.error.message).toMatch(/^ref_11 was never issued on this page/);
  });

  test('the ranges live on the scope, so the second bundle judges stale refs the same way', () => {
    const scope = {};
    getRefRegistry(scope).raiseFloor(7);
    getRefRegistry(scope).refFor(el());
    expect({ ...scope }).toMatchObject({ __wbRefCounter: 8, __wbRefRanges: [[8, 8]] });
    Reflect.deleteProperty(scope, '__wbRegistry');
    const again = getRefRegistry(scope);
    expect(again.mintedHere('ref_8')).toBe(true);
    const r = again.resolve('ref_3');
    expect(r.ok ? 'ok' : r.error.code).toBe('stale_ref');
  });
});
