// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { parseRefNumber } from '../../shared/refs';
import { getRefRegistry } from './ref-registry';

function el(tag = 'button'): Element {
  const e = document.createElement(tag);
  document.body.append(e);
  return e;
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('ref registry', () => {
  test('mints monotonic refs and keeps an element on its ref', () => {
    const reg = getRefRegistry({});
    const a = el();
    const b = el();
    expect(reg.refFor(a)).toBe('ref_1');
    expect(reg.refFor(b)).toBe('ref_2');
    expect(reg.refFor(a)).toBe('ref_1');
    expect(reg.peek(b)).toBe('ref_2');
    expect(reg.peek(el())).toBeUndefined();
    expect(reg.lookup('ref_1')).toBe(a);
    expect(reg.size()).toBe(2);
  });

  test('shares one state per scope: two bundles see the same refs', () => {
    const scope = {};
    const a = el();
    const ref = getRefRegistry(scope).refFor(a);
    // A second bundle (a separate copy of this module) finds the state on the scope.
    expect(getRefRegistry(scope).lookup(ref)).toBe(a);
    expect(getRefRegistry({}).lookup(ref)).toBeNull();
    const fields: Record<string, unknown> = { ...scope };
    expect(fields.__wbRefCounter).toBe(1);
    expect(Object.getPrototypeOf(fields.__wbElementMap)).toBeNull();
  });

  test('picks up state left on the scope by another copy of the registry', () => {
    const a = el();
    const map: Record<string, WeakRef<Element>> = Object.create(null);
    map.ref_7 = new WeakRef(a);
    const refOf = new WeakMap<Element, string>([[a, 'ref_7']]);
    const scope = { __wbElementMap: map, __wbRefCounter: 7, __wbRefOf: refOf };
    const reg = getRefRegistry(scope);
    expect(reg.refFor(a)).toBe('ref_7');
    expect(reg.refFor(el())).toBe('ref_8');
  });

  test('a removed element misses with nearby live refs and advice', () => {
    const reg = getRefRegistry({});
    const els = Array.from({ length: 9 }, () => el());
    for (const e of els) reg.refFor(e);
    els[4]?.remove(); // ref_5
    expect(reg.lookup('ref_5')).toBeNull();
    const r = reg.resolve('ref_5');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('ref_not_found');
    expect(r.error.message).toBe(
      'ref_5 not found: the element left the page; nearby refs: ref_2, ref_3, ref_4, ref_6, ref_7; re-read the tree with get_accessibility_tree',
    );
    // Ties (ref_2 and ref_8 are both 3 away) go to the lower number.
    expect(reg.nearby('ref_5', 2)).toEqual(['ref_4', 'ref_6']);
    expect(reg.nearby('ref_100', 1)).toEqual(['ref_9']);
  });

  test('malformed refs are a bad_ref error, unknown ones ref_not_found', () => {
    const reg = getRefRegistry({});
    for (const bad of ['12', 'ref_', 'ref_0', 'ref_1x', '__proto__', 'constructor']) {
      const r = reg.resolve(bad);
      expect(r.ok ? 'ok' : r.error.code).toBe('bad_ref');
    }
    const r = reg.resolve('ref_3');
    expect(r.ok ? 'ok' : r.error.message).toMatch(/^ref_3 was never issued on this page/);
    const only = el();
    expect(reg.refFor(only)).toBe('ref_1');
    only.remove();
    const gone = reg.resolve('ref_1');
    expect(gone.ok ? 'ok' : gone.error.message).toMatch(/^ref_1 not found: .*no other refs are live/);
    expect(reg.lookup('constructor')).toBeNull();
  });

  test('never rebinds: a released or dead ref is not reused, and the element gets a new number', () => {
    const reg = getRefRegistry({});
    const a = el();
    const b = el();
    expect(reg.refFor(a)).toBe('ref_1');
    expect(reg.release('ref_1')).toBe(1);
    expect(reg.release('ref_1')).toBe(0);
    expect(reg.lookup('ref_1')).toBeNull();
    expect(reg.refFor(b)).toBe('ref_2');
    expect(reg.refFor(a)).toBe('ref_3');
    b.remove();
    document.body.append(b);
    // Re-inserted before a sweep: still the same element, so the same ref.
    expect(reg.refFor(b)).toBe('ref_2');
    b.remove();
    expect(reg.sweep()).toBe(1);
    document.body.append(b);
    expect(reg.lookup('ref_2')).toBeNull();
    expect(reg.refFor(b)).toBe('ref_4');
  });

  test('release() drops everything but the counter keeps counting', () => {
    const reg = getRefRegistry({});
    reg.refFor(el());
    reg.refFor(el());
    expect(reg.release()).toBe(2);
    expect(reg.size()).toBe(0);
    expect(reg.refFor(el())).toBe('ref_3');
  });

  test('sweep drops disconnected elements and keeps live ones', () => {
    const reg = getRefRegistry({});
    const keep = el();
    const gone = el();
    reg.refFor(keep);
    reg.refFor(gone);
    gone.remove();
    expect(reg.sweep()).toBe(1);
    expect(reg.size()).toBe(1);
    expect(reg.lookup('ref_1')).toBe(keep);
  });

  test('parseRefNumber', () => {
    expect(parseRefNumber('ref_42')).toBe(42);
    expect(parseRefNumber('ref_042')).toBeNull();
    expect(parseRefNumber('REF_4')).toBeNull();
  });
});
