// @vitest-environment jsdom
/**
 * extract by label on pages without test ids: table headers (column and row), description lists, form
 * labels (accessible name), text before the value, and a collection named by its caption or heading.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { parseExtractSchema } from '../../shared/tools/extract-spec';
import { runExtract } from './extract';
import { labelWords } from './extract-label';

beforeEach(() => {
  document.body.innerHTML = `
    <form>
      <label for="e">Email address:</label><input id="e" value="ada@example.test">
      <label>First name <input value="Ada"></label>
      <input aria-label="Password" type="password" value="hunter2hunter2">
    </form>
    <dl><dt>Status</dt><dd>Shipped</dd><dt>Total</dt><dd>1,299.00 €</dd></dl>
    <div><span>Order date:</span> <span>2026-12-06</span></div>
    <table><tr><th>Carrier</th><td>Posten</td></tr></table>
    <h2>Orders</h2>
    <table>
      <thead><tr><th>Item</th><th>Unit price</th></tr></thead>
      <tbody><tr><td>Lamp</td><td>12.50</td></tr><tr><td>Desk</td><td>120.00</td></tr></tbody>
    </table>`;
});

function extract(schema: unknown) {
  const parsed = parseExtractSchema(schema);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const r = runExtract(document, { schema: parsed.data });
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

describe('labelWords', () => {
  it('folds camelCase, snake_case, case and a trailing colon', () => {
    expect(labelWords('firstName')).toBe('first name');
    expect(labelWords('unit_price')).toBe('unit price');
    expect(labelWords('  Email address: ')).toBe('email address');
  });
});

describe('extract by label', () => {
  it('finds fields by property name as a label and says how', () => {
    const r = extract({
      type: 'object',
      properties: {
        firstName: { type: 'string' },
        status: { type: 'string' },
        total: { type: 'number' },
        orderDate: { type: 'string' },
        carrier: { type: 'string' },
        email: { type: 'string', 'x-source': { label: 'Email' } },
        password: { type: 'string' },
      },
    });
    expect(r.data).toEqual({
      firstName: 'Ada',
      status: 'Shipped',
      total: 1299,
      orderDate: '2026-12-06',
      carrier: 'Posten',
      email: 'ada@example.test',
      password: '••••',
    });
    expect(r.evidence.selectors).toMatchObject({
      firstName: 'accessible name "first name" (property name)',
      status: 'description term "status" (property name)',
      carrier: 'row header "carrier" (property name)',
      email: 'accessible name "email"',
    });
    expect(r.complete).toBe(true);
  });

  it('a property name must equal the label (an explicit label may match its start)', () => {
    const r = extract({ type: 'object', properties: { email: { type: 'string' }, date: { type: 'string' } } });
    expect(r.data).toEqual({});
    expect(r.evidence.partialMisses.map((m) => m.field).sort()).toEqual(['date', 'email']);
  });

  it('reads collection rows by column header, falling back to the table the words name', () => {
    const r = extract({
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          'x-source': { collection: 'Orders' },
          items: { type: 'object', properties: { item: { type: 'string' }, unitPrice: { type: 'number' } } },
        },
      },
    });
    expect(r.data).toEqual({
      rows: [
        { item: 'Lamp', unitPrice: 12.5 },
        { item: 'Desk', unitPrice: 120 },
      ],
    });
    expect(r.evidence.selectors['rows']).toBe('rows of the table named "Orders"');
    expect(r.evidence.selectors['rows[0].unitPrice']).toBe('column header "unit price" (property name)');
    expect(r.warnings.join('\n')).toMatch(/"Orders" matched no element as CSS/);
  });

  it('keeps css first and names it in evidence', () => {
    const r = extract({
      type: 'object',
      properties: {
        rows: { type: 'array', 'x-source': { collection: 'h2 + table tbody tr' }, items: { type: 'string' } },
      },
    });
    expect(r.data).toEqual({ rows: ['Lamp 12.50', 'Desk 120.00'] });
    expect(r.evidence.selectors['rows']).toBe('css "h2 + table tbody tr"');
  });
});
