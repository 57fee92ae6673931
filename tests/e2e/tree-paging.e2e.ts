/**
 * Paging in real Chromium, as the model reads it: every page of the big table fits maxChars with
 * its context line, page 1 is the head of the whole tree, and each page 2+ opens with
 * `[continues inside: …]` naming exactly the open ancestors of its first line.
 */
import { describe, expect, it } from 'vitest';
import type { TreeResult } from '../../shared/tree-contract';
import { useExtension } from './support/setup';
import { readTree } from './support/tree';

const env = useExtension({ shared: true });
const read = (tabId: number, args: Record<string, unknown>): Promise<TreeResult> => readTree(env.browser, tabId, args);

function depthOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Oracle: `role "name"` of each open ancestor of line i, by scanning back through the indentation. */
function ancestorsOf(lines: readonly string[], i: number): string[] {
  const out: string[] = [];
  let need = depthOf(lines[i] ?? '');
  for (let j = i - 1; j >= 0 && need > 0; j--) {
    const line = lines[j] ?? '';
    if (depthOf(line) >= need) continue;
    need = depthOf(line);
    out.unshift(/^\s*([\w-]+(?: "(?:[^"\\]|\\.)*")?)/.exec(line)?.[1] ?? '');
  }
  return out;
}

describe('paged reads of the big table', () => {
  it('every page fits maxChars, and pages 2+ say which ancestors they continue under', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tree-table.html'));
    await page.locator('tbody tr').first().waitFor({ state: 'attached' });
    const whole = (await read(tabId, { maxChars: 1_000_000 })).tree.split('\n');

    const maxChars = 3000;
    let result = await read(tabId, { maxChars });
    expect(result.totalPages).toBeGreaterThan(10);
    const first = result.tree.split('\n');
    expect(first).toEqual(whole.slice(0, first.length));
    let at = first.length;
    const heads = new Set<string>();
    while (result.continuationArgs) {
      result = await read(tabId, result.continuationArgs);
      expect(result.tree.length).toBeLessThanOrEqual(maxChars);
      const [head = '', ...body] = result.tree.split('\n');
      const open = ancestorsOf(whole, at);
      expect(head).toBe(open.length > 0 ? `[continues inside: ${open.join(' > ')}]` : '[continues at top level]');
      heads.add(head);
      expect(body).toEqual(whole.slice(at, at + body.length));
      at += body.length;
    }
    expect(at).toBe(whole.length);
    expect([...heads].some((h) => h.startsWith('[continues inside: table "'))).toBe(true);
  }, 120_000);
});
