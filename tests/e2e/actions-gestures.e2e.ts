/**
 * User activation (issue 25): a handler that opens a popup or asks for fullscreen needs a user
 * gesture, which a synthetic click does not give (HTML §6.4.3). click_ax hears the refused call
 * (content-scripts/core.ts) and sends its one trusted click; the app's own counters judge what the
 * browser allowed, and a button that needs no gesture is clicked exactly once.
 */
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { POPUP_BLOCKING } from './support/browser';
import { useExtension } from './support/setup';

// Chromium's popup blocker on, as in a person's browser (Playwright turns it off by default).
const env = useExtension({ args: [POPUP_BLOCKING] });

interface Gestures {
  popups: number;
  blocked: number;
  fullscreen: number;
  fullscreenErrors: number;
  counted: number;
}

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

describe('clicks that need user activation', () => {
  it('a popup the synthetic click could not open is opened by one trusted click', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-gestures.html'));
    const pagesBefore = env.browser.context.pages().length;
    const r = data(
      await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Open printable view"/) }, tabId),
    );
    expect(r.method).toBe('cdp');
    expect(JSON.stringify(r.diagnostics ?? [])).toContain('window.open');
    const s = await appState<Gestures>(page);
    // The synthetic click's window.open was refused once, the trusted click's opened the popup.
    expect(s).toMatchObject({ blocked: 1, popups: 1 });
    await expect.poll(() => env.browser.context.pages().length).toBe(pagesBefore + 1);
    for (const p of env.browser.context.pages()) if (p.url().includes('printable')) await p.close();
    await page.close();
  });

  it('fullscreen is granted to the trusted click', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-gestures.html'));
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Full screen"/) }, tabId));
    expect(r.method).toBe('cdp');
    await expect.poll(async () => (await appState<Gestures>(page)).fullscreen).toBe(1);
    expect((await appState<Gestures>(page)).fullscreenErrors).toBe(1);
    await page.close();
  });

  it('a button that needs no gesture is clicked once, with no trusted retry', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-gestures.html'));
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Count"/) }, tabId));
    expect(r.method).toBe('synthetic');
    await new Promise((res) => setTimeout(res, 300));
    expect((await appState<Gestures>(page)).counted).toBe(1);
    await page.close();
  });
});
