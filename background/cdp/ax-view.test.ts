import { describe, expect, it } from 'vitest';
import { buildAxRecords, parseAxPayload, subtreeOf, type CdpAxNode } from '../../shared/cdp-ax-records';
import { parseTree } from '../../shared/tree-line';
import { MAX_QUERY_RECORDS, NO_MATCH, queryRecords, renderRecords } from './ax-view';

const v = (value: unknown) => ({ type: 'string', value });
const prop = (name: string, value: unknown) => ({ name, value: { type: 'x', value } });

function node(nodeId: string, role: string, name: string, childIds: string[] = [], extra: Partial<CdpAxNode> = {}) {
  return { nodeId, ignored: false, role: v(role), name: v(name), childIds, ...extra };
}

const PAYLOAD = {
  nodes: [
    node('1', 'RootWebArea', 'Shop', ['2'], { backendDOMNodeId: 1 }),
    node('2', 'generic', '', ['3', '9']),
    node('3', 'main', '', ['4', '5', '7', '8']),
    node('4', 'heading', 'Orders', ['40'], { properties: [prop('level', 1)] }),
    node('40', 'StaticText', 'Orders', ['41']),
    node('41', 'InlineTextBox', 'Orders'),
    node('5', 'button', 'Save  \n settings', ['50'], { backendDOMNodeId: 15, properties: [prop('focusable', true)] }),
    node('50', 'StaticText', 'Save settings'),
    // A byte-identical duplicate, as real pages produce.
    node('5', 'button', 'Save  \n settings', ['50'], { backendDOMNodeId: 15, properties: [prop('focusable', true)] }),
    { nodeId: '7', ignored: true, role: v('none'), childIds: ['70'] },
    node('70', 'textbox', 'Email "work"', [], {
      backendDOMNodeId: 17,
      value: v('a@b.c'),
      properties: [prop('editable', 'plaintext'), prop('required', true)],
    }),
    node('8', 'list', '', ['80', '81']),
    node('80', 'listitem', '', ['800', '801']),
    node('800', 'StaticText', 'Ticket 1'),
    node('801', 'link', 'Open', [], { backendDOMNodeId: 21 }),
    node('81', 'listitem', '', ['810']),
    node('810', 'StaticText', 'Apples'),
    node('9', 'Iframe', '', ['999']),
  ],
};

function records() {
  const nodes = parseAxPayload(PAYLOAD);
  if (!nodes.ok) throw new Error(nodes.error.message);
  return buildAxRecords(nodes.data);
}

const refs = (id: number) => `ref_${id}`;

describe("Chrome's tree in the page tree's grammar", () => {
  it('drops ignored, generic and repeated text nodes, counts duplicates, and prints parseable lines', () => {
    const r = records();
    expect(r.duplicates).toBe(1);
    const lines = renderRecords(
      r.records,
      r.records.map((_, i) => i),
      refs,
    );
    expect(lines).toEqual([
      'RootWebArea "Shop"',
      ' main',
      '  h1 "Orders"',
      '  button "Save settings" [ref_15]',
      '  textbox "Email \\"work\\"" [ref_17] value="a@b.c" {editable required}',
      '  list',
      '   listitem',
      '    "Ticket 1"',
      '    link "Open" [ref_21]',
      '   listitem: "Apples"',
      ' Iframe',
    ]);
    const parsed = parseTree(lines.join('\n'));
    expect(parsed.find((l) => l.ref === 'ref_17')).toMatchObject({ role: 'textbox', name: 'Email "work"' });
    expect(parsed.find((l) => l.role === 'listitem' && l.text === 'Apples')).toBeDefined();
  });

  it('accepts a bare array of nodes and refuses other shapes with an error value', () => {
    expect(parseAxPayload(PAYLOAD.nodes).ok).toBe(true);
    expect(parseAxPayload({ nodes: 'x' })).toMatchObject({ ok: false, error: { code: 'bad_reply' } });
  });

  it('a query keeps matches with their ancestors and the whole list item', () => {
    const r = records();
    const q = queryRecords(r.records, 'ticket');
    expect(q.matches).toBe(1);
    expect(renderRecords(r.records, q.keep, refs)).toEqual([
      'RootWebArea "Shop"',
      ' main',
      '  list',
      '   listitem',
      '    "Ticket 1"',
      '    link "Open" [ref_21]',
    ]);
    expect(queryRecords(r.records, 'nothing-like-this').matches).toBe(0);
    expect(NO_MATCH).toBe('(no accessible match)');
  });

  it('keeps at most 12 records, full matches over partial ones', () => {
    const many = {
      nodes: [
        node(
          'r',
          'RootWebArea',
          'Big',
          Array.from({ length: 40 }, (_, i) => `b${i}`),
        ),
        ...Array.from({ length: 40 }, (_, i) =>
          node(`b${i}`, 'button', i % 2 ? `Save item ${i}` : `Item ${i}`, [], { backendDOMNodeId: 100 + i }),
        ),
      ],
    };
    const nodes = parseAxPayload(many);
    if (!nodes.ok) throw new Error('parse');
    const r = buildAxRecords(nodes.data).records;
    const q = queryRecords(r, 'save item');
    expect(q.matches).toBe(MAX_QUERY_RECORDS);
    const lines = renderRecords(r, q.keep, refs);
    expect(lines.slice(1).every((l) => l.includes('Save item'))).toBe(true);
  });

  it('zooms into a subtree with depths rebased', () => {
    const r = records().records;
    const at = r.findIndex((x) => x.role === 'list');
    const sub = subtreeOf(r, at);
    expect(
      renderRecords(
        sub,
        sub.map((_, i) => i),
        refs,
      )[0],
    ).toBe('list');
    expect(sub).toHaveLength(6);
  });
});
