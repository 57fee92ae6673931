// The side panel end to end in Chromium: the built extension, its real worker and agent loop, and a
// fake LLM provider on 127.0.0.1 that speaks the OpenAI chat-completions wire protocol. The panel page
// is opened by URL (`?tabId=`) next to a fixture tab, and driven only through its UI.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../fake-providers/reading';
import { clickThenReport } from '../fake-providers/policies';
import type { FakePolicy } from '../fake-providers/turn';
import { ROOT } from './support/paths';
import { useExtension } from './support/setup';

const SHOTS = path.join(ROOT, 'tests/.out/screenshots');
const API_KEY = 'sk-panel-e2e-SECRET-4f9a2c71';
const SCENARIO = 'panel';

let shop: { page: Page; tabId: number };
let panel: Page;

/** Test connection sends a prompt with no tools: answer it, and run the task policy otherwise. */
function withPing(policy: FakePolicy): FakePolicy {
  return (turn) => (turn.tools.length === 0 ? { text: 'OK' } : policy(turn));
}
function usePolicy(policy: FakePolicy, extra: { holdRequest?: number } = {}) {
  env.fake.scenario(SCENARIO, { apiKey: API_KEY, policy: withPing(policy), ...extra });
}

async function shoot(name: string, widths: readonly number[] = [320, 500]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    for (const width of widths) {
      await panel.setViewportSize({ width, height: 720 });
      await panel.screenshot({ path: path.join(SHOTS, `${name}-${width}-${colorScheme}.png`) });
    }
  }
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 400, height: 720 });
}

async function runTask(task: string) {
  const box = panel.getByLabel('Message', { exact: true });
  await box.fill(task);
  await box.press('Enter');
}

async function shopStatus(): Promise<string> {
  return (await shop.page.locator('#status').textContent()) ?? '';
}

const env = useExtension({ fake: true });

