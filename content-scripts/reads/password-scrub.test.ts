// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { parseExtractSchema } from '../../shared/tools/extract-spec';
import { runExtract } from './extract';
import { passwordValues } from './password-scrub';

const PW = 'RT-pw-Hunter-2231';

beforeEach(() => {
  // What React leaves after the user typed: value mirrored into the attribute, and data-* copies.
  document.body.innerHTML = `
    <form id="login">
      <input name="email" value="ann@example.com">
      <input id="pw" type="password">
      <input id="shown" type="text" autocomplete="current-password">
      <div id="meter" data-checked="">good</div>
    </form>
    <div id="host"></div>`;
  const pw = document.getElementById('pw');
  if (!(pw instanceof HTMLInputElement)) throw new Error('fixture');
  pw.value = PW;
  pw.setAttribute('value', PW);
  pw.setAttribute('data-last', PW);
  document.getElementById('meter')?.setAttribute('data-checked', PW);
  const shown = document.getElementById('shown');
  if (shown instanceof HTMLInputElement) shown.value = 'toggled-visible-pass';
  const inner = document.getElementById('host')?.attachShadow({ mode: 'open' });
  const deep = Object.assign(document.createElement('input'), { type: 'password' });
  deep.value = 'shadow-pass-77';
  inner?.append(deep);
});

function extract(properties: Record<string, unknown>): string {
  const schema = parseExtractSchema({ type: 'object', properties });
  if (!schema.ok) throw new Error(schema.error.message);
  return JSON.stringify(runExtract(document, { schema: schema.data }));
}

const field = (selector: string, how: Record<string, unknown>) => ({
  type: 'string',
  'x-source': { selector, ...how },
});

describe('password values never leave through extract', () => {
  it('collects values of password fields, autocomplete ones and shadow ones', () => {
    expect(passwordValues(document)).toEqual(expect.arrayContaining([PW, 'toggled-visible-pass', 'shadow-pass-77']));
  });

  it.each([
    ['outerHTML of the form', field('#login', { prop: 'outerHTML' })],
    ['innerHTML of the form', field('#login', { prop: 'innerHTML' })],
    ['the value attribute', field('#pw', { attr: 'value' })],
    ['a data-* copy on the field', field('#pw', { attr: 'data-last' })],
    ['a data-* copy elsewhere', field('#meter', { attr: 'data-checked' })],
    ['the value property', field('#pw', { prop: 'value' })],
    ['a shown password field', field('#shown', { value: true })],
  ])('%s', (_name, source) => {
    const out = extract({ x: source });
    expect(out).not.toContain(PW);
    expect(out).not.toContain('toggled-visible-pass');
    expect(out).toContain('••••');
  });

  it('leaves other values alone', () => {
    expect(extract({ email: field('[name=email]', { attr: 'value' }) })).toContain('ann@example.com');
  });
});
