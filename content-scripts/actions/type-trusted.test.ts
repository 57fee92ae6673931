// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { arm, Observation } from './observe';
import { buildTypeResult, MASK, shownValue } from './type-result';
import { prepareTrustedInsert, TrustedReadback, typeReadback, type TrustedPlan } from './type-trusted';

function field<T extends HTMLElement>(html: string, selector: string): T {
  document.body.innerHTML = html;
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`fixture has no ${selector}`);
  return el;
}

function plan(el: HTMLElement, over: Partial<TrustedPlan>): TrustedPlan {
  return { el, kind: 'control', before: '', expected: 'abc', text: 'abc', clear: true, ...over };
}

describe('prepareTrustedInsert', () => {
  it('focuses a field and selects all of it when the text replaces the value', () => {
    const input = field<HTMLInputElement>('<input value="old">', 'input');
    const r = prepareTrustedInsert(plan(input, { before: 'old' }), document);
    expect(r).toEqual({ ok: true, data: 'abc' });
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 3]);
  });

  it('appends after an untouched value, but replaces with the whole value after a partial change', () => {
    const input = field<HTMLInputElement>('<input value="ab">', 'input');
    const append = plan(input, { before: 'ab', expected: 'abcd', text: 'cd', clear: false });
    expect(prepareTrustedInsert(append, document)).toEqual({ ok: true, data: 'cd' });
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 2]);
    input.value = 'abc';
    expect(prepareTrustedInsert(append, document)).toEqual({ ok: true, data: 'abcd' });
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 3]);
  });

  it('does not apply to empty text or formatted inputs, and refuses a repeat append into rich text', () => {
    const date = field<HTMLInputElement>('<input type="date">', 'input');
    expect(prepareTrustedInsert(plan(date, { text: '2024-01-01' }), document)).toMatchObject({
      ok: false,
      error: { code: 'not_applicable' },
    });
    const input = field<HTMLInputElement>('<input>', 'input');
    expect(prepareTrustedInsert(plan(input, { text: '', expected: '' }), document)).toMatchObject({
      ok: false,
      error: { code: 'not_applicable' },
    });
    const editor = field<HTMLElement>('<div contenteditable="true">Hello world</div>', 'div');
    const repeat = plan(editor, { kind: 'editable', before: 'Hello', text: ' world', clear: false });
    expect(prepareTrustedInsert(repeat, document)).toMatchObject({ ok: false, error: { code: 'would_repeat' } });
  });
});

describe('typing results', () => {
  it('never shows a password value, in the value or in the attempts', () => {
    const pin = field<HTMLInputElement>('<input type="password" aria-label="PIN">', 'input');
    pin.value = 'hunter2';
    expect(shownValue(pin, pin.value)).toBe(MASK);
    const r = buildTypeResult(
      pin,
      [{ method: 'value-setter', value: 'hunter2', ok: false, reformatted: false }],
      {},
      undefined,
    );
    expect(JSON.stringify(r)).not.toContain('hunter2');
    expect(r.value).toBe(MASK);
  });

  it('reads back after the trusted insertion and reports cdp-insert-text with every method tried', async () => {
    const input = field<HTMLInputElement>('<input aria-label="Code">', 'input');
    const obs = new Observation(document, [input]);
    const miss = { method: 'value-setter' as const, value: '', ok: false, reformatted: false };
    const token = arm(
      new TrustedReadback(plan(input, { text: '42', expected: '42' }), [miss], obs, undefined, () => Promise.resolve()),
    );
    input.value = '42'; // what Input.insertText does in the browser
    const r = await typeReadback({ token, action: 'collect' });
    expect(r).toMatchObject({ ok: true, data: { success: true, method: 'cdp-insert-text', value: '42' } });
    expect(r.ok && r.data?.attempts).toEqual(['value-setter: read back ""', 'cdp-insert-text: landed']);
    expect(await typeReadback({ token, action: 'collect' })).toMatchObject({
      ok: false,
      error: { code: 'observation_expired' },
    });
  });
});
