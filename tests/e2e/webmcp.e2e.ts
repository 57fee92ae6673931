// WebMCP: the site's own tools (docs/webmcp.md). A shop page registers a read-only tool (get_cart) and
// a consequential one (empty_cart) through a page polyfill, and, when this Chromium has WebMCP behind
// its feature flags, through the browser's own API. The fake model lists them, calls the read-only one
// with no prompt, and the consequential one only after the user's yes, judged by the page's own state.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/protocol/agent';
import { scriptPolicy, step, type TaskScript } from '../fake-providers/script';
import { configure, FAKE_KEY, fakeSettings, openPanelClient, run } from './agent-helpers';
import { useExtension } from './support/setup';

// Chromium's WebMCP (document.modelContext) and its testing API (navigator.modelContextTesting).
const env = useExtension({ fake: true, args: ['--enable-features=WebMCP,WebMCPTesting'] });

const LIST = 'List the site tools.';
const EMPTY = 'Empty my cart.';
const COUPON = 'Enable coupons, then list the site tools.';
const SEARCH = 'Search the shop for tea.';

const scripts = new Map<string, TaskScript>([
  [LIST, { steps: [step('get_page_info'), step('site_tool', { name: 'get_cart' })] }],
  [
    EMPTY,
    {
      steps: [step('get_page_info'), step('site_tool', { name: 'empty_cart', args: { reason: 'user asked' } })],
    },
  ],
  [SEARCH, { steps: [step('get_page_info'), step('site_tool', { name: 'search_products', args: { q: 'tea' } })] }],
  [
    COUPON,
    {
      steps: [
        step('get_page_info'),
        step('get_accessibility_tree'),
        step('click_ax', (v) => ({ ref_id: v.ref(/button/, /Enable coupons/) })),
        step('get_page_info'),
      ],
    },
  ],
]);

async function use(scenario: string, extra: Record<string, unknown> = {}): Promise<void> {
  env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: scriptPolicy(scripts) });
  await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), extra));
}

const results = (events: AgentEvent[], tool: string) =>
  events.flatMap((e) => (e.type === 'tool_result' && e.tool === tool ? [e] : []));

async function nativeApi(url: string): Promise<boolean> {
  const { page } = await env.browser.open(url);
  const has = await page.evaluate(() => 'modelContextTesting' in navigator || 'modelContext' in document);
  await page.close();
  return has;
}

