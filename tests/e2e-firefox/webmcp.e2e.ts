/**
 * WebMCP in the Firefox build (docs/webmcp.md): the shop page's polyfilled tools are discovered in
 * the page's MAIN world (scripting.executeScript world MAIN, Firefox 128+), listed by get_page_info
 * and called with site_tool; Ask mode runs the read-only one and refuses the other, judged by the
 * page's own cart. The approval prompt is the shared gate (tests/e2e/webmcp.e2e.ts in Chromium).
 */
import { describe, expect, it } from 'vitest';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite();

describe.skipIf(!run)('WebMCP site tools in Firefox', () => {
  it('lists the tools, runs the read-only one in Ask mode and refuses the consequential one', async () => {
    const { ff, server } = env();
    const { page, tabId } = await ff.open(server.url('/webmcp-shop.html?run=ff'));
    const info = await ff.tool('get_page_info', {}, { tabId, mode: 'ask' });
    expect(info.ok).toBe(true);
    const listed = JSON.stringify(info.ok ? info.data : null);
    expect(listed).toMatch(/get_cart \\"Show the cart\\" \(readOnly\)/);
    expect(listed).toMatch(/search_products \(form get\)/);

    const cart = await ff.tool('site_tool', { name: 'get_cart' }, { tabId, mode: 'ask' });
    expect(cart).toMatchObject({ ok: true, data: { tool: 'get_cart', result: 'Cart: mug, tea (2 items)' } });

    const empty = await ff.tool('site_tool', { name: 'empty_cart', args: { reason: 'x' } }, { tabId, mode: 'ask' });
    expect(empty).toMatchObject({ ok: false, error: { code: 'tool_not_allowed' } });
    const bad = await ff.tool('site_tool', { name: 'empty_cart', args: { reason: 5 } }, { tabId, mode: 'act' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });
    expect(await page.evaluate(() => document.getElementById('status')?.textContent)).toBe('Cart has 2 items');
    // The user's own console call in Act mode (no task, no gate): the tool runs.
    const done = await ff.tool('site_tool', { name: 'empty_cart', args: { reason: 'x' } }, { tabId, mode: 'act' });
    expect(done).toMatchObject({ ok: true, data: { result: 'Cart emptied' } });
    expect(await page.evaluate(() => document.getElementById('status')?.textContent)).toBe('Cart has 0 items');
  });
});
