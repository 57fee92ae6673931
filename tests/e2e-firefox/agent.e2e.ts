/**
 * One agent task end to end in the Firefox build: the panel page driven through its UI (settings,
 * Act mode, the composer), the background's real agent loop against a fake OpenAI-compatible provider
 * on 127.0.0.1, the tools acting on a fixture shop in another tab, and the approval gate before a
 * payment. The panel is the sidebar's page opened in a tab (support/firefox.ts says why).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickThenReport } from '../fake-providers/policies';
import { startFakeProviders, type FakeProviders } from '../fake-providers/server';
import type { FakePolicy } from '../fake-providers/turn';
import { startFixtureServer, type FixtureServer } from '../e2e/support/server';
import { firefoxAvailable, launchFirefox, type FirefoxExtension } from './support/firefox';

const API_KEY = 'sk-firefox-e2e-SECRET-7c21';
const SCENARIO = 'firefox-panel';

const run = firefoxAvailable();
let ff: FirefoxExtension | undefined;
let server: FixtureServer | undefined;
let fake: FakeProviders | undefined;
let shop: { page: Page; tabId: number } | undefined;
let panel: Page | undefined;

function ready<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`${what} is not started`);
  return v;
}

/** Test connection sends a prompt with no tools: answer it, and run the task policy otherwise. */
function usePolicy(policy: FakePolicy): void {
  ready(fake, 'fake providers').scenario(SCENARIO, {
    apiKey: API_KEY,
    policy: (turn) => (turn.tools.length === 0 ? { text: 'OK' } : policy(turn)),
  });
}

async function clickButton(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (n: string) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === n),
    { timeout: 15_000 },
    name,
  );
  await page.evaluate((n: string) => {
    [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === n)?.click();
  }, name);
}

const text = (page: Page, selector: string): Promise<string> =>
  page.evaluate((s: string) => [...document.querySelectorAll(s)].at(-1)?.textContent ?? '', selector);

async function runTask(page: Page, task: string): Promise<void> {
  await page.waitForSelector('#prompt:not([disabled])');
  await page.type('#prompt', task);
  await page.keyboard.press('Enter');
}

beforeAll(async () => {
  if (!run) return;
  [server, fake] = await Promise.all([startFixtureServer(), startFakeProviders()]);
  ff = await launchFirefox();
  shop = await ff.open(server.url('/agent-shop.html'));
  panel = await ff.openPanelPage(`?tabId=${shop.tabId}`);
});
afterAll(async () => {
  await ff?.close();
  await Promise.all([server?.close(), fake?.close()]);
});

describe.skipIf(!run)('the agent in the Firefox panel', () => {
  it('sets up a provider on first run, runs an Act task, and asks before Pay (denied: nothing paid)', async () => {
    const p = ready(panel, 'the panel');
    const s = ready(shop, 'the shop tab');
    const f = ready(fake, 'fake providers');
    usePolicy(clickThenReport(/show details/i, /Details shown/));
    // Firefox granted the add-on its website access, so the request banner stays away.
    expect(await p.$('[data-testid="host-access"]')).toBeNull();

    await p.waitForSelector('[data-testid="first-run"]');
    await p.select('#settings-provider', 'openai-compatible');
    await p.type('#settings-model', 'gpt-4o-mini');
    await p.type('#settings-apiKey', API_KEY);
    await p.type('#settings-baseURL', f.baseURL(SCENARIO, 'openai'));
    // This scripted model never proposes a plan (plan first is tested in Chromium: agent-plan.e2e.ts).
    await p.select('#settings-planFirst', 'off');
    await clickButton(p, 'Save');
    await p.waitForSelector('[data-testid="chat-list"]', { timeout: 15_000 });

    await p.click('input[name="mode"][value="act"]');
    await runTask(p, 'Show the order details, then tell me what the page says.');
    await expect
      .poll(() => text(p, '[data-testid="msg-assistant"]'), { timeout: 45_000 })
      .toContain('Done: Details shown');
    expect(await s.page.$eval('#status', (e) => e.textContent)).toBe('Details shown');
    const cards = await p.$$eval('[data-testid="tool-card"]', (els) =>
      els.map((e) => `${e.getAttribute('data-tool') ?? ''}:${e.getAttribute('data-outcome') ?? ''}`),
    );
    expect(cards).toContain('get_accessibility_tree:ok');
    expect(cards).toContain('click_ax:ok');
    expect(f.requests.some((r) => r.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
    // The system prompt told the model which browser it is in and what it lacks there.
    const system = f.requests.filter((r) => r.scenario === SCENARIO && r.status === 200).at(-1)?.turn.system ?? '';
    expect(system).toContain("user's own Firefox tab");
    expect(system).toContain('no trusted fallback in Firefox');

    usePolicy(clickThenReport(/^pay/i, /Payment complete/));
    await p.waitForSelector('[data-testid="send"]');
    await runTask(p, 'Pay for my order.');
    await p.waitForSelector('[data-testid="approval"]', { timeout: 45_000 });
    expect(await text(p, '[data-testid="approval"]')).toMatch(/Pay \$18\.50/);
    await clickButton(p, 'Deny');
    await expect.poll(() => text(p, '[data-testid="msg-assistant"]'), { timeout: 45_000 }).toContain('You declined');
    // The status the first task left is untouched: the denied click never reached the page.
    expect(await s.page.$eval('#status', (e) => e.textContent)).toBe('Details shown');
  });
});
