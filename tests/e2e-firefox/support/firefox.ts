/**
 * Real Firefox (Debian's firefox-esr) with the Firefox build (dist-firefox/) installed as a temporary
 * add-on, driven over WebDriver BiDi by puppeteer-core (`browser: 'firefox'`; the add-on goes in through
 * BiDi's `webExtension.install`, which `browser.installExtension` sends).
 *
 * How a test reaches the extension: Firefox lets no WebDriver client into the background page, so
 * the harness opens the panel page (moz-extension://<uuid>/sidepanel/index.html) in a tab and calls the
 * background's `wb` console API through `runtime.getBackgroundPage()` (Firefox MV3's background is an
 * event page, not a worker, so that call exists). BiDi refuses to navigate to moz-extension:// URLs
 * unless Firefox runs with `--remote-allow-system-access`; the UUID is pinned with the
 * `extensions.webextensions.uuids` pref so the URL is known before install.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { parseResult } from '../../../shared/protocol/result-schema';
import type { Result } from '../../../shared/result';
import { ROOT } from '../../e2e/support/paths';

const FIREFOX = process.env.WB_FIREFOX ?? '/usr/bin/firefox-esr';
const DIST_FIREFOX = path.join(ROOT, 'dist-firefox');
const GECKO_ID = 'weaverbird@weaverbird.dev';
const UUID = '7d3c2b1a-0f9e-4d8c-b7a6-5e4f3d2c1b0a';
const EXTENSION_ORIGIN = `moz-extension://${UUID}`;

/** True when the Firefox suite can run here; under CI a missing Firefox is a failure, not a skip. */
export function firefoxAvailable(): boolean {
  if (existsSync(FIREFOX)) return true;
  if (process.env.CI === 'true') {
    throw new Error(
      `Firefox not found at ${FIREFOX}; CI requires it (.ci/run installs Debian's firefox-esr). Set WB_FIREFOX to use another binary.`,
    );
  }
  console.warn(
    `Firefox e2e skipped: ${FIREFOX} not found. Install Debian's package (sudo apt-get install -y firefox-esr) or set WB_FIREFOX.`,
  );
  return false;
}

export interface FirefoxExtension {
  browser: Browser;
  /** A tab on the panel page: the extension context the harness calls the background through. */
  panel: Page;
  open(url: string): Promise<{ page: Page; tabId: number }>;
  tabIdOf(url: string): Promise<number>;
  tool(name: string, args: unknown, options: Record<string, unknown>): Promise<Result<unknown>>;
  /** Calls `wb.<method>(...args)` (a dotted path: `workflows.run`) in the background page; the value comes back as JSON. */
  wb(method: string, ...args: unknown[]): Promise<unknown>;
  openPanelPage(query?: string): Promise<Page>;
  close(): Promise<void>;
}

async function gotoExtensionPage(page: Page, url: string): Promise<void> {
  // BiDi reports no load for a navigation that switches to the extension process; wait for the page instead.
  await page.goto(url, { timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.readyState === 'complete' && location.protocol === 'moz-extension:', {
    timeout: 30_000,
  });
}

/**
 * `prefs`: extra Firefox preferences for one file's browser (e.g. permission prompts off); `env`: extra
 * environment (a temporary HOME, where Firefox looks for native-messaging host manifests).
 */
export async function launchFirefox(
  prefs: Record<string, unknown> = {},
  env: Record<string, string> = {},
): Promise<FirefoxExtension> {
  const browser = await puppeteer.launch({
    env: { ...process.env, ...env },
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['--remote-allow-system-access'],
    defaultViewport: { width: 1280, height: 900 },
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }), ...prefs },
  });
  const id = await browser.installExtension(DIST_FIREFOX);
  if (id !== GECKO_ID) throw new Error(`installed add-on id ${id}, expected ${GECKO_ID}`);
  const api: FirefoxExtension = {
    browser,
    panel: await browser.newPage(),
    async openPanelPage(query = '') {
      // A window of its own, as the sidebar stands beside the page: opened as a tab, it would hide the
      // page's tab, and Firefox throttles a hidden tab's timers (a click's observation then takes ~20 s).
      const page = await browser.newPage({ type: 'window' });
      await gotoExtensionPage(page, `${EXTENSION_ORIGIN}/sidepanel/index.html${query}`);
      return page;
    },
    async open(url) {
      const page = await browser.newPage();
      await page.goto(url, { waitUntil: 'load' });
      return { page, tabId: await api.tabIdOf(page.url()) };
    },
    async tabIdOf(url) {
      const id = await api.panel.evaluate(async (u: string) => {
        const tabs = await chrome.tabs.query({});
        return tabs.filter((t) => t.url === u).at(-1)?.id ?? -1;
      }, url);
      if (id < 0) throw new Error(`no tab found for ${url}`);
      return id;
    },
    async wb(method, ...args) {
      const json = await api.panel.evaluate(
        async (m: string, a: string) => {
          const bg = await chrome.runtime.getBackgroundPage();
          // A dotted path ("workflows.run") is called on the object that holds it.
          let owner: unknown = bg ? Reflect.get(bg, 'wb') : undefined;
          let fn: unknown = owner;
          for (const [i, key] of m.split('.').entries()) {
            if (i > 0) owner = fn;
            fn = typeof fn === 'object' && fn !== null ? Reflect.get(fn, key) : undefined;
          }
          const list: unknown = JSON.parse(a);
          if (typeof fn !== 'function' || !Array.isArray(list))
            throw new Error(`wb.${m} is not a function in the background page`);
          const value: unknown = await Reflect.apply(fn, owner, list);
          return JSON.stringify(value ?? null);
        },
        method,
        JSON.stringify(args),
      );
      const value: unknown = JSON.parse(json);
      return value;
    },
    async tool(name, args, options) {
      return parseResult(await api.wb('tool', name, args, options));
    },
    async close() {
      await browser.close();
    },
  };
  await gotoExtensionPage(api.panel, `${EXTENSION_ORIGIN}/sidepanel/index.html`);
  return api;
}
