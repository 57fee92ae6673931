/**
 * extract and inspect in real Chromium: the JSON deep-equals what the page holds on three pages (a
 * German price table with a closed shadow root, a 400-row client-rendered table checked against the
 * generator that built it, a small shop page), with misses, defaults, required fields and bad schemas.
 */
import { describe, expect, it } from 'vitest';
import { refOfLine } from '../../shared/tree-line';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const mid = (name: string, args: unknown, tabId: number) =>
  env.browser.tool(name, args, { tabId, mode: 'ask', tier: 'mid' });

interface Extracted {
  complete: boolean;
  data: unknown;
  evidence: {
    fields: Record<string, string>;
    selectors: Record<string, string>;
    partialMisses: { field: string; reason: string }[];
  };
  warnings: string[];
  missing?: string[];
}

function extracted(reply: Awaited<ReturnType<typeof mid>>): Extracted {
  if (!reply.ok) throw new Error(`extract failed: ${reply.error.code}: ${reply.error.message}`);
  return reply.data as Extracted;
}

const str = (selector: string, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  'x-source': { selector, ...extra },
});
const num = (selector: string) => ({ type: 'number', 'x-source': { selector } });

describe('extract', () => {
  it('a German price table: locale numbers, attributes, props, implicit names, a closed shadow root', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/extract-prices.html'));
    const schema = {
      type: 'object',
      required: ['title', 'products'],
      properties: {
        title: str('h1'),
        'shop-title': { type: 'string' },
        products: {
          type: 'array',
          'x-source': { collection: 'tr.product' },
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string', 'x-source': { attr: 'data-sku' } },
              name: str('.name'),
              href: str('.name a', { attr: 'href' }),
              price: num('.price'),
              inStock: { type: 'boolean', 'x-source': { selector: '.stock', attr: 'data-in-stock' } },
              stock: { type: 'integer', 'x-source': { selector: '.stock' } },
            },
          },
        },
        shipEn: num('#ship-en'),
        shipFr: num('#ship-fr'),
        coupon: { type: 'string', 'x-source': { value: true } },
        gift: { type: 'boolean', 'x-source': { selector: '#gift', prop: 'checked' } },
        card: {
          type: 'object',
          'x-source': { selector: 'price-card' },
          properties: { title: str('.card-title'), price: num('.card-price') },
        },
        note: { type: 'string', 'x-source': { selector: '.nope' }, default: 'n/a' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    const r = extracted(await mid('extract', { schema }, tabId));
    expect(r.data).toEqual({
      title: 'Werkstatt Angebote',
      'shop-title': 'Werkstatt Angebote',
      products: [
        { sku: 'A-100', name: 'Akkuschrauber', href: '/p/a-100', price: 1299, inStock: true, stock: 12 },
        { sku: 'B-200', name: 'Bohrer-Set', href: '/p/b-200', price: 49.9, inStock: false, stock: 0 },
        { sku: 'C-300', name: 'Werkbank', href: '/p/c-300', price: 12345.67, inStock: true, stock: 3 },
        { sku: 'D-400', name: 'Schraubzwinge', href: '/p/d-400', price: -5.5, inStock: true, stock: 1200 },
      ],
      shipEn: 1299.5,
      shipFr: 1299.5,
      coupon: 'WINTER-10',
      gift: true,
      card: { title: 'Sonderposten', price: 7.95 },
      note: 'n/a',
    });
    expect(r.complete).toBe(true);
    // The array without a collection is a miss, never an empty list; the default is recorded too.
    expect(r.evidence.partialMisses.map((m) => m.field).sort()).toEqual(['note', 'tags']);
    expect(r.warnings).toEqual(['selector ".nope" matched no element (field note)']);
    // Evidence names elements as tree lines with the tree's refs.
    expect(r.evidence.fields.title).toMatch(/^h[1-6] "Werkstatt Angebote" \[ref_\d+\]/);
    const tree = await mid('get_accessibility_tree', {}, tabId);
    const treeText = tree.ok ? (tree.data as { tree: string }).tree : '';
    const titleRef = refOfLine(r.evidence.fields.title ?? '');
    expect(treeText).toMatch(new RegExp(`h[1-6] "Werkstatt Angebote" \\[${titleRef}\\]`));
    await page.close();
  });

  it('required misses make complete:false and name the field; bad scopes and schemas are errors', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/extract-prices.html'));
    const r = extracted(
      await mid(
        'extract',
        {
          schema: {
            type: 'object',
            required: ['total'],
            properties: { total: num('#grand-total'), title: str('h1') },
          },
        },
        tabId,
      ),
    );
    expect(r).toMatchObject({ complete: false, missing: ['total'], data: { title: 'Werkstatt Angebote' } });
    const scoped = await mid(
      'extract',
      { selector: '#nothing-here', schema: { type: 'object', properties: { a: str('h1') } } },
      tabId,
    );
    expect(scoped.ok === false && scoped.error.code).toBe('scope_not_found');
    const bad = await mid('extract', { schema: { type: 'array', 'x-source': { collection: 'tr' } } }, tabId);
    expect(bad.ok === false && bad.error.code).toBe('bad_schema');
    expect(bad.ok === false && bad.error.message).toMatch(/an array needs "items"/);
    const typo = await mid(
      'extract',
      {
        strict: true,
        schema: { type: 'object', properties: { a: { type: 'string', 'x-source': { selecter: 'h1' } } } },
      },
      tabId,
    );
    expect(typo.ok === false && typo.error.message).toMatch(/x-source key "selecter"/);
    // Compact models do not get extract.
    const compact = await env.browser.tool(
      'extract',
      { schema: { type: 'string' } },
      { tabId, mode: 'ask', tier: 'compact' },
    );
    expect(compact.ok === false && compact.error.code).toBe('tool_not_allowed');
    await page.close();
  });

  it('a 400-row client-rendered table equals the data its generator built', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tree-table.html'));
    // The generator of tree-table.html, run here as the independent ground truth.
    const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'John'];
    const statuses = ['Paid', 'Pending', 'Shipped', 'Refunded'];
    const expected = Array.from({ length: 400 }, (_, i) => {
      const id = 20000 - i;
      return {
        order: id,
        href: `#order-${id}`,
        customer: `${names[i % names.length]} ${String.fromCharCode(65 + ((i * 7) % 26))}.`,
        date: new Date(Date.UTC(2024, 0, 1) + i * 36e5 * 5).toISOString().slice(0, 10),
        status: statuses[i % 4],
        total: ((i * 7919) % 50000) / 100,
      };
    });
    const schema = {
      type: 'object',
      properties: {
        orders: {
          type: 'array',
          'x-source': { collection: '#orders tbody tr' },
          items: {
            type: 'object',
            properties: {
              order: { type: 'integer', 'x-source': { selector: 'th a' } },
              href: str('th a', { attr: 'href' }),
              customer: str('td:nth-child(3)'),
              date: str('td:nth-child(4)'),
              status: str('td:nth-child(5)'),
              total: num('td:nth-child(6)'),
            },
          },
        },
      },
    };
    const all = extracted(await mid('extract', { schema, maxItems: 500 }, tabId));
    expect(all.data).toEqual({ orders: expected });
    expect(all.complete).toBe(true);
    const capped = extracted(await mid('extract', { schema }, tabId));
    expect((capped.data as { orders: unknown[] }).orders).toHaveLength(100);
    expect(capped.warnings.join(' ')).toMatch(/400 items match, the first 100 are returned/);
    await page.close();
  });

  it('by label on a page with no test ids: the table named by its caption, cells by column header', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tree-table.html'));
    // The page's own data, read by the page's script's rendering: the ground truth for every row.
    const truth = await page.$$eval('#orders tbody tr', (rows) =>
      rows.map((r) => {
        const cells = [...r.children].map((c) => (c.textContent ?? '').trim());
        return {
          order: Number(cells[1]?.replace('#', '')),
          customer: cells[2],
          date: cells[3],
          status: cells[4],
          total: cells[5],
        };
      }),
    );
    expect(truth).toHaveLength(400);
    expect(await page.$$('[data-testid]')).toHaveLength(0);
    const schema = {
      type: 'object',
      properties: {
        rowsPerPage: { type: 'integer' },
        orders: {
          type: 'array',
          // Not CSS that matches: the fallback finds the table whose caption starts with these words.
          'x-source': { collection: 'All orders' },
          items: {
            type: 'object',
            properties: {
              order: { type: 'integer' },
              customer: { type: 'string' },
              date: { type: 'string' },
              status: { type: 'string' },
              total: { type: 'string' },
            },
          },
        },
      },
    };
    const r = extracted(await mid('extract', { schema, maxItems: 500 }, tabId));
    expect(r.data).toEqual({ rowsPerPage: 400, orders: truth });
    expect(r.complete).toBe(true);
    expect(r.evidence.selectors).toMatchObject({
      rowsPerPage: 'accessible name "rows per page" (property name)',
      orders: 'rows of the table named "All orders"',
      'orders[0].customer': 'column header "customer" (property name)',
    });
    expect(r.warnings.join(' ')).toMatch(/"All orders" matched no element as CSS/);
    await page.close();
  });

  it('a shop page: rows read from the row itself, numbers out of button labels', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const schema = {
      type: 'object',
      properties: {
        heading: str('h1'),
        items: {
          type: 'array',
          'x-source': { collection: 'main li' },
          items: {
            type: 'object',
            properties: { price: { type: 'number', 'x-source': { text: true } }, action: str('button') },
          },
        },
        pay: num('#pay'),
        status: str('[role=status]'),
      },
    };
    const r = extracted(await mid('extract', { schema }, tabId));
    expect(r.data).toEqual({
      heading: 'Your cart',
      items: [{ price: 18.5, action: 'Delete item' }],
      pay: 18.5,
      status: 'Not paid',
    });
    await page.close();
  });
});

describe('inspect', () => {
  it('box, default styles, overflow, visibility and child count', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const r = await mid('inspect', { selector: '#scroller', styles: ['backgroundColor'] }, tabId);
    if (!r.ok) throw new Error(r.error.message);
    const d = r.data as {
      element: string;
      box: { width: number; height: number };
      styles: Record<string, string>;
      overflowing: { x: boolean; y: boolean };
      visible: unknown;
      childCount: number;
    };
    expect(d.box).toMatchObject({ width: 200, height: 40 });
    expect(d.styles).toMatchObject({
      display: 'block',
      overflowY: 'auto',
      cursor: 'auto',
      backgroundColor: 'rgba(0, 0, 0, 0)',
    });
    expect(Object.keys(d.styles)).toHaveLength(14);
    expect(d.overflowing).toEqual({ x: false, y: true });
    expect(d.visible).toBe(true);
    expect(d.childCount).toBe(2);
    const hidden = await mid('inspect', { selector: '#vh' }, tabId);
    expect(hidden.ok && (hidden.data as { visible: unknown }).visible).toBe('visibility:hidden');
    await page.close();
  });
});
