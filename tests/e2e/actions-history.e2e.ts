/**
 * History entries and user activation (issue 25): a single-page app's click pushes a history entry.
 * Chrome's history manipulation intervention (https://crbug.com/907167) makes Back skip the entry a
 * page left when it pushed without user activation, and a synthetic click carries none. click_ax gives
 * the page activation after such a push (background/cdp/activation.ts), so the browser's own Back
 * (chrome.tabs.goBack, the toolbar button) returns to the list, as the app's own view (#state) says.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { data, refFor } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

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
