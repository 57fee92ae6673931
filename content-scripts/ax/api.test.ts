// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from 'vitest';
import { parseTreeArgs } from '../../shared/tree-args';
import type { TreeOptions } from '../../shared/tree-options';
import { getAxApi, installAxApi } from './api';

function opts(raw: unknown): TreeOptions {
  const parsed = parseTreeArgs(raw);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.data;
}

beforeEach(() => {
  document.body.innerHTML = '<h1>Title</h1><button id="b" aria-pressed="true">Bold</button>';
});

function call(scope: object, key: string, ...args: unknown[]): unknown {
  const fn: unknown = Reflect.get(scope, key);
  if (typeof fn !== 'function') throw new Error(`${key} is not installed`);
  return Reflect.apply(fn, scope, args);
}

describe('__wbAx', () => {
  test('installs once; a second injection reuses the first (refs stay bound)', () => {
    const scope = {};
    expect(getAxApi(scope)).toBeNull();
    const api = installAxApi(scope, document);
    expect(getAxApi(scope)).toBe(api);
    const first = api.generate(opts({}));
    expect(first.ok && first.data.tree).toBe('h1 "Title"\nbutton "Bold" [ref_1] {pressed}');
    expect(installAxApi(scope, document)).toBe(api);
    const again = getAxApi(scope)?.generate(opts({ filter: 'interactive' }));
    expect(again?.ok && again.data.tree).toBe('h1 "Title"\nbutton "Bold" [ref_1] {pressed}');
  });

  test('getAxApi rejects look-alikes', () => {
    expect(getAxApi({ __wbAx: { version: 2, generate() {}, describe() {}, registry: {} } })).toBeNull();
    expect(getAxApi({ __wbAx: 'x' })).toBeNull();
  });

  test('the handler-side parser validates arguments before they reach the builder', () => {
    const r = parseTreeArgs({ filter: 'bogus' });
    expect(r.ok ? '' : r.error.code).toBe('bad_arguments');
    const api = installAxApi({}, document);
    expect(api.generate(opts(null)).ok).toBe(true);
  });

  test('debug API: lookup, release, describe, element map', () => {
    const scope = {};
    const api = installAxApi(scope, document);
    api.generate(opts({}));
    const button = document.getElementById('b');
    expect(call(scope, '__wb_ax_lookup', 'ref_1')).toBe(button);
    expect(call(scope, '__wb_ax_lookup', 42)).toBeNull();
    expect(call(scope, '__wb_ax_describe', 'ref_1')).toEqual({
      role: 'button',
      name: 'Bold',
      value: undefined,
      states: { pressed: 'true' },
      description: undefined,
      ref: 'ref_1',
    });
    expect(call(scope, '__wb_ax_describe', document.querySelector('h1'))).toMatchObject({
      role: 'heading',
      name: 'Title',
      ref: null,
    });
    expect(call(scope, '__wb_ax_describe', 'ref_99')).toMatchObject({ code: 'ref_not_found' });
    expect(call(scope, '__wb_ax_describe', {})).toMatchObject({ code: 'bad_argument' });
    const map: unknown = Reflect.get(scope, '__wbElementMap');
    expect(map !== null && typeof map === 'object' && Object.keys(map)).toEqual(['ref_1']);
    expect(call(scope, '__wb_ax_release', 'ref_1')).toBe(1);
    expect(call(scope, '__wb_ax_lookup', 'ref_1')).toBeNull();
    api.generate(opts({}));
    expect(call(scope, '__wb_ax_lookup', 'ref_2')).toBe(button);
    expect(call(scope, '__wb_ax_release')).toBe(1);
  });
});
