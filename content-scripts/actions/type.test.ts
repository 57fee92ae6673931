// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { resolveTypeTarget } from './type';
import { byValueSetter, landed } from './type-methods';

function el(html: string, selector: string): Element {
  document.body.innerHTML = html;
  const found = document.querySelector(selector);
  if (!found) throw new Error(`fixture has no ${selector}`);
  return found;
}

describe('resolveTypeTarget', () => {
  it('refuses non-typeable inputs with the tool to use instead', () => {
    const cases: [string, RegExp][] = [
      ['<input type="checkbox" aria-label="Agree">', /checkbox input.*use click_ax to toggle it/],
      ['<input type="radio" aria-label="Pro">', /use click_ax to choose it/],
      ['<input type="submit" value="Go">', /use click_ax to press it/],
      ['<input type="file" aria-label="CV">', /use upload_file/],
      ['<select aria-label="City"><option>Paris</option></select>', /use select_option/],
      ['<button>Save</button>', /is a button, not a text field: use click_ax/],
    ];
    for (const [html, message] of cases) {
      const r = resolveTypeTarget('ref_7', el(html, 'input, select, button'));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(message);
    }
  });

  it('follows a label to its control and a wrapper or shadow host to the field inside', () => {
    const viaLabel = resolveTypeTarget('ref_1', el('<label for="q">Search</label><input id="q">', 'label'));
    expect(viaLabel.ok && viaLabel.data.el.id).toBe('q');
    const host = el('<x-field></x-field>', 'x-field');
    host.attachShadow({ mode: 'open' }).innerHTML = '<input id="inner">';
    const viaHost = resolveTypeTarget('ref_2', host);
    expect(viaHost.ok && viaHost.data.el.id).toBe('inner');
    expect(viaHost.ok && viaHost.data.standIn).toContain('typed into the field inside it');
  });

  it('refuses disabled and read-only fields', () => {
    expect(resolveTypeTarget('ref_3', el('<input disabled>', 'input'))).toMatchObject({
      ok: false,
      error: { code: 'target_disabled' },
    });
    expect(resolveTypeTarget('ref_3', el('<input readonly>', 'input'))).toMatchObject({
      ok: false,
      error: { code: 'read_only' },
    });
  });
});

describe('value setter and read-back', () => {
  it('sets through the prototype setter and fires input then change', () => {
    const input = el('<input value="old">', 'input') as HTMLInputElement;
    const seen: string[] = [];
    input.addEventListener('input', (e) => seen.push(`input:${(e as InputEvent).inputType}:${input.value}`));
    input.addEventListener('change', () => seen.push(`change:${input.value}`));
    byValueSetter(input, 'new', true);
    expect(seen).toEqual(['input:insertReplacementText:new', 'change:new']);
    byValueSetter(input, '!', false);
    expect(input.value).toBe('new!');
  });

  it('accepts formatter rewrites loosely but not different text', () => {
    const input = el('<input>', 'input') as HTMLInputElement;
    input.value = '555-1234';
    expect(landed(input, '5551234', true, '5551234')).toEqual({ ok: true, reformatted: true });
    expect(landed(input, '5559999', true, '5559999').ok).toBe(false);
  });
});