describe('WebMCP site tools', () => {
  it('lists the tools and runs the read-only one with no prompt, in Ask mode too', async () => {
    // Plan first holds back what changes the page; a read-only site tool is a read.
    await use('webmcp-list', { planFirst: true });
    const { page, tabId } = await env.browser.open(env.server.url('/webmcp-shop.html'));
    const panel = await openPanelClient(env.browser, tabId);
    for (const mode of ['act', 'ask'] as const) {
      const r = await run(env.browser, { tabId, task: LIST, mode });
      expect(r.status).toBe('done');
      const info = r.steps[0]?.result ?? '';
      expect(info).toMatch(/get_cart \\?"Show the cart\\?" \(readOnly\): Lists the items in the cart\./);
      expect(info).toMatch(/empty_cart \\?"Empty the cart\\?": Removes every item/);
      expect(info).toMatch(/search_products \(form get\): Search the catalogue/);
      expect(r.steps[1]).toMatchObject({ tool: 'site_tool', ok: true });
      expect(r.steps[1]?.result).toMatch(/Cart: mug, tea \(2 items\)/);
    }
    expect((await panel.events()).filter((e) => e.type === 'approval_request')).toHaveLength(0);
    await panel.close();
    await page.close();
  });

  it('asks before the consequential tool: deny leaves the cart, approve empties it; Ask mode refuses it', async () => {
    await use('webmcp-empty');
    const { page, tabId } = await env.browser.open(env.server.url('/webmcp-shop.html?run=empty'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    const askedBefore = new Set<string>();

    const ask = await run(env.browser, { tabId, task: EMPTY, mode: 'ask' });
    expect(ask.steps[1]).toMatchObject({ tool: 'site_tool', ok: false });
    expect(ask.steps[1]?.result).toMatch(/Ask mode is read-only and the site does not mark "empty_cart" read-only/);
    expect(await page.locator('#status').textContent()).toBe('Cart has 2 items');

    for (const decision of ['deny', 'approve'] as const) {
      await panel.send({ type: 'start', tabId, task: EMPTY, mode: 'act' });
      const req = await panel.waitFor(
        (e) => e.type === 'approval_request' && e.tool === 'site_tool' && !askedBefore.has(e.approvalId),
      );
      if (req.type !== 'approval_request') throw new Error('unreachable');
      askedBefore.add(req.approvalId);
      expect(req.description).toMatch(
        /^Run the site's tool "empty_cart" \("Empty the cart"\) on http:\/\/127\.0\.0\.1:\d+ with \{"reason":"user asked"\}$/,
      );
      expect(req.site).toBe(env.server.origin);
      // Nothing ran while the question was open.
      expect(await page.locator('#status').textContent()).toBe('Cart has 2 items');
      await panel.send({ type: 'approval', tabId, approvalId: req.approvalId, decision });
      await panel.waitFor((e) => e.type === 'task_ended' && e.taskId === req.taskId);
      const status = await page.locator('#status').textContent();
      expect(status).toBe(decision === 'deny' ? 'Cart has 2 items' : 'Cart has 0 items');
    }
    const ran = results(await panel.events(), 'site_tool');
    expect(ran.map((e) => e.ok)).toEqual([false, false, true]);
    expect(ran[1]?.result).toMatch(/REFUSED BY THE USER/);
    expect(ran[2]?.result).toMatch(/Cart emptied/);
    await panel.close();
    await page.close();
  });

  it('lists a tool the page registers after an action (toolchange) on the next get_page_info', async () => {
    await use('webmcp-coupon');
    const { page, tabId } = await env.browser.open(env.server.url('/webmcp-shop.html?run=coupon'));
    const r = await run(env.browser, { tabId, task: COUPON, mode: 'act' });
    expect(r.status).toBe('done');
    expect(r.steps[0]?.result).not.toMatch(/apply_coupon/);
    expect(await page.locator('#coupons').textContent()).toBe('Coupons enabled');
    expect(r.steps[3]?.result).toMatch(/apply_coupon: Applies a coupon code\./);
    await page.close();
  });

  it('runs a same-site GET form tool (declarative) as its submit, with no prompt', async () => {
    await use('webmcp-search');
    const { page, tabId } = await env.browser.open(env.server.url('/webmcp-shop.html?run=search'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    const r = await run(env.browser, { tabId, task: SEARCH, mode: 'act' });
    expect(r.steps[1]).toMatchObject({ tool: 'site_tool', ok: true });
    expect(r.steps[1]?.result).toMatch(/form submitted to http:\/\/127\.0\.0\.1:\d+\/webmcp-shop\.html/);
    await expect.poll(() => new URL(page.url()).search).toBe('?q=tea');
    expect((await panel.events()).filter((e) => e.type === 'approval_request')).toHaveLength(0);
    await panel.close();
    await page.close();
  });

  it("uses the browser's own WebMCP when this Chromium has it (else says why it is skipped)", async (t) => {
    const url = env.server.url('/webmcp-shop.html?native=1');
    if (!(await nativeApi(url))) {
      t.skip('this Chromium exposes neither document.modelContext nor navigator.modelContextTesting');
      return;
    }
    await use('webmcp-native');
    const { page, tabId } = await env.browser.open(url);
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    const r = await run(env.browser, { tabId, task: LIST, mode: 'ask' });
    console.info(`[webmcp] native WebMCP ran: ${r.steps[0]?.result.match(/siteToolApi[^,]*/)?.[0] ?? '?'}`);
    expect(r.steps[0]?.result).toMatch(/"siteToolApi":"native: /);
    expect(r.steps[1]?.result).toMatch(/Cart: mug, tea/);
    // The browser's own consequential tool asks too; denied, the cart stays.
    await panel.send({ type: 'start', tabId, task: EMPTY, mode: 'act' });
    const req = await panel.waitFor((e) => e.type === 'approval_request' && e.tool === 'site_tool');
    if (req.type !== 'approval_request') throw new Error('unreachable');
    expect(req.description).toMatch(/^Run the site's tool "empty_cart"/);
    await panel.send({ type: 'approval', tabId, approvalId: req.approvalId, decision: 'deny' });
    await panel.waitFor((e) => e.type === 'task_ended' && e.taskId === req.taskId);
    expect(await page.locator('#status').textContent()).toBe('Cart has 2 items');
    await panel.close();
    await page.close();
  });
});
