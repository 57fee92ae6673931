// @vitest-environment jsdom
/**
 * The dispatch re-check (issue 10, item 8) on its DOM logic. jsdom has no layout, so boxes and the
 * hit test are stubbed per test; the real sliding covers are proven in Chromium (trust-input.e2e.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inputRecheck } from './input-recheck';
import { arm, Observation } from './observe';
import { TrustedReadback, type TrustedPlan } from './type-trusted';
import { KeyFocusWatch } from './press-key-trusted';

function box(el: Element, left: number, top: number, width: number, height: number): void {
  el.getBoundingClientRect = () => DOMRect.fromRect({ x: left, y: top, width, height });
}

/** Whatever `hitAt` returns is "on top" at every point. */
function hitTest(hitAt: () => Element | null): void {
  Object.defineProperty(document, 'elementFromPoint', { value: hitAt, configurable: true });
}

afterEach(() => {
  document.body.innerHTML = '';
  Reflect.deleteProperty(document, 'elementFromPoint');
});

describe('input_recheck for a trusted click', () => {
  it('gives a point on the target while nothing covers it, and refuses once something does', async () => {
    document.body.innerHTML = '<div id="t"><span>Open</span></div><div id="cover"></div><iframe></iframe>';
    const target = document.getElementById('t');
    const cover = document.getElementById('cover');
    const frame = document.querySelector('iframe');
    if (!target || !cover || !frame) throw new Error('fixture');
    box(target, 10, 10, 100, 20);
    const token = arm(new Observation(document, [target]), target);
    let onTop: Element | null = target.querySelector('span');
    hitTest(() => onTop);

    expect(await inputRecheck({ token, settle: true }, document)).toEqual({ ok: true, data: { x: 60, y: 20 } });
    expect(await inputRecheck({ token, x: 60, y: 20 }, document)).toEqual({ ok: true, data: { x: 60, y: 20 } });

    onTop = cover;
    const covered = await inputRecheck({ token, x: 60, y: 20 }, document);
    expect(covered).toMatchObject({ ok: false, error: { code: 'target_covered' } });
    if (!covered.ok) expect(covered.error.message).toContain('another element (<div>)');
    expect(await inputRecheck({ token }, document)).toMatchObject({ ok: false, error: { code: 'target_covered' } });

    onTop = frame;
    const framed = await inputRecheck({ token, x: 60, y: 20 }, document);
    if (!framed.ok) expect(framed.error.message).toContain('a frame (<iframe>)');
    expect(framed.ok).toBe(false);
  });

  it('refuses when the target left the page or the token is unknown', async () => {
    document.body.innerHTML = '<button>Go</button>';
    const target = document.querySelector('button');
    if (!target) throw new Error('fixture');
    const token = arm(new Observation(document, [target]), target);
    target.remove();
    expect(await inputRecheck({ token }, document)).toMatchObject({ ok: false, error: { code: 'target_gone' } });
    expect(await inputRecheck({ token: 'obs_nope' }, document)).toMatchObject({
      ok: false,
      error: { code: 'observation_expired' },
    });
  });
});

describe('input_recheck before Input.insertText', () => {
  function plan(el: HTMLElement): TrustedPlan {
    return { el, kind: 'control', before: '', expected: 'abc', text: 'abc', clear: true };
  }

  it('passes while focus is on the field and refuses, typing nothing, once it moved', async () => {
    document.body.innerHTML = '<input id="code"><input id="other">';
    const code = document.getElementById('code');
    const other = document.getElementById('other');
    if (!(code instanceof HTMLInputElement) || !(other instanceof HTMLInputElement)) throw new Error('fixture');
    const obs = new Observation(document, [code]);
    const token = arm(new TrustedReadback(plan(code), [], obs, undefined, () => Promise.resolve()));
    code.focus();
    expect(await inputRecheck({ token, settle: true }, document)).toEqual({ ok: true, data: {} });
    other.focus();
    const moved = await inputRecheck({ token, settle: true }, document);
    expect(moved).toMatchObject({ ok: false, error: { code: 'focus_moved' } });
    if (!moved.ok) expect(moved.error.message).toContain('to <input>');
    // The ids and text of the page never reach the message.
    if (!moved.ok) expect(moved.error.message).not.toContain('other');
  });
});

describe('input_recheck for a trusted key (press_key)', () => {
  it('confirms while focus stays on the judged element, refuses once the page moved it', async () => {
    document.body.innerHTML =
      '<div id="list" role="listbox" tabindex="0"></div><button id="del" type="button">Delete account</button>';
    const list = document.getElementById('list');
    const del = document.getElementById('del');
    if (!list || !del) throw new Error('fixture');
    list.focus();
    const token = arm(new KeyFocusWatch(new Observation(document, [list]), list), list);
    expect(await inputRecheck({ token }, document)).toEqual({ ok: true, data: {} });
    del.focus();
    const moved = await inputRecheck({ token }, document);
    expect(moved.ok).toBe(false);
    if (!moved.ok) {
      expect(moved.error.code).toBe('focus_moved');
      expect(moved.error.message).toMatch(/to <button>.*so none was sent/);
    }
  });
});
