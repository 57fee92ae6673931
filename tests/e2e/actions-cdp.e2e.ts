/**
 * The guarded CDP click fallback: fires exactly once and succeeds where only a trusted click works;
 * is vetoed by a mutating request; is never tried for toggles or data-changing names; leaves no
 * debugger attached. Counts come from the page's own handlers and the server's request log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

interface CdpState {
  trustedClicks: number;
  untrustedClicks: number;
  posts: number;
  dangerClicks: number;
  toggleClicks: number;
  inertClicks: number;
  pointerdowns: number;
}

const env = useExtension({ shared: true });
beforeAll(() => {
  env.server.route('/api/orders', (_req, res) => {
    res.writeHead(204);
    res.end();
  });
});

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

async function debuggerAttached(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(async (id: number) => {
    const targets = await chrome.debugger.getTargets();
    return targets.some((t) => t.tabId === id && t.attached && t.extensionId === chrome.runtime.id);
  }, tabId);
}

describe('CDP click fallback', () => {
  it('sends one trusted click when the page ignores untrusted clicks, and says so', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-cdp.html'));
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Open report"/) }, tabId));
    expect(r).toMatchObject({ success: true, method: 'cdp', verified: true });
    expect(String((r.changes as { url?: string }).url)).toMatch(/\/actions-cdp\.html#…$/);
    const s = await appState<CdpState>(page);
    expect(s.trustedClicks).toBe(1);
    expect(s.untrustedClicks).toBe(1);
    expect(await page.locator('#report').isVisible()).toBe(true);
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('needs no fallback for pointerdown-only widgets: the synthetic pointer sequence reaches them', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-cdp.html'));
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Expand panel"/) }, tabId));
    expect(r).toMatchObject({ method: 'synthetic', verified: true });
    expect((await appState<CdpState>(page)).pointerdowns).toBe(1);
    expect(await page.locator('#panel').isVisible()).toBe(true);
    await page.close();
  });

  it('vetoes the retry when the click sent a mutating request, so the POST happens once', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-cdp.html'));
    const before = env.server.requests.filter((q) => q.path === '/api/orders').length;
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Refresh list"/) }, tabId));
    // The POST is the handler's work: verified by it, and listed as evidence (action-evidence.ts).
    expect(r).toMatchObject({ method: 'synthetic', verified: true, changes: { requests: ['POST /api/orders → 204'] } });
    expect(String(r.fallback)).toMatch(/^vetoed: the click sent POST \/api\/orders/);
    await page.waitForTimeout(300);
    expect(env.server.requests.filter((q) => q.path === '/api/orders' && q.method === 'POST').length - before).toBe(1);
    expect((await appState<CdpState>(page)).posts).toBe(1);
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('never retries toggles or targets whose name says they change data', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-cdp.html'));
    const toggle = data(
      await act('click_ax', { ref_id: await refFor(env.browser, tabId, /switch "Dark mode"/) }, tabId),
    );
    expect(toggle).toMatchObject({ method: 'synthetic', verified: false });
    expect(String(toggle.fallback)).toContain('toggle');
    const danger = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Delete item"/) }, tabId));
    expect(danger).toMatchObject({ method: 'synthetic', verified: false });
    expect(String(danger.fallback)).toContain('may change data');
    const s = await appState<CdpState>(page);
    expect(s.toggleClicks).toBe(0);
    expect(s.dangerClicks).toBe(0);
    await page.close();
  });

  it('fires the retry once at most, and reports an unverified click honestly when nothing changes', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-cdp.html'));
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Nothing here"/) }, tabId));
    expect(r).toMatchObject({ success: true, method: 'cdp', verified: false });
    expect(String(r.hint)).toContain('no visible change');
    // One synthetic + exactly one trusted click reached the handler.
    expect((await appState<CdpState>(page)).inertClicks).toBe(2);
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('reports a clean error when another debugger holds the tab', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-cdp.html'));
    const ref = await refFor(env.browser, tabId, /"Open report"/);
    // Hold the tab with the extension's own debugger session, as DevTools or another extension would.
    await env.browser.worker.evaluate((id: number) => chrome.debugger.attach({ tabId: id }, '1.3'), tabId);
    const r = data(await act('click_ax', { ref_id: ref }, tabId));
    await env.browser.worker.evaluate((id: number) => chrome.debugger.detach({ tabId: id }), tabId);
    expect(r).toMatchObject({ method: 'synthetic', verified: false });
    expect(String(r.fallback)).toMatch(/not tried: .*debugger/i);
    expect((await appState<CdpState>(page)).trustedClicks).toBe(0);
    await page.close();
  });
});