async function openPanel(): Promise<Page> {
  const page = await env.browser.context.newPage();
  await page.setViewportSize({ width: 400, height: 720 });
  await page.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${shop.tabId}`);
  return page;
}

/** The conversation as the panel renders it: one line per message, a tool card by its summary line. */
function renderedConversation(page: Page): Promise<string[]> {
  return page.getByTestId('chat-list').evaluate((list) =>
    [...list.querySelectorAll('[data-testid^="msg-"], [data-testid="tool-card"]')].map((el) => {
      const text = (el.querySelector(':scope > summary') ?? el).textContent ?? '';
      return `${el.getAttribute('data-testid') ?? ''}${el.getAttribute('data-outcome') ?? ''}: ${text.replace(/\s+/g, ' ').trim()}`;
    }),
  );
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  usePolicy(() => answer('Hello.'));
  shop = await env.browser.open(env.server.url('/agent-shop.html'));
  panel = await openPanel();
});
describe('side panel in Chromium', () => {
  it('leads to settings on first run, validates, tests the connection and saves', async () => {
    await panel.getByTestId('first-run').waitFor();
    await expect.poll(() => panel.getByTestId('tab-title').textContent()).toBe('Checkout');
    await shoot('01-first-run');

    await panel.getByLabel('Provider').selectOption('openai-compatible');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => panel.locator('#model-error').textContent()).toMatch(/model id/);
    await expect.poll(() => panel.locator('#baseURL-error').textContent()).toMatch(/server address/);

    await panel.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
    await panel.getByLabel('API key').fill(API_KEY);
    await expect.poll(() => panel.getByLabel('API key').getAttribute('type')).toBe('password');
    await panel.getByLabel(/Base URL/).fill(env.fake.baseURL(SCENARIO, 'openai'));
    // This suite's scripted models act without a plan (plan first: sidepanel-plan.e2e.ts).
    await panel.getByLabel('Plan first (Act and Dev)').selectOption('off');
    // A window that cannot hold the fixed prompt plus one page is flagged as the user types it
    // (shared/context-fit.ts); leaving the field empty (the model table's window) clears the warning.
    const windowField = panel.locator('#settings-contextWindow');
    await windowField.fill('3000');
    await expect
      .poll(async () => (await panel.locator('#contextWindow-warning').allTextContents()).join(''))
      .toMatch(/cannot hold the fixed prompt/);
    await windowField.fill('');
    await expect.poll(() => panel.locator('#contextWindow-warning').count()).toBe(0);
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => panel.getByTestId('test-result').textContent(), { timeout: 15_000 })
      .toMatch(/✓ Connected.*gpt-4o-mini/);
    await shoot('02-settings-tested', [320]);

    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByTestId('chat-list').waitFor();
    // The key reached the provider, so the redaction checks below are not vacuous.
    expect(env.fake.requests.some((r) => r.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);
  });

  it('runs a task in Act mode: streamed text, tool cards, final answer, cost meter', async () => {
    usePolicy(clickThenReport(/show details/i, /Details shown/));
    await panel.getByRole('radio', { name: 'Act' }).check();
    await expect.poll(() => panel.getByTestId('mode-help').textContent()).toMatch(/clicks, types/);
    // Record every text the answer bubble shows, to see it grow delta by delta.
    await panel.evaluate(() => {
      const seen: string[] = [];
      Reflect.set(window, '__answerTexts', seen);
      new MutationObserver(() => {
        const last =
          [...document.querySelectorAll('[data-testid="msg-assistant"] .markdown')].at(-1)?.textContent ?? '';
        if (seen.at(-1) !== last) seen.push(last);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await runTask('Show the order details, then tell me what the page says.');
    await panel.getByTestId('stop').waitFor();

    const answerBubble = panel.getByTestId('msg-assistant').last();
    await expect.poll(() => answerBubble.textContent(), { timeout: 30_000 }).toContain('Done: Details shown');
    await panel.getByTestId('send').waitFor();
    expect(await shopStatus()).toBe('Details shown');

    const cards = panel.getByTestId('tool-card');
    const tools = await cards.evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-tool'), e.getAttribute('data-outcome')]),
    );
    expect(tools).toContainEqual(['get_accessibility_tree', 'ok']);
    expect(tools).toContainEqual(['click_ax', 'ok']);
    const click = panel.locator('[data-testid="tool-card"][data-tool="click_ax"]').first();
    await expect.poll(() => click.textContent()).toMatch(/ref_\d+.*\d+(?:\.\d)? m?s/);
    await click.locator('summary').click();
    await expect.poll(() => click.locator('pre').first().textContent()).toMatch(/"ref_id": "ref_\d+"/);

    const texts: unknown = await panel.evaluate(() => Reflect.get(window, '__answerTexts'));
    const grew = Array.isArray(texts)
      ? texts.filter((t) => typeof t === 'string' && t !== '' && 'Done: Details shown'.startsWith(t.trim()))
      : [];
    expect(grew.length, `answer texts seen: ${JSON.stringify(texts)}`).toBeGreaterThan(1);
    await expect.poll(() => panel.getByTestId('cost-meter').textContent()).toMatch(/Task \S+ in · \S+ out.*est\. \$/);
    await shoot('03-act-task');
  });

  it('Stop halts a running task', async () => {
    usePolicy(clickThenReport(/show details/i, /Details shown/), { holdRequest: 2 });
    await shop.page.reload();
    await runTask('Show the order details again.');
    await env.fake.held(SCENARIO);
    await expect.poll(() => panel.getByTestId('status-line').textContent()).toMatch(/Working in Act mode/);
    await panel.getByTestId('stop').click();
    await expect
      .poll(() => panel.getByTestId('msg-notice').last().textContent(), { timeout: 15_000 })
      .toMatch(/Stopped/);
    await panel.getByTestId('send').waitFor();
    env.fake.release(SCENARIO);
    // The held model turn would have clicked "Show details"; nothing acts on it any more.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await shopStatus()).toBe('Not paid');
  });

  it('asks before Pay, and Deny leaves the page untouched', async () => {
    usePolicy(clickThenReport(/^pay/i, /Payment complete/));
    await runTask('Pay for my order.');
    const prompt = panel.getByTestId('approval');
    await prompt.waitFor({ timeout: 30_000 });
    expect(await prompt.textContent()).toMatch(/Pay \$18\.50/);
    expect(await prompt.textContent()).toContain(new URL(env.server.origin).host);
    await shoot('04-approval');
    await prompt.getByRole('button', { name: 'Deny' }).click();
    await expect
      .poll(() => panel.getByTestId('msg-assistant').last().textContent(), { timeout: 30_000 })
      .toContain('You declined');
    expect(await panel.getByTestId('approval').count()).toBe(0);
    expect(await shopStatus()).toBe('Not paid');
    const notices = await panel.getByTestId('msg-notice').allTextContents();
    expect(notices.some((n) => /^Denied: .*Pay \$18\.50/.test(n))).toBe(true);
  });

  it('shows the same conversation after the panel is closed and reopened', async () => {
    // The chat so far was folded live by the panel; the reopened panel starts from the worker's
    // snapshot. Streamed text, tool cards, the stop and the denial must read the same in both.
    const live = await renderedConversation(panel);
    expect(live).toContainEqual('msg-notice: Stopped.');
    expect(live.some((l) => /^msg-notice: Denied: .*Pay \$18\.50/.test(l))).toBe(true);
    expect(live.filter((l) => l.startsWith('tool-card')).length).toBeGreaterThan(2);
    await panel.close();
    panel = await openPanel();
    await panel.getByTestId('chat-list').waitFor();
    await expect.poll(() => renderedConversation(panel)).toEqual(live);
  });

  it('verbose mode shows the tree the agent read and outlines an element from it', async () => {
    await panel.getByTestId('verbose-toggle').click();
    const viewer = panel.getByTestId('tree-viewer');
    await viewer.waitFor();
    const payLine = viewer.locator('button.tree-line', { hasText: 'Pay $18.50' });
    await payLine.waitFor();
    await panel.getByLabel('Search the tree').fill('pay');
    await expect.poll(() => viewer.locator('.tree-line').count()).toBeLessThan(5);
    const ref = await payLine.getAttribute('data-ref');
    expect(ref).toMatch(/^ref_\d+$/);
    await shoot('05-tree');
    await payLine.click();
    await expect.poll(() => viewer.getByRole('status').textContent()).toContain(`Outlined ${ref}`);

    const geometry = await shop.page.evaluate(() => {
      const host = document.querySelector('[data-weaverbird-highlight]');
      const pay = document.getElementById('pay');
      if (!host || !pay) return null;
      const a = host.getBoundingClientRect();
      const b = pay.getBoundingClientRect();
      return {
        ref: host.getAttribute('data-weaverbird-highlight'),
        dx: Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.width - b.width),
      };
    });
    expect(geometry?.ref).toBe(ref);
    expect(geometry?.dx).toBeLessThan(2);
    await shop.page.bringToFront();
    await shop.page.screenshot({ path: path.join(SHOTS, '06-page-highlight.png') });
    await panel.bringToFront();
    // The outline goes away by itself.
    await expect.poll(() => shop.page.locator('[data-weaverbird-highlight]').count(), { timeout: 5000 }).toBe(0);
  });

  it('deep-verbose shows the debug log and exports valid JSON without the API key', async () => {
    await panel.getByTestId('verbose-toggle').click({ modifiers: ['Shift'] });
    const log = panel.getByTestId('debug-log');
    await log.waitFor();
    await expect.poll(() => log.getByTestId('log-entry').count()).toBeGreaterThan(3);
    await shoot('07-debug-log', [320]);
    const [download] = await Promise.all([panel.waitForEvent('download'), log.getByTestId('export-log').click()]);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    const data: unknown = JSON.parse(text);
    expect(data).toMatchObject({ format: 'weaverbird-debug-log', version: 1 });
    const entries =
      typeof data === 'object' && data !== null && 'entries' in data && Array.isArray(data.entries) ? data.entries : [];
    expect(entries.length).toBeGreaterThan(3);
    expect(text).toContain('gpt-4o-mini');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(API_KEY.slice(-12));
  });

  it('keeps drafts, mode and verbose state across a panel close', async () => {
    await panel.getByTestId('verbose-toggle').click({ modifiers: ['Shift'] }); // deep off, tree pane stays
    await panel.getByRole('tab', { name: 'Chat' }).click();
    await panel.getByLabel('Message', { exact: true }).fill('half-typed thought');
    await new Promise((r) => setTimeout(r, 400)); // drafts are saved after a short pause
    await panel.close();
    panel = await env.browser.context.newPage();
    await panel.setViewportSize({ width: 400, height: 720 });
    await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${shop.tabId}`);
    await expect.poll(() => panel.getByLabel('Message', { exact: true }).inputValue()).toBe('half-typed thought');
    expect(await panel.getByRole('radio', { name: 'Act' }).isChecked()).toBe(true);
    expect(await panel.getByTestId('verbose-toggle').getAttribute('aria-pressed')).toBe('true');
    // The conversation comes back from the worker's snapshot.
    await expect.poll(() => panel.getByTestId('msg-assistant').count()).toBeGreaterThan(1);
    expect(await panel.getByTestId('tool-card').count()).toBeGreaterThan(2);
  });
});
