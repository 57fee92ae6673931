/**
 * History entries and user activation (issue 25): a single-page app's click pushes a history entry.
 * Chrome's history manipulation intervention (https://crbug.com/907167) makes Back skip the entry a
 * page left when it pushed without user activation, and a synthetic click carries none. click_ax gives
 * the page activation after such a push (background/cdp/activation.ts), so the browser's own Back
 * (chrome.tabs.goBack, the toolbar button) returns to the list, as the app's own view (#state) says.
 *
 * In a child frame (same-site, and cross-site in its own process) Chrome does not apply the
 * intervention: an entry a frame pushes without activation is not skipped by Back (measured here,
 * with and without the agent's click). So no frame is given activation: a grant there would fix
 * nothing and would hand a possibly cross-site frame a gesture it could spend on a popup.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { data, refFor } from './support/actions';
import { FrameTreeSchema, okData, refOnLine } from './support/frames';
import { useExtension } from './support/setup';

const env = useExtension({ partner: true, shared: true });

/** The app's own view. Read over the worker (chrome.scripting), never page.evaluate: Playwright's
 * evaluate runs with a user gesture, which would give the page the activation under test. */
async function view(tabId: number): Promise<string | null> {
  return env.browser.worker.evaluate(async (id: number) => {
    const [r] = await chrome.scripting.executeScript({
      target: { tabId: id },
      func: () => document.getElementById('state')?.textContent ?? null,
    });
    return typeof r?.result === 'string' ? r.result : null;
  }, tabId);
}

/** The browser's own Back, as the toolbar button does it. */
async function browserBack(page: Page, tabId: number): Promise<void> {
  const before = page.url();
  await env.browser.worker.evaluate((id: number) => chrome.tabs.goBack(id), tabId);
  await expect.poll(() => page.url()).not.toBe(before);
}

async function openList(): Promise<{ page: Page; tabId: number }> {
  const opened = await env.browser.open(env.server.url('/actions-native.html'));
  await opened.page.goto(env.server.url('/actions-history.html'));
  return opened;
}

describe('history entries pushed by a click', () => {
  it('Back after click_ax returns to the list the click started from', async () => {
    const { page, tabId } = await openList();
    const ref = await refFor(env.browser, tabId, /button "Show order 42"/);
    const r = data(await env.browser.tool('click_ax', { ref_id: ref }, { tabId, mode: 'act' }));
    expect(r.success).toBe(true);
    expect(JSON.stringify(r.diagnostics)).toContain('given user activation');
    expect(await view(tabId)).toBe('order-42');
    await browserBack(page, tabId);
    expect(page.url()).toBe(env.server.url('/actions-history.html'));
    await expect.poll(() => view(tabId)).toBe('list');
    await page.close();
  });

  it('without activation the same push is skipped by Back (the browser behaviour click_ax answers)', async () => {
    const { page, tabId } = await openList();
    // An isolated-world click, as a synthetic click_ax sends it, with no activation given afterwards.
    await env.browser.worker.evaluate(async (id: number) => {
      await chrome.scripting.executeScript({
        target: { tabId: id },
        func: () => document.getElementById('details')?.click(),
      });
    }, tabId);
    expect(await view(tabId)).toBe('order-42');
    await browserBack(page, tabId);
    // Back jumped past the list to the page before it.
    expect(page.url()).toBe(env.server.url('/actions-native.html'));
    await page.close();
  });
});

/** The embedded app's Chrome frame id (webNavigation), or -1. */
async function appFrame(tabId: number): Promise<number> {
  return env.browser.worker.evaluate(async (id: number) => {
    const all = await chrome.webNavigation.getAllFrames({ tabId: id });
    return all?.find((f) => f.url.includes('actions-history.html'))?.frameId ?? -1;
  }, tabId);
}

/** The embedded app's own view, read over the worker (no user gesture, as `view` above). */
async function frameView(tabId: number): Promise<string | null> {
  const fid = await appFrame(tabId);
  if (fid < 0) return null;
  return env.browser.worker.evaluate(
    async ([id, f]) => {
      const [r] = await chrome.scripting.executeScript({
        target: { tabId: id, frameIds: [f] },
        func: () => document.getElementById('state')?.textContent ?? null,
      });
      return typeof r?.result === 'string' ? r.result : null;
    },
    [tabId, fid] as const,
  );
}

async function openFramed(cross: boolean): Promise<{ page: Page; tabId: number; start: string }> {
  const opened = await env.browser.open(env.server.url('/actions-native.html'));
  const start = env.server.url(
    `/actions-history-frame.html${cross ? `?xo=${encodeURIComponent(env.partner.origin)}` : ''}`,
  );
  await opened.page.goto(start);
  await opened.page.frameLocator('#app').locator('#details').waitFor();
  return { ...opened, start };
}

describe('history entries pushed by a click inside a frame', () => {
  for (const cross of [false, true]) {
    const where = cross ? 'a cross-site frame' : 'a same-site frame';
    it(`Back after click_ax in ${where} returns the frame to its list, and no activation is given`, async () => {
      const { page, tabId, start } = await openFramed(cross);
      const tree = FrameTreeSchema.parse(
        okData(
          await env.browser.tool('iframe_read', { urlFilter: 'actions-history' }, { tabId, mode: 'act', tier: 'full' }),
        ),
      );
      const ref = refOnLine(tree.tree, /"Show order 42"/);
      expect(ref).toMatch(/^f\d+:ref_\d+$/);
      const r = data(await env.browser.tool('click_ax', { ref_id: ref }, { tabId, mode: 'act' }));
      expect(r.success, JSON.stringify(r)).toBe(true);
      expect(JSON.stringify(r.diagnostics ?? [])).not.toContain('user activation');
      await expect.poll(() => frameView(tabId)).toBe('order-42');
      await env.browser.worker.evaluate((id: number) => chrome.tabs.goBack(id), tabId);
      await expect.poll(() => frameView(tabId)).toBe('list');
      // Back stayed on the embedding page: it did not skip past the frame's entry.
      expect(page.url()).toBe(start);
      await page.close();
    });
  }

  it('without any click_ax (an isolated-world click in the cross-site frame) Back is not skipped either', async () => {
    const { page, tabId, start } = await openFramed(true);
    const fid = await appFrame(tabId);
    await env.browser.worker.evaluate(
      async ([id, f]) => {
        await chrome.scripting.executeScript({
          target: { tabId: id, frameIds: [f] },
          func: () => document.getElementById('details')?.click(),
        });
      },
      [tabId, fid] as const,
    );
    await expect.poll(() => frameView(tabId)).toBe('order-42');
    await env.browser.worker.evaluate((id: number) => chrome.tabs.goBack(id), tabId);
    await expect.poll(() => frameView(tabId)).toBe('list');
    expect(page.url()).toBe(start);
    await page.close();
  });
});
