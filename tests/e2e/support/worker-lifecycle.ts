/**
 * Stopping and restarting the extension's service worker for real, the way Chrome does when it
 * idles one (MV3 stops workers after ~30 s without events).
 *
 * What works in this Chromium: chrome://serviceworker-internals' Stop button for the extension's
 * registration (CDP's ServiceWorker.stopAllWorkers does not reach extension workers, and hangs the
 * handle). Playwright keeps one Worker handle for the registration across the stop; calls through it
 * do not start a stopped worker (they wait), so the worker is woken by an extension event: a runtime
 * message from an extension page. A marker set on the old instance proves a fresh one answers.
 */
import { expect } from 'vitest';
import type { ExtensionBrowser } from './browser';

const MARKER = '__wb_before_stop';

/** Stops the extension's worker and waits until chrome://serviceworker-internals reports it STOPPED. */
export async function stopWorker(browser: ExtensionBrowser): Promise<void> {
  await browser.worker.evaluate((m) => Reflect.set(globalThis, m, true), MARKER);
  const internals = await browser.context.newPage();
  try {
    await internals.goto('chrome://serviceworker-internals/');
    const registration = internals.locator('.serviceworker-registration', { hasText: browser.extensionId });
    await registration.locator('cr-button[data-command="stop"]').first().click();
    await expect
      .poll(() => registration.first().locator('.serviceworker-running-status .value').textContent(), {
        timeout: 10_000,
      })
      .toContain('STOPPED');
  } finally {
    await internals.close();
  }
}

/** Wakes the worker with a runtime message from an extension page; checks that a new instance with `wb` answers. */
export async function wakeWorker(browser: ExtensionBrowser): Promise<void> {
  const page = await browser.context.newPage();
  try {
    await page.goto(`chrome-extension://${browser.extensionId}/sidepanel/index.html`);
    await page.evaluate(() => chrome.runtime.sendMessage({ type: 'get_settings' }));
  } finally {
    await page.close();
  }
  const worker = await browser.refreshWorker();
  const state = await worker.evaluate((m) => [Reflect.get(globalThis, m) === true, typeof globalThis.wb], MARKER);
  expect(state, 'a fresh worker instance with the wb console API').toEqual([false, 'object']);
}
