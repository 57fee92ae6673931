/**
 * Shadow DOM and execute_js in real Chromium: hosts in open and closed roots (the page itself cannot
 * see into the closed ones), controls behind a closed root operated through the refs the tools
 * return, CDP pierce queries, and main-world JavaScript with its CSP fallback.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { okData } from './support/frames';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const dev = (name: string, args: unknown, tabId: number, tier = 'mid') =>
  env.browser.tool(name, args, { tabId, mode: 'dev', tier });

const Host = z.object({
  ref: z.string().nullable(),
  tag: z.string(),
  mode: z.enum(['open', 'closed']),
  children: z.array(z.object({ tag: z.string(), text: z.string(), childCount: z.number() })),
  descendantCount: z.number(),
  controls: z.array(z.object({ ref: z.string(), role: z.string(), name: z.string() })).optional(),
});
const Hosts = z.object({
  source: z.string(),
  hosts: z.array(Host),
  total: z.number(),
  closedShadowAvailable: z.boolean(),
});
const Query = z.object({
  matches: z.array(
    z.object({
      ref: z.string().nullable(),
      role: z.string(),
      name: z.string(),
      element: z.string(),
      text: z.string(),
      root: z.string(),
      hosts: z.array(z.string()),
    }),
  ),
  total: z.number(),
  closedRoots: z.number(),
});

async function debuggerAttached(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(async (id: number) => {
    const targets = await chrome.debugger.getTargets();
    // Playwright itself is attached to every page; only our extension's session counts.
    return targets.some((t) => t.tabId === id && t.attached && t.extensionId === chrome.runtime.id);
  }, tabId);
}

describe('get_shadow_dom', () => {
  it('lists open and closed hosts, and their closed-root controls work with click_ax/type_ax', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shadow-components.html'));
    // Ground truth: the page's own scripts see pay-widget's root as closed (null).
    expect(await page.evaluate(() => document.getElementById('pay')?.shadowRoot ?? null)).toBeNull();
    expect(await page.evaluate(() => document.getElementById('card')?.shadowRoot !== null)).toBe(true);

    const r = Hosts.parse(okData(await dev('get_shadow_dom', {}, tabId)));
    expect(r.source).toBe('page');
    expect(r.hosts.map((h) => [h.tag, h.mode])).toEqual([
      ['open-card', 'open'],
      ['closed-badge', 'closed'],
      ['pay-widget', 'closed'],
    ]);
    expect(r.closedShadowAvailable).toBe(true);
    const pay = r.hosts.find((h) => h.tag === 'pay-widget');
    expect(pay?.children.map((c) => c.tag)).toEqual(['label', 'button']);
    const card = pay?.controls?.find((c) => c.role === 'textbox');
    const payNow = pay?.controls?.find((c) => c.role === 'button');
    expect(card?.name).toBe('Card number');
    expect(payNow?.name).toBe('Pay now');
    if (!card || !payNow) return;

    okData(await env.browser.tool('type_ax', { ref_id: card.ref, text: '4242' }, { tabId, mode: 'act' }));
    okData(await env.browser.tool('click_ax', { ref_id: payNow.ref }, { tabId, mode: 'act' }));
    await expect.poll(() => page.locator('#paid').textContent()).toBe('paid 4242');

    // Scoped to one host by ref.
    const payRef = pay?.ref;
    const scoped = Hosts.parse(okData(await dev('get_shadow_dom', { ref_id: payRef }, tabId)));
    expect(scoped.hosts.map((h) => h.tag)).toEqual(['pay-widget']);
    // The page-side read never attaches the debugger (no "being debugged" banner for the user).
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('reads the same hosts through CDP (DOM.getDocument pierce) and binds them to the same refs', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shadow-components.html'));
    const viaPage = Hosts.parse(okData(await dev('get_shadow_dom', {}, tabId)));
    const viaCdp = Hosts.parse(okData(await dev('get_shadow_dom', { source: 'cdp' }, tabId)));
    expect(viaCdp.source).toBe('cdp');
    expect(viaCdp.hosts.map((h) => [h.tag, h.mode, h.ref])).toEqual(viaPage.hosts.map((h) => [h.tag, h.mode, h.ref]));
    expect(viaCdp.hosts.find((h) => h.tag === 'closed-badge')?.children[0]).toMatchObject({
      tag: 'span',
      text: 'Nested closed badge',
    });
    // The session is released after the read.
    await expect.poll(() => debuggerAttached(tabId), { timeout: 10_000 }).toBe(false);
    await page.close();
  });
});

describe('shadow_dom_query', () => {
  it('finds elements in open and closed roots with refs and host chains', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shadow-components.html'));
    const r = Query.parse(okData(await dev('shadow_dom_query', { selector: 'button.like' }, tabId)));
    expect(r.total).toBe(2);
    expect(r.closedRoots).toBe(2);
    expect(r.matches.map((m) => [m.name, m.root, m.hosts])).toEqual([
      ['Like', 'open', ['open-card']],
      ['Badge like', 'closed', ['open-card', 'closed-badge']],
    ]);
    const card = Query.parse(okData(await dev('shadow_dom_query', { selector: 'input.card' }, tabId)));
    expect(card.matches).toHaveLength(1);
    const ref = card.matches[0]?.ref;
    expect(ref).toMatch(/^ref_\d+$/);
    okData(await env.browser.tool('type_ax', { ref_id: ref, text: '5555' }, { tabId, mode: 'act' }));
    // Read back through CDP-free page state: the click handler prints the closed input's value.
    const pay = Query.parse(okData(await dev('shadow_dom_query', { selector: 'button.pay' }, tabId)));
    okData(await env.browser.tool('click_ax', { ref_id: pay.matches[0]?.ref }, { tabId, mode: 'act' }));
    await expect.poll(() => page.locator('#paid').textContent()).toBe('paid 5555');

    const bad = await dev('shadow_dom_query', { selector: 'button[' }, tabId);
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_selector' } });
    await page.close();
  });

  it('is offered to Full Act and Mid/Full Dev only', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shadow-components.html'));
    const q = (mode: string, tier: string) =>
      env.browser.tool('shadow_dom_query', { selector: 'button' }, { tabId, mode, tier });
    expect((await q('act', 'full')).ok).toBe(true);
    expect((await q('dev', 'mid')).ok).toBe(true);
    for (const [mode, tier] of [
      ['act', 'mid'],
      ['ask', 'full'],
      ['dev', 'compact'],
    ] as const) {
      expect(await q(mode, tier)).toMatchObject({ ok: false, error: { code: 'tool_not_allowed' } });
    }
    await page.close();
  });
});

describe('execute_js', () => {
  it('runs in the page main world and returns JSON-safe values', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shadow-components.html'));
    await page.evaluate(() => Reflect.set(window, 'pageSecret', 41));
    const v = (code: string, extra: object = {}) => dev('execute_js', { code, ...extra }, tabId);
    expect(okData(await v('window.pageSecret + 1'))).toMatchObject({ value: 42, via: 'main-world' });
    expect(okData(await v('document.title'))).toMatchObject({ value: 'Shadow fixture' });
    expect(okData(await v('customElements.get("pay-widget") !== undefined'))).toMatchObject({ value: true });
    expect(okData(await v('({ el: document.getElementById("paid"), n: 1n, u: undefined, f() {} })'))).toMatchObject({
      value: { el: '[element <p#paid>]', n: '1n', u: '[undefined]', f: '[function f]' },
    });
    expect(okData(await v('const o = {}; o.self = o; o'))).toMatchObject({ value: { self: '[circular]' } });
    expect(
      okData(await v('(async () => { await new Promise(r => setTimeout(r, 20)); return "late"; })()')),
    ).toMatchObject({ value: 'late' });
    // Side effects land in the page.
    okData(await v('document.getElementById("paid").textContent = "set by js"'));
    expect(await page.locator('#paid').textContent()).toBe('set by js');

    const big = okData(await v('"x".repeat(50000)', { maxChars: 1000 }));
    expect(big).toMatchObject({ truncated: true });

    const thrown = await v('null.boom');
    expect(thrown).toMatchObject({ ok: false, error: { code: 'js_exception' } });
    if (!thrown.ok) expect(thrown.error.message).toMatch(/TypeError/);
    const syntax = await v('let = ;');
    expect(syntax).toMatchObject({ ok: false, error: { code: 'js_exception' } });
    if (!syntax.ok) expect(syntax.error.message).toMatch(/SyntaxError/);
    const never = await v('new Promise(() => {})', { timeoutMs: 200 });
    expect(never).toMatchObject({ ok: false, error: { code: 'js_timeout' } });
    await page.close();
  });

  it('falls back to CDP Runtime.evaluate when the page CSP forbids eval', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/csp-no-eval.html'));
    // Ground truth: the page reports a CSP violation for the main-world eval attempt.
    await page.evaluate(() => {
      Reflect.set(window, 'violations', []);
      addEventListener('securitypolicyviolation', (e) => Reflect.get(window, 'violations').push(e.violatedDirective));
    });
    const r = okData(await dev('execute_js', { code: 'document.getElementById("x").textContent + "!"' }, tabId));
    expect(r).toMatchObject({ value: 'strict!', via: 'cdp' });
    expect(await page.evaluate(() => Reflect.get(window, 'violations'))).toEqual(['script-src']);
    await expect.poll(() => debuggerAttached(tabId), { timeout: 10_000 }).toBe(false);
    await page.close();
  });

  it('is Dev only', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shadow-components.html'));
    expect(await env.browser.tool('execute_js', { code: '1' }, { tabId, mode: 'act', tier: 'full' })).toMatchObject({
      ok: false,
      error: { code: 'tool_not_allowed' },
    });
    await page.close();
  });
});
