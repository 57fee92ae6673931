import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import type { Result } from '../../../shared/result';
import { CHROMIUM, CHROMIUM_ARGS, DIST } from './paths';

export interface ExtensionBrowser {
  context: BrowserContext;
  /** The extension's service worker, where `globalThis.wb` lives. */
  worker: Worker;
  extensionId: string;
  /** The Chromium profile directory (`--user-data-dir`). */
  profile: string;
  /** Opens a page and waits until the always-on core runs in its top frame (the rest is injected on first use). */
  open(url: string): Promise<{ page: Page; tabId: number }>;
  tabIdOf(page: Page): Promise<number>;
  /** `wb.tool(name, args, {tabId, mode})` in the worker: the model's dispatch path, before the agent loop's budget and fence. */
  tool(name: string, args: unknown, options: { tabId: number; mode?: string; tier?: string }): Promise<Result<unknown>>;
  /** Re-reads the worker after Chrome stopped and restarted it. */
  refreshWorker(): Promise<Worker>;
  close(): Promise<void>;
}

/**
 * Launches Debian's Chromium headless with the built extension (dist/, or `extensionDir`) in a fresh
 * profile, or in `profileDir` to prove what survives a browser restart (then the caller removes it).
 */
/**
 * An `args` entry (not a Chromium switch) that keeps Chromium's popup blocker on, as in a person's
 * browser: Playwright turns it off by default (`--disable-popup-blocking`), so a popup a synthetic
 * click opens would pass there and nowhere else (tests/e2e/actions-gestures.e2e.ts).
 */
export const POPUP_BLOCKING = '--wb-popup-blocking';

export async function launchWithExtension(
  extraArgs: string[] = [],
  extensionDir = DIST,
  profileDir?: string,
  deviceScaleFactor?: number,
): Promise<ExtensionBrowser> {
  const profile = profileDir ?? mkdtempSync(path.join(os.tmpdir(), 'wb-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...extraArgs.filter((a) => a !== POPUP_BLOCKING),
    ],
    ...(extraArgs.includes(POPUP_BLOCKING) ? { ignoreDefaultArgs: ['--disable-popup-blocking'] } : {}),
    viewport: { width: 1280, height: 900 },
    ...(deviceScaleFactor !== undefined ? { deviceScaleFactor } : {}),
  });
  let worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const extensionId = new URL(worker.url()).host;

  const api: ExtensionBrowser = {
    context,
    get worker() {
      return worker;
    },
    extensionId,
    profile,
    async open(url) {
      const page = await context.newPage();
      await page.goto(url);
      const tabId = await api.tabIdOf(page);
      await waitForContentScripts(api, tabId);
      return { page, tabId };
    },
    async tabIdOf(page) {
      const url = page.url();
      const id = await worker.evaluate(async (u: string) => {
        const tabs = await chrome.tabs.query({});
        return tabs.filter((t) => t.url === u).at(-1)?.id ?? -1;
      }, url);
      if (id < 0) throw new Error(`no tab found for ${url}`);
      return id;
    },
    tool(name, args, options) {
      return worker.evaluate(([n, a, o]) => globalThis.wb.tool(n, a, o), [name, args, options] as const);
    },
    async refreshWorker() {
      worker =
        context.serviceWorkers().find((w) => w.url().includes(extensionId)) ??
        (await context.waitForEvent('serviceworker'));
      return worker;
    },
    async close() {
      await context.close();
      if (profileDir === undefined) rmSync(profile, { recursive: true, force: true });
    },
  };
  return api;
}

async function waitForContentScripts(browser: ExtensionBrowser, tabId: number): Promise<void> {
  // Every frame carries only the always-on core (content-scripts/core.ts, the page's MAIN world)
  // until a tool first talks to it; wait for the core in the top frame. The bridge injects the rest
  // on first use.
  const deadline = performance.now() + 10_000;
  for (;;) {
    const ok = await browser.worker.evaluate(async (id: number) => {
      try {
        const [r] = await chrome.scripting.executeScript({
          target: { tabId: id, frameIds: [0] },
          world: 'MAIN',
          // The core answers its query event synchronously (content-scripts/frames/edit-log-events.ts).
          func: () => {
            let answered = false;
            const on = (): void => {
              answered = true;
            };
            window.addEventListener('weaverbird-edit-log-done', on, true);
            document.dispatchEvent(new CustomEvent('weaverbird-edit-log-query'));
            window.removeEventListener('weaverbird-edit-log-done', on, true);
            return answered;
          },
        });
        return r?.result === true;
      } catch {
        return false;
      }
    }, tabId);
    if (ok) return;
    if (performance.now() > deadline) throw new Error(`the always-on page script never loaded in tab ${tabId}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
