// The real side panel's plan card, question card and Take over / Resume buttons, clicked by a person's
// route (roles, labels, buttons) against a scripted fake model and real pages.
import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { askNamePolicy, buttonsPolicy, planPolicy } from '../fake-providers/handover-policies';
import { configure, FAKE_KEY, fakeSettings } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true, partner: true });

function html(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><meta charset="utf-8">${body}`);
}

beforeAll(() => {
  env.server.route('/panel-shop.html', (_req, res) =>
    html(
      res,
      `<title>Mug shop</title><p id="status">Cart is empty</p>
       <button onclick="document.getElementById('status').textContent='Cart: 1 mug'">Add mug</button>`,
    ),
  );
  env.partner.route('/panel-compare.html', (_req, res) =>
    html(res, '<title>Compare</title><p>Partner price: $17.00</p>'),
  );
  env.server.route('/panel-order.html', (_req, res) =>
    html(res, '<title>Order</title><label>Name <input id="name"></label>'),
  );
  env.server.route('/panel-buttons.html', (_req, res) =>
    html(
      res,
      `<title>Steps</title><p id="log">Log:</p>${['One', 'Two', 'Three']
        .map((n) => `<button onclick="document.getElementById('log').textContent += ' ${n}'">${n}</button>`)
        .join('')}`,
    ),
  );
});

/** Opens the real panel for a tab, picks Act and sends the task from the composer. */
async function sendFromPanel(tabId: number, task: string): Promise<Page> {
  const panel = await env.browser.context.newPage();
  await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
  await panel.getByRole('radio', { name: 'Act' }).check();
  const box = panel.getByLabel('Message', { exact: true });
  await box.fill(task);
  await box.press('Enter');
  return panel;
}

describe('side panel: plan, question and take over cards', () => {
  it('shows the plan plainly; Edit adds a site, Approve sends the edit, and the task uses it', async () => {
    const scenario = 'panel-plan';
    const compare = env.partner.url('/panel-compare.html');
    env.fake.scenario(scenario, {
      apiKey: FAKE_KEY,
      policy: planPolicy({ sites: [env.server.origin], visits: [compare] }),
    });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), { planFirst: true }));
    const { page, tabId } = await env.browser.open(env.server.url('/panel-shop.html'));
    const panel = await sendFromPanel(tabId, 'Add a mug, then compare prices.');

    const card = panel.getByTestId('plan-card');
    await card.waitFor({ timeout: 45_000 });
    expect(await card.getByRole('heading').textContent()).toBe('Approve this plan?');
    expect(await card.locator('ol li').allTextContents()).toEqual([
      'Add one mug to the cart',
      'Compare the price on the partner site',
    ]);
    expect(await card.textContent()).toContain(env.server.origin);
    expect(await card.textContent()).toContain('Adds one mug to the cart.');
    // Nothing changed while the card waits.
    expect(await page.locator('#status').textContent()).toBe('Cart is empty');

    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByTestId('plan-sites').fill(`${env.server.origin}\n${env.partner.origin}`);
    await card.getByRole('button', { name: 'Approve edited plan' }).click();
    await card.waitFor({ state: 'detached', timeout: 45_000 });

    const bubble = panel.getByTestId('msg-assistant').last();
    await expect.poll(() => bubble.textContent(), { timeout: 60_000 }).toContain('Partner price: $17.00');
    expect(page.url()).toBe(compare);
    // The partner site was in the edited plan: no approval prompt was needed for it.
    expect(await panel.getByTestId('approval').count()).toBe(0);
    expect(await panel.textContent('body')).toContain('Plan approved as you edited it.');
    await panel.close();
    await page.close();
  }, 150_000);

  it('Cancel task on the plan card ends the task with the page untouched', async () => {
    const scenario = 'panel-plan-cancel';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: planPolicy({ sites: [env.server.origin], visits: [] }) });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), { planFirst: true }));
    const { page, tabId } = await env.browser.open(env.server.url('/panel-shop.html'));
    const panel = await sendFromPanel(tabId, 'Add a mug.');
    const card = panel.getByTestId('plan-card');
    await card.waitFor({ timeout: 45_000 });
    await card.getByRole('button', { name: 'Cancel task' }).click();
    await expect
      .poll(() => panel.textContent('body'), { timeout: 30_000 })
      .toContain('Plan cancelled: nothing on the page was changed.');
    expect(await panel.getByTestId('plan-card').count()).toBe(0);
    expect(await page.locator('#status').textContent()).toBe('Cart is empty');
    await panel.close();
    await page.close();
  }, 150_000);

  it('the question card takes a typed answer and the task uses it', async () => {
    const scenario = 'panel-question';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: askNamePolicy });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/panel-order.html'));
    const panel = await sendFromPanel(tabId, 'Fill in the order name.');
    const card = panel.getByTestId('question-card');
    await card.waitFor({ timeout: 45_000 });
    expect(await card.locator('.question-text').textContent()).toBe('What name should go on the order?');
    await card.getByLabel('Your answer').fill('Ada Lovelace');
    await card.getByRole('button', { name: 'Answer' }).click();
    await card.waitFor({ state: 'detached', timeout: 45_000 });
    await expect.poll(() => page.locator('#name').inputValue(), { timeout: 45_000 }).toBe('Ada Lovelace');
    const bubble = panel.getByTestId('msg-assistant').last();
    await expect.poll(() => bubble.textContent(), { timeout: 45_000 }).toContain('I put "Ada Lovelace" on the order.');
    // The answer shows in the chat as the user's own message.
    const users = await panel.getByTestId('msg-user').allTextContents();
    expect(users.at(-1)).toMatch(/Ada Lovelace$/);
    await panel.close();
    await page.close();
  }, 150_000);

  it('Take over pauses before the next step and Resume finishes the task', async () => {
    const scenario = 'panel-take-over';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: buttonsPolicy(['One', 'Two', 'Three']), holdRequest: 3 });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/panel-buttons.html'));
    const panel = await sendFromPanel(tabId, 'Press One, Two and Three.');
    await env.fake.held(scenario);
    await panel.getByRole('button', { name: 'Take over' }).click();
    await panel.getByText('Pausing after the current step…').waitFor();
    env.fake.release(scenario);
    const resume = panel.getByRole('button', { name: 'Resume' });
    await panel.getByText('Paused: the page is yours. Press Resume when done.').waitFor({ timeout: 30_000 });
    expect(await page.locator('#log').textContent()).toBe('Log: One');
    await resume.click();
    const bubble = panel.getByTestId('msg-assistant').last();
    await expect.poll(() => bubble.textContent(), { timeout: 60_000 }).toContain('Log: One Two Three');
    // The bar goes with the task's end, which arrives just after the answer's last text delta.
    await expect.poll(() => panel.getByTestId('handover-bar').count()).toBe(0);
    await panel.close();
    await page.close();
  }, 150_000);
});
