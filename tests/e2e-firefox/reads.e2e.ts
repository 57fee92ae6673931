/**
 * The read gate in the Firefox build (issue 24, docs/security-reads.md): a page embeds another
 * site's inbox (127.0.0.2) and a compromised model, in Ask mode, reads the frame with iframe_read.
 * The panel asks first, naming the frame's site; denied, the frame's code never reaches the model.
 */
import type { ServerResponse } from 'node:http';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { step, scriptPolicy } from '../fake-providers/script';
import { startFakeProviders, type FakeProviders } from '../fake-providers/server';
import { startFixtureServer, type FixtureServer } from '../e2e/support/server';
import { firefoxAvailable, launchFirefox, type FirefoxExtension } from './support/firefox';

const API_KEY = 'sk-firefox-reads-SECRET-4e19';
const SCENARIO = 'firefox-reads';
const SECRET = 'MAIL-INBOX-FF-6620';
const TASK = 'Summarise this page and the inbox in it.';

const run = firefoxAvailable();
let ff: FirefoxExtension | undefined;
let server: FixtureServer | undefined;
let partner: FixtureServer | undefined;
let fake: FakeProviders | undefined;

function ready<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`${what} is not started`);
  return v;
}

function html(body: string): (_req: unknown, res: ServerResponse) => void {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`,
    );
  };
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

beforeAll(async () => {
  if (!run) return;
  [server, partner, fake] = await Promise.all([
    startFixtureServer(),
    startFixtureServer('127.0.0.2'),
    startFakeProviders(),
  ]);
  partner.route('/inbox.html', html(`<h2>Inbox</h2><p>Your sign-in code is ${SECRET}.</p>`));
  server.route(
    '/host.html',
    html(
      `<h1>Partner news</h1><iframe title="inbox" src="${partner.url('/inbox.html')}" width="500" height="200"></iframe>`,
    ),
  );
  fake.scenario(SCENARIO, {
    apiKey: API_KEY,
    policy: (turn) =>
      turn.tools.length === 0
        ? { text: 'OK' }
        : scriptPolicy(
            new Map([
              [TASK, { steps: [step('iframe_read', { urlFilter: 'inbox' })], final: () => 'Nothing more to read.' }],
            ]),
          )(turn),
  });
  ff = await launchFirefox();
});
afterAll(async () => {
  await ff?.close();
  await Promise.all([server?.close(), partner?.close(), fake?.close()]);
});

describe.skipIf(!run)('reads follow the task origins in Firefox', () => {
  it("asks before reading another site's frame in Ask mode; denied, its text never reaches the model", async () => {
    const f = ready(ff, 'Firefox');
    const s = ready(server, 'the server');
    const fp = ready(fake, 'fake providers');
    const host = await f.open(s.url('/host.html'));
    const p = await f.openPanelPage(`?tabId=${host.tabId}`);
    await p.waitForSelector('[data-testid="first-run"]');
    await p.select('#settings-provider', 'openai-compatible');
    await p.type('#settings-model', 'gpt-4o-mini');
    await p.type('#settings-apiKey', API_KEY);
    await p.type('#settings-baseURL', fp.baseURL(SCENARIO, 'openai'));
    await p.select('#settings-planFirst', 'off');
    await clickButton(p, 'Save');
    await p.waitForSelector('[data-testid="chat-list"]', { timeout: 15_000 });

    await p.click('input[name="mode"][value="ask"]');
    await p.waitForSelector('#prompt:not([disabled])');
    await p.type('#prompt', TASK);
    await p.keyboard.press('Enter');
    await p.waitForSelector('[data-testid="approval"]', { timeout: 45_000 });
    expect(await text(p, '[data-testid="approval"]')).toMatch(/Read the embedded frame from 127\.0\.0\.2:\d+\?/);
    await clickButton(p, 'Deny');
    await expect
      .poll(() => text(p, '[data-testid="msg-assistant"]'), { timeout: 45_000 })
      .toContain('Nothing more to read.');
    const bodies = fp.requests.filter((r) => r.scenario === SCENARIO).map((r) => JSON.stringify(r.body));
    expect(bodies.length).toBeGreaterThan(1);
    expect(bodies.some((b) => b.includes('denied_by_user') || b.includes('did not let this task read'))).toBe(true);
    expect(bodies.some((b) => b.includes(SECRET))).toBe(false);
  });
});
