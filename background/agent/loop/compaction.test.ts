import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fence, splitFenced } from '../../../shared/fence';
import { compactHistory, ContextMeter, fitContext, messagesChars, promptLimit, summariseResult } from './compaction';

const nonce = '0123456789abcdef01234567';

function tree(n: number, url: string): string {
  const lines = [`url: ${url}`, 'title: Shop', `page 1 of 1 · tree_revision r${n} · 200 refs`, 'h2 "Products" [ref_1]'];
  for (let i = 0; i < 200; i++) lines.push(` link "Product ${n}-${i}" [ref_${n * 1000 + i}]`);
  lines.push('[end of tree: hasMore:false]');
  return fence(nonce, 'get_accessibility_tree', lines.join('\n'));
}

function step(id: string, tool: string, input: unknown, result: string): ModelMessage[] {
  return [
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: tool, input }] },
    {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: id, toolName: tool, output: { type: 'text', value: result } }],
    },
  ];
}

function resultText(m: ModelMessage | undefined): string {
  if (m?.role !== 'tool') throw new Error('not a tool message');
  const p = m.content[0];
  if (p?.type !== 'tool-result' || p.output.type !== 'text') throw new Error('not a text result');
  return p.output.value;
}

const history: ModelMessage[] = [
  { role: 'user', content: 'Compare the products. My budget is 40 euros.' },
  ...step('c1', 'get_accessibility_tree', {}, tree(1, 'https://a.example/1')),
  ...step('c2', 'click_ax', { ref_id: 'ref_1005' }, fence(nonce, 'click_ax', 'clicked')),
  ...step('c3', 'navigate', { url: 'https://a.example/2' }, 'REFUSED BY THE USER: the user declined this navigation.'),
  ...step('c4', 'get_accessibility_tree', {}, tree(2, 'https://a.example/2')),
  ...step('c5', 'get_accessibility_tree', {}, tree(3, 'https://a.example/3')),
];

describe('compactHistory', () => {
  it('summarises older reads, keeps the newest whole and never touches the user or refusals', () => {
    const out = compactHistory(history, { nonce, keepWhole: 2, brief: false });
    expect(out.results).toBe(1);
    expect(out.history[0]).toEqual(history[0]);
    // The oldest read: a fenced summary with its header, its headings and the ref a later call named.
    const first = splitFenced(resultText(out.history[2]));
    expect(first.fenced?.nonce).toBe(nonce);
    expect(first.fenced?.body).toMatch(/^\[compacted\] Older read/);
    expect(first.fenced?.body).toContain('url: https://a.example/1');
    expect(first.fenced?.body).toContain('link "Product 1-5" [ref_1005]');
    expect(first.fenced?.body).toContain('h2 "Products" [ref_1]');
    expect(first.fenced?.body).not.toContain('Product 1-6"');
    // The refusal is Weaverbird's own words: byte for byte.
    expect(resultText(out.history[6])).toBe('REFUSED BY THE USER: the user declined this navigation.');
    // The two newest tool results (the click is short and stays; the last two reads are whole).
    expect(resultText(out.history[8])).toBe(tree(2, 'https://a.example/2'));
    expect(resultText(out.history[10])).toBe(tree(3, 'https://a.example/3'));
  });

  it('is stable: compacting again changes nothing at the same level', () => {
    const once = compactHistory(history, { nonce, keepWhole: 2, brief: false });
    const twice = compactHistory(once.history, { nonce, keepWhole: 2, brief: false });
    expect(twice.results).toBe(0);
    expect(twice.history).toEqual(once.history);
  });

  it('leaves results fenced with another nonce alone (not this task’s data)', () => {
    const other = fence('ffffffffffffffffffffffff', 'get_accessibility_tree', 'x\n'.repeat(500));
    expect(summariseResult('get_accessibility_tree', other, new Set(), { nonce, brief: false })).toBeNull();
  });
});

describe('fitContext', () => {
  it('does nothing while the request fits, and compacts when it would not', () => {
    const meter = new ContextMeter();
    const size = JSON.stringify(history).length;
    meter.observe(size, Math.ceil(size / 4));
    expect(fitContext({ history, fixedChars: 0, meter, contextWindow: 100_000, nonce })).toBeNull();
    const fit = fitContext({ history, fixedChars: 0, meter, contextWindow: 6_000, nonce });
    expect(fit).not.toBeNull();
    expect(fit?.afterTokens).toBeLessThan(fit?.beforeTokens ?? 0);
    expect(fit?.afterTokens).toBeLessThanOrEqual(promptLimit(6_000));
  });

  it('calibrates on the provider count', () => {
    const meter = new ContextMeter();
    expect(meter.tokens(3_000)).toBe(1_000);
    meter.observe(4_000, 1_000);
    expect(meter.tokens(8_000)).toBe(2_000);
  });
});

describe('messagesChars', () => {
  it('is the JSON length of the list, before and after compaction replaces messages', () => {
    expect(messagesChars([])).toBe(2);
    expect(messagesChars(history.slice(0, 1))).toBe(JSON.stringify(history.slice(0, 1)).length);
    expect(messagesChars(history)).toBe(JSON.stringify(history).length);
    const compacted = compactHistory(history, { nonce, keepWhole: 1, brief: true }).history;
    expect(messagesChars(compacted)).toBe(JSON.stringify(compacted).length);
    expect(messagesChars(history)).toBe(JSON.stringify(history).length);
  });
});
