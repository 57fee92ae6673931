// The side panel opened without `?tabId` follows the active tab (sidepanel/panel-client.ts
// resolveTargetTabId: the active tab of the last focused window) and shows that tab's conversation.
// A real side panel is not a tab; a panel page opened as a tab in the fixtures' window would be the
// active tab itself. So the panel page is opened the way Chrome keeps it apart: in its own popup
// window (`chrome.windows.create`, not focused), while the fixture tabs share the normal window.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, taskOf } from '../fake-providers/reading';
import { configure, conversation, FAKE_KEY, fakeSettings, run } from './agent-helpers';
import { useExtension } from './support/setup';

let shop: { page: Page; tabId: number };
let todo: { page: Page; tabId: number };

const SHOP_TASK = 'Question asked in the checkout tab.';
const TODO_TASK = 'Question asked in the todo tab.';

const env = useExtension({ fake: true });

beforeAll(async () => {
  // A model that answers every task by quoting it, so each tab's chat is recognisable.
  env.fake.scenario('tabs', { apiKey: FAKE_KEY, policy: (turn) => answer(`Answer to: ${taskOf(turn)}`) });
  await configure(env.browser, fakeSettings('openai', env.fake.baseURL('tabs', 'openai')));
  shop = await env.browser.open(env.server.url('/agent-shop.html'));
  todo = await env.browser.open(env.server.url('/agent-todo.html'));
  for (const [tab, task] of [
    [shop, SHOP_TASK],
    [todo, TODO_TASK],
  ] as const) {
    expect(await run(env.browser, { tabId: tab.tabId, task, mode: 'ask' })).toMatchObject({ status: 'done' });
  }
});
/** Opens the panel page in a new unfocused popup window, as Chrome would host it apart from the tabs. */
async function openPanelWindow(search: string): Promise<Page> {
  const url = `chrome-extension://${env.browser.extensionId}/sidepanel/index.html${search}`;
  const [page] = await Promise.all([
    env.browser.context.waitForEvent('page', (p) => p.url() === url),
    env.browser.worker.evaluate(
      (u) =>
        chrome.windows.create({ url: u, type: 'popup', focused: false, width: 400, height: 720 }).then(() => undefined),
      url,
    ),
  ]);
  await page.waitForLoadState();
  return page;
}

/** Makes a tab the active one of its window, as a user clicking its tab strip would. */
async function activate(tabId: number): Promise<void> {
  await env.browser.worker.evaluate((id) => chrome.tabs.update(id, { active: true }).then(() => undefined), tabId);
}

async function texts(panel: Page, testId: string): Promise<string[]> {
  return (await panel.getByTestId(testId).allTextContents()).map((t) => t.trim());
}

/** The tab the panel names, and the chat it shows (user and assistant bubbles, hidden speaker labels included). */
async function shown(panel: Page): Promise<{ title: string | null; user: string[]; assistant: string[] }> {
  return {
    title: await panel.getByTestId('tab-title').textContent(),
    user: await texts(panel, 'msg-user'),
    assistant: await texts(panel, 'msg-assistant'),
  };
}

describe('side panel without ?tabId', () => {
  it("follows the active tab and shows that tab's conversation", async () => {
    // The panel's own window is not the last focused one, so the active tab there is not itself.
    const focus = await env.browser.worker.evaluate(async () => (await chrome.windows.getLastFocused()).type);
    expect(focus).toBe('normal');
    await activate(shop.tabId);
    const panel = await openPanelWindow('');
    const fixed = await openPanelWindow(`?tabId=${shop.tabId}`);

    const expectShop = (p: Page) =>
      expect
        .poll(() => shown(p))
        .toEqual({
          title: 'Checkout',
          user: [`You: ${SHOP_TASK}`],
          assistant: [`Weaverbird: Answer to: ${SHOP_TASK}`],
        });
    await expectShop(panel);
    await expectShop(fixed);

    await activate(todo.tabId);
    await expect
      .poll(() => shown(panel))
      .toEqual({ title: 'Todos', user: [`You: ${TODO_TASK}`], assistant: [`Weaverbird: Answer to: ${TODO_TASK}`] });
    // A panel opened for a given tab stays on it.
    await expectShop(fixed);

    // What is typed goes to the tab the panel follows, and only that tab's events show.
    const box = panel.getByLabel('Message', { exact: true });
    await box.fill('Follow-up in the todo tab.');
    await box.press('Enter');
    await expect
      .poll(() => texts(panel, 'msg-assistant'), { timeout: 30_000 })
      .toEqual([`Weaverbird: Answer to: ${TODO_TASK}`, 'Weaverbird: Answer to: Follow-up in the todo tab.']);
    expect((await conversation(env.browser, todo.tabId)).messages.filter((m) => m.role === 'user')).toHaveLength(2);
    expect((await conversation(env.browser, shop.tabId)).messages.filter((m) => m.role === 'user')).toHaveLength(1);

    // A task running in another tab does not leak into the chat shown.
    await activate(shop.tabId);
    await expectShop(panel);
    await run(env.browser, { tabId: todo.tabId, task: 'Background task in the todo tab.', mode: 'ask' });
    await new Promise((r) => setTimeout(r, 300));
    await expectShop(panel);

    // Back to the todo tab: its whole chat, including the task run while the panel looked elsewhere.
    await activate(todo.tabId);
    await expect
      .poll(() => texts(panel, 'msg-user'))
      .toEqual([`You: ${TODO_TASK}`, 'You: Follow-up in the todo tab.', 'You: Background task in the todo tab.']);
    expect(await panel.getByTestId('tab-title').textContent()).toBe('Todos');
    await panel.close();
    await fixed.close();
  });
});
