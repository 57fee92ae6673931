// @vitest-environment jsdom
/**
 * The layout-free parts of verify and extract on jsdom: text, value, count and attribute checks,
 * could-not-run errors, password masking and schema-driven extraction with misses and defaults.
 * Visibility, boxes and hit tests need layout: tests/e2e/verify.e2e.ts proves them in Chromium.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { parseExtractSchema } from '../../shared/tools/extract-spec';
import { parseVerifyArgs } from '../../shared/tools/reads';
import { runExtract } from './extract';
import { runVerify } from './verify';

beforeEach(() => {
  document.body.innerHTML = `
    <p id="status">Order 42 saved</p>
    <ul><li class="i">One</li><li class="i">Two <b>wrong type</b></li><li class="i">Wrong Type</li></ul>
    <input id="name" value="Ada"><input id="pw" type="password" value="s3cret-pass">
    <button id="t" aria-pressed="true">Bold</button>
    <div id="host"></div>`;
  document
    .getElementById('host')
    ?.attachShadow({ mode: 'open' })
    .append(Object.assign(document.createElement('span'), { className: 'deep', textContent: 'Deep text' }));
});

function verify(args: Record<string, unknown>) {
  const parsed = parseVerifyArgs(args);
  if (!parsed.ok) return parsed;
  return runVerify(document, parsed.data);
}

describe('verify on jsdom', () => {
  it('text, value, count and attribute hold and fail as the DOM says', () => {
    expect(verify({ check: 'text', selector: '#status', text: 'ORDER 42' })).toEqual({
      ok: true,
      data: { holds: true, element: expect.any(String) },
    });
    expect(verify({ check: 'text', selector: '.deep', text: 'deep' })).toMatchObject({
      ok: true,
      data: { holds: true },
    });
    expect(verify({ check: 'value', selector: '#name', value: 'Ad' })).toMatchObject({
      data: { holds: false, failure: { actual: 'Ada' } },
    });
    expect(verify({ check: 'count', selector: 'li.i', n: 3 })).toMatchObject({ data: { holds: true } });
    expect(verify({ check: 'count', text: 'wrong type', n: 2 })).toMatchObject({ data: { holds: true } });
    expect(verify({ check: 'count', text: 'Wrong Type', exact: true, n: 1 })).toMatchObject({ data: { holds: true } });
    expect(verify({ check: 'attribute', selector: '#t', attr: 'aria-pressed', value: 'false' })).toMatchObject({
      data: { holds: false, failure: { actual: 'true' } },
    });
    expect(verify({ check: 'attribute', selector: '#t', attr: 'data-x' })).toMatchObject({
      data: { holds: false, failure: { actual: '(absent)' } },
    });
  });

  it('cannot-run cases are errors; a password never comes back', () => {
    expect(verify({ check: 'text', selector: 'li', text: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'ambiguous_selector' },
    });
    expect(verify({ check: 'text', selector: 'li[', text: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'bad_selector' },
    });
    expect(verify({ check: 'count', n: 1 })).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });
    const pw = verify({ check: 'value', selector: '#pw', value: 'guess' });
    expect(JSON.stringify(pw)).not.toContain('s3cret');
    expect(pw).toMatchObject({ data: { holds: false, failure: { actual: '••••', expected: '••••' } } });
    expect(verify({ check: 'attribute', selector: '#pw', attr: 'value', value: 'x' })).toMatchObject({
      data: { failure: { actual: '••••' } },
    });
  });
});

describe('extract on jsdom', () => {
  it('reads by selector, by implicit name, with defaults and misses', () => {
    const schema = parseExtractSchema({
      type: 'object',
      required: ['status'],
      properties: {
        status: { type: 'string', 'x-source': { selector: '#status' } },
        name: { type: 'string', 'x-source': { value: true } },
        pw: { type: 'string', 'x-source': { selector: '#pw', value: true } },
        items: { type: 'array', 'x-source': { collection: 'li.i' }, items: { type: 'string' } },
        orphan: { type: 'array', items: { type: 'string' } },
        missing: { type: 'number', 'x-source': { selector: '.none' }, default: 0 },
      },
    });
    if (!schema.ok) throw new Error(schema.error.message);
    const r = runExtract(document, { schema: schema.data });
    expect(r).toMatchObject({
      ok: true,
      data: {
        complete: true,
        data: {
          status: 'Order 42 saved',
          name: 'Ada',
          pw: '••••',
          items: ['One', 'Two wrong type', 'Wrong Type'],
          missing: 0,
        },
      },
    });
    if (r.ok) expect(r.data.evidence.partialMisses.map((m) => m.field).sort()).toEqual(['missing', 'orphan']);
  });

  it('rejects malformed schemas with the fix', () => {
    expect(parseExtractSchema({ type: 'table' })).toMatchObject({ ok: false, error: { code: 'bad_schema' } });
    expect(parseExtractSchema({ type: 'object' })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/needs "properties"/) },
    });
    expect(
      parseExtractSchema({ type: 'object', required: ['x'], properties: { y: { type: 'string' } } }),
    ).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/required names "x"/) },
    });
  });
});

describe('custom elements: the value lives in the control inside the shadow root', () => {
  it('reads a host through its inner field, skips hidden helpers, and masks a password inside', () => {
    // No `value` property on the class: what a content script's isolated world sees of Shoelace.
    const host = document.createElement('fancy-input');
    host.id = 'fancy';
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<input type="hidden" value="helper"><input aria-hidden="true" value="x"><input value="typed">';
    const pw = document.createElement('fancy-password');
    pw.id = 'fancy-pw';
    pw.attachShadow({ mode: 'open' }).innerHTML = '<input type="password" value="hunter2">';
    document.body.append(host, pw);
    expect(verify({ check: 'value', selector: '#fancy', value: 'typed' })).toMatchObject({
      ok: true,
      data: { holds: true },
    });
    const secret = verify({ check: 'value', selector: '#fancy-pw', value: 'wrong' });
    expect(secret).toMatchObject({ ok: true, data: { holds: false, failure: { actual: '••••', expected: '••••' } } });
    expect(JSON.stringify(secret)).not.toContain('hunter2');
    expect(verify({ check: 'value', selector: '#fancy-pw', value: 'hunter2' })).toMatchObject({
      ok: true,
      data: { holds: true },
    });
  });
});
