/**
 * The ::before/::after skip (content-scripts/ax/pseudo-rules.ts) in real Chromium: on a page whose
 * only pseudo-element rule gives no text, a build past its first reads skips the light DOM's
 * pseudo-elements, yet a shadow host still shows the text its own shadow tree's `:host::before`
 * generates, through an open root and through a closed one (read with the extension's door).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useExtension } from './support/setup';
import { readTree } from './support/tree';

const env = useExtension({ shared: true });

describe('generated content where the document has no text rule', () => {
  it("keeps the hosts' :host::before text in the buttons' names, and the decorative ::after adds nothing", async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tree-pseudo.html'));
    await page.locator('#open-btn').waitFor();
    const tree = (await readTree(env.browser, tabId, { filter: 'all', maxChars: 100_000 })).tree;
    expect(tree).toMatch(/link "Item 1" \[ref_\d+\]/);
    expect(tree).toMatch(/link "Item 150" \[ref_\d+\]/);
    expect(tree).toMatch(/button "Star Save" \[ref_\d+\]/);
    expect(tree).toMatch(/button "Tick Done" \[ref_\d+\]/);
    // Chrome's own accessibility tree names them the same.
    const cdp = await env.browser.context.newCDPSession(page);
    const AxValue = z.object({ value: z.unknown().optional() }).optional();
    const { nodes } = z
      .object({ nodes: z.array(z.object({ role: AxValue, name: AxValue })) })
      .parse(await cdp.send('Accessibility.getFullAXTree'));
    const buttons = nodes.filter((n) => n.role?.value === 'button').map((n) => n.name?.value);
    expect(buttons).toEqual(expect.arrayContaining(['Star Save', 'Tick Done']));
  });
});
