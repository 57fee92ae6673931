/**
 * Evidence in action results (issue 25, docs/action-evidence.md): the requests an action caused with
 * method, sanitized path and status; the console errors it caused; what appeared (a toast after a
 * response, a toast after a spinner, a dialog, a validation message, a CSS hover submenu) printed as
 * tree lines whose refs act directly. Each case also checks the page's or the server's own state.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });
beforeAll(() => {
  env.server.route('/api/orders', (_req, res) => {
    // A slow refusal: the toast comes after the page's own quiet window has ended.
    setTimeout(() => {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end('{"error":"card declined"}');
    }, 300);
  });
  env.server.route('/api/feed', (req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
    const items = Array.from({ length: 4 }, (_, i) => ({ id: `p${page}-${i}`, title: `Story ${page}.${i + 1}` }));
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(items));
    }, 150);
  });
});

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

interface State {
  orders: number;
  exported: number;
  removed: number;
}

async function open(): Promise<{ page: Page; tabId: number }> {
  return env.browser.open(env.server.url('/actions-evidence.html'));
}

function changesOf(r: Record<string, unknown>): Record<string, unknown> {
  const c = r.changes;
  expect(typeof c).toBe('object');
  return c as Record<string, unknown>;
}

function refIn(lines: unknown, pattern: RegExp): string {
  const list = Array.isArray(lines) ? lines.map(String) : [];
  const line = list.find((l) => pattern.test(l));
  const ref = /\[(ref_\d+)\]/.exec(line ?? '')?.[1];
  if (!ref) throw new Error(`no appeared line matches ${pattern}: ${JSON.stringify(lines)}`);
  return ref;
}

describe('evidence in click results', () => {
  it('a POST answered 422 later: the request, the console error and the toast, with no query in the URL', async () => {
    const { page, tabId } = await open();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Place order"/) }, tabId));
    const c = changesOf(r);
    expect(c.requests).toEqual(['POST /api/orders → 422']);
    expect(JSON.stringify(c)).not.toContain('4111');
    expect(JSON.stringify(c.consoleErrors)).toContain('order failed: 422');
    expect(JSON.stringify(c.appeared)).toContain('Order rejected: card declined (422)');
    expect(r.verified).toBe(true);
    expect((await appState<State>(page)).orders).toBe(1);
    expect(env.server.requests.filter((q) => q.method === 'POST' && q.path.startsWith('/api/orders'))).toHaveLength(1);
    await page.close();
  });

  it('a click that changes nothing says nothing more', async () => {
    const { page, tabId } = await open();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Nothing here"/) }, tabId));
    expect(r.verified).toBe(false);
    const c = changesOf(r);
    expect(c.requests).toBeUndefined();
    expect(c.appeared).toBeUndefined();
    expect(c.consoleErrors).toBeUndefined();
    await page.close();
  });

  it('a spinner (a CSS animation, no DOM change for 750 ms) keeps the window open until the toast', async () => {
    const { page, tabId } = await open();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Sync now"/) }, tabId));
    // The whole result in the message: this case failed twice in loaded full runs, never alone.
    expect(JSON.stringify(changesOf(r).appeared), JSON.stringify(r)).toContain('Synced 3 files');
    expect(await page.getByText('Synced 3 files').isVisible()).toBe(true);
    await page.close();
  });

  it('an uncaught error in the handler is reported', async () => {
    const { page, tabId } = await open();
    const r = data(
      await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Broken button"/) }, tabId),
    );
    expect(JSON.stringify(changesOf(r).consoleErrors)).toMatch(/Uncaught TypeError/);
    await page.close();
  });

  it('a dialog that appeared is listed with its buttons, and their refs act directly', async () => {
    const { page, tabId } = await open();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Remove item"/) }, tabId));
    const appeared = changesOf(r).appeared;
    expect(String((appeared as string[])[0])).toMatch(/^dialog "Remove item\?" \[ref_\d+\]/);
    const remove = data(await act('click_ax', { ref_id: refIn(appeared, /^\s+button "Remove"/) }, tabId));
    expect(remove.success).toBe(true);
    expect((await appState<State>(page)).removed).toBe(1);
    await page.close();
  });

  it('a validation message and the invalid field appear', async () => {
    const { page, tabId } = await open();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Join"/) }, tabId));
    const appeared = (changesOf(r).appeared as string[]).join('\n');
    expect(appeared).toContain('Email is required');
    expect(appeared).toMatch(/textbox "Email"[^"]*\[ref_\d+\][^"]*invalid/);
    expect(await page.locator('#email').getAttribute('aria-invalid')).toBe('true');
    await page.close();
  });
});

describe('hover lists what appeared', () => {
  it('a CSS-only submenu shows through the real mouse; its items are tree lines whose refs click', async () => {
    const { page, tabId } = await open();
    const h = data(await act('hover', { ref_id: await refFor(env.browser, tabId, /link "File"/) }, tabId));
    expect(h.method).toBe('cdp');
    const exportRef = refIn(h.appeared, /link "Export as CSV"/);
    expect(await page.locator('#export').isVisible()).toBe(true);
    data(await act('click_ax', { ref_id: exportRef }, tabId));
    expect((await appState<State>(page)).exported).toBe(1);
    await page.close();
  });
});

describe('scroll lists what an infinite feed loaded', () => {
  it('scrolling to the end fetches the next page; its stories are tree lines whose refs act', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-feed.html'));
    await page.waitForFunction(() => (window as unknown as { __appState: { pages: number } }).__appState.pages === 1);
    const r = data(await act('scroll', { direction: 'down', amount: 5000 }, tabId));
    expect(r.success).toBe(true);
    const lines = (r.appeared as string[] | undefined) ?? [];
    expect(lines.join('\n')).toContain('Story 2.1');
    const link = refIn(lines, /link "Read Story 2.1"/);
    data(await act('click_ax', { ref_id: link }, tabId));
    expect(page.url()).toContain('#p2-0');
    expect((await appState<{ pages: number }>(page)).pages).toBe(2);
    await page.close();
  });
});
