/**
 * Tabs (issue 15, item 3), in real Chromium with a scripted fake model: a task opens two tabs
 * (new_tab; the second on another site, which asks the user first), reads both, is refused when it
 * uses a ref of one tab on another (the refusal names the tab), cannot close the user's tab, closes
 * one of its own, and answers from both. While it runs its tabs sit in a Chrome tab group named for
 * the task and the panel follows it; when it ends the group is gone and its tabs stay open.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/protocol/agent';
import { answer, call, callsThisTask, findRef, read, taskOf } from '../fake-providers/reading';
import type { FakePolicy } from '../fake-providers/turn';
import { configure, FAKE_KEY, fakeSettings, openPanelClient } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true, partner: true });

/** What the model was told each step, by step number (the policy's own script below). */
const TAB_ID = /"tabId":\s*(\d+)/;
const PRICE = /Milk costs ([\d.]+) at shop ([A-Z])/;

/**
 * The scripted model. Each step is chosen by how many calls it has made in this task; it reads
 * refs, tab ids and prices only from the tool results it was given, as a real model would.
 */
const tabsPolicy: FakePolicy = (turn) => {
  const calls = callsThisTask(turn);
  const result = (i: number) => calls[i]?.result ?? '';
  const urls = [...taskOf(turn).matchAll(/https?:\/\/\S+?(?=[\s,]|$)/g)].map((m) => m[0]);
  const startRef = findRef(result(0), /button/, /Show details/)?.ref ?? 'ref_0';
  const tabB = Number(TAB_ID.exec(result(1))?.[1] ?? 0);
  const startTab = Number(/belongs to tab (\d+)/.exec(result(3))?.[1] ?? 0);
  // On a busy machine new_tab may answer "Still loading after 15s" for tab C, and the read finds no price yet:
  // like a real model, wait for the page's text and read again (two extra calls; later steps move by two).
  const slowC = calls.length > 6 && /Still loading/.test(result(5)) && !PRICE.test(result(6));
  if (slowC && calls.length === 7)
    return call('wait_for', { check: 'text', selector: 'body', text: 'Milk costs', timeoutMs: 15_000 });
  if (slowC && calls.length === 8) return read();
  const step = slowC ? calls.length - 2 : calls.length;
  switch (step) {
    case 0:
      return read();
    case 1:
      return call('new_tab', { url: urls[0] });
    case 2:
      return read();
    case 3:
      // The start tab's ref, used while acting in tab B: must be refused with tab A named.
      return call('click_ax', { ref_id: startRef });
    case 4:
      return call('list_tabs', {});
    case 5:
      return call('new_tab', { url: urls[1] });
    case 6:
      return read();
    case 7:
      return call('close_tab', { tabId: startTab });
    case 8:
      return call('close_tab', { tabId: tabB });
    case 9:
      return call('switch_tab', { tabId: startTab });
    case 10:
      // Back in its own tab, the same ref is fine again.
      return call('click_ax', { ref_id: startRef });
    default: {
      const prices = [0, 2, slowC ? 8 : 6]
        .map((i) => PRICE.exec(result(i)))
        // A missing price names what new_tab and the read answered, so a failure says why.
        .map((m) => (m ? `${m[2]}: ${m[1]}` : `missing (${result(5).slice(0, 160)} | ${result(6).slice(0, 160)})`));
      return answer(`Milk prices: ${prices.join(', ')}.`);
    }
  }
};

let userTab: number;

beforeAll(async () => {
  env.fake.scenario('tabs', { apiKey: FAKE_KEY, policy: tabsPolicy });
  await configure(env.browser, fakeSettings('openai', env.fake.baseURL('tabs', 'openai'), { tier: 'full' }));
  // One of the user's own tabs, with a secret in its URL: the task may name it, never read it.
  userTab = (await env.browser.open(env.server.url('/basic.html?reset_token=SECRET-TOKEN-77'))).tabId;
});

async function tabGroups(): Promise<{ title: string; tabIds: number[] }[]> {
  return env.browser.worker.evaluate(async () => {
    const groups = await chrome.tabGroups.query({});
    return Promise.all(
      groups.map(async (g) => ({
        title: g.title ?? '',
        tabIds: (await chrome.tabs.query({ groupId: g.id })).flatMap((t) => (t.id === undefined ? [] : [t.id])),
      })),
    );
  });
}

async function tabExists(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(
    (id) =>
      chrome.tabs.get(id).then(
        () => true,
        () => false,
      ),
    tabId,
  );
}

describe('a task with several tabs', () => {
  it('opens two tabs, reads both, refuses a ref on the wrong tab, closes one, and answers from both', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tabs-shop.html?shop=A&price=1.20'));
    const urlB = env.server.url('/tabs-shop.html?shop=B&price=1.35');
    const urlC = env.partner.url('/tabs-shop.html?shop=C&price=0.99');
    const task = `Compare the price of milk in this shop, at ${urlB} and at ${urlC}`;
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task, mode: 'act' });

    // The second site is not the task's: new_tab asks first, showing the whole URL.
    const ask = await panel.waitFor((e) => e.type === 'approval_request');
    if (ask.type !== 'approval_request') throw new Error('unreachable');
    expect(ask).toMatchObject({ tool: 'new_tab', kind: 'navigate', site: new URL(urlC).origin });
    expect(ask.description).toContain(urlC);

    // While it runs (paused on the approval): the start tab and tab B are in one group named for the task.
    const acting = (await panel.events()).filter(
      (e): e is Extract<AgentEvent, { type: 'acting_tab' }> => e.type === 'acting_tab',
    );
    // Once when the tab is adopted (still blank), once loaded, with the title the panel shows.
    expect(new Set(acting.map((e) => e.actingTabId)).size).toBe(1);
    const tabB = acting[0]?.actingTabId ?? -1;
    expect(acting.at(-1)).toMatchObject({ tabId, title: 'Shop B – Cart' });
    const groups = await tabGroups();
    expect(groups).toHaveLength(1);
    expect(groups[0]?.title).toBe('Compare the price of milk in this shop,…');
    expect(groups[0]?.tabIds.sort()).toEqual([tabId, tabB].sort());
    // The panel follows the task: tab B (now the active tab) shows the start tab's chat.
    const info: unknown = await panel.page.evaluate(
      (id) => chrome.runtime.sendMessage({ type: 'get_tab_info', tabId: id }),
      tabB,
    );
    expect(info).toMatchObject({ ok: true, data: { tabId: tabB, title: 'Shop B – Cart', taskTab: tabId } });
    const active = await env.browser.worker.evaluate(() =>
      chrome.tabs.query({ active: true, currentWindow: true }).then((t) => t[0]?.id),
    );
    expect(active).toBe(tabB);
    // The wrong-tab click touched nothing (neither the start tab nor tab B).
    expect(await page.evaluate(() => (window as unknown as { __clicks: number }).__clicks)).toBe(0);

    await panel.send({ type: 'approval', tabId, approvalId: ask.approvalId, decision: 'approve' });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'done', answer: 'Milk prices: A: 1.20, B: 1.35, C: 0.99.' });

    const results = (await panel.events()).flatMap((e) => (e.type === 'tool_result' ? [e] : []));
    const expected: [string, boolean][] = [
      ['get_accessibility_tree', true],
      ['new_tab', true],
      ['get_accessibility_tree', true],
      ['click_ax', false],
      ['list_tabs', true],
      ['new_tab', true],
      ['get_accessibility_tree', true],
      ['close_tab', false],
      ['close_tab', true],
      ['switch_tab', true],
      ['click_ax', true],
    ];
    // The slow-machine path of the policy above: a wait for tab C's text and a second read.
    if (results.some((r) => r.tool === 'wait_for'))
      expected.splice(7, 0, ['wait_for', true], ['get_accessibility_tree', true]);
    expect(results.map((r) => [r.tool, r.ok])).toEqual(expected);
    // The ref from the start tab, used in tab B, is refused with its tab named.
    expect(results[3]?.result).toMatch(
      new RegExp(
        `^ERROR wrong_tab: ref_\\d+ belongs to tab ${tabId} \\("Shop A – Cart"\\), not to tab ${tabB} \\("Shop B – Cart"\\) where you act now; switch_tab`,
      ),
    );
    // list_tabs: the task's tabs with their URL (query elided), the user's tab by origin only.
    const listed = results[4]?.result ?? '';
    expect(listed).toContain('/tabs-shop.html?…');
    expect(listed).not.toMatch(/SECRET-TOKEN|reset_token|basic\.html/);
    expect(listed).toContain(`"id":${userTab}`);
    // The user's tab cannot be closed; the start tab neither.
    expect(results[7]?.result).toMatch(/not_task_tab.*tab the task started in/);
    expect(await tabExists(tabId)).toBe(true);
    expect(await tabExists(userTab)).toBe(true);
    // Tab B is closed; tab C (the task's, still open) stays for the user.
    expect(await tabExists(tabB)).toBe(false);
    const tabC = Number(TAB_ID.exec(results[5]?.result ?? '')?.[1]);
    expect(await tabExists(tabC)).toBe(true);
    // Back in the start tab, its ref clicked the very element the model read.
    expect(await page.evaluate(() => (window as unknown as { __clicks: number }).__clicks)).toBe(1);
    expect(await page.locator('#status').textContent()).toBe('Details of shop A shown');

    // After the task: no group remains, the conversation has no acting tab.
    await expect.poll(tabGroups).toEqual([]);
    // The panel was told each turn: to B, to C (closing B left it in C), back to the start tab.
    const turns = (await panel.events()).flatMap((e) => (e.type === 'acting_tab' ? [e.actingTabId] : []));
    expect(turns.filter((t, i) => t !== turns[i - 1])).toEqual([tabB, tabC, tabId]);
    await panel.close();
  }, 180_000);

  it('guards every tab of the task: a tab it opened cannot open a blocked site', async () => {
    const leak = env.partner.url('/basic.html?d=SHOP-B-SECRET');
    const urlB = env.server.url(`/tabs-shop.html?shop=B&price=1.35&offer=${encodeURIComponent(leak)}`);
    env.fake.scenario('tabs-guard', {
      apiKey: FAKE_KEY,
      policy: (turn) => {
        const calls = callsThisTask(turn);
        if (calls.length === 0) return call('new_tab', { url: urlB });
        if (calls.length === 1) return read();
        const offer = findRef(calls[1]?.result ?? '', /button/, /See partner offer/)?.ref ?? 'ref_0';
        if (calls.length === 2) return call('click_ax', { ref_id: offer });
        if (calls.length === 3) return call('wait_for_stable', {});
        return answer('Done.');
      },
    });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('tabs-guard', 'openai'), { tier: 'full' }));
    const { tabId } = await env.browser.open(env.server.url('/tabs-shop.html?shop=A&price=1.20'));
    const countTabs = () => env.browser.worker.evaluate(() => chrome.tabs.query({}).then((t) => t.length));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    const before = await countTabs();
    await panel.send({ type: 'start', tabId, task: 'Look at the partner offer of shop B', mode: 'act' });
    // No step of this task asks: a prompt fails the case at once with its words (a loaded full run
    // waited 45 s on one whose text it never printed, and the task it left running broke the next case).
    const ended = await panel.waitFor((e) => e.type === 'task_ended' || e.type === 'approval_request');
    if (ended.type === 'approval_request') {
      await panel.send({ type: 'stop', tabId });
      throw new Error(`unexpected approval for ${ended.tool} on ${ended.site}: ${ended.description}`);
    }
    expect(ended).toMatchObject({ status: 'done' });
    const results = (await panel.events()).flatMap((e) => (e.type === 'tool_result' ? [e] : []));
    expect(results.map((r) => [r.tool, r.ok])).toEqual([
      ['new_tab', true],
      ['get_accessibility_tree', true],
      ['click_ax', true],
      ['wait_for_stable', true],
    ]);
    // The page of the task's second tab opened the partner site: blocked, its tab closed, the model told.
    expect(
      results
        .slice(2)
        .map((r) => r.result)
        .join('\n'),
    ).toContain(`NOTE: the page tried to open "${new URL(leak).origin}" (not allowed for this task); blocked.`);
    expect(env.partner.requests.some((r) => r.path.includes('SHOP-B-SECRET'))).toBe(false);
    // The start tab and the task's own tab B remain; the page-opened tab is gone.
    await expect.poll(countTabs).toBe(before + 1);
    const partnerTabs = await env.browser.worker.evaluate(
      (origin) =>
        chrome.tabs
          .query({})
          .then((ts) => ts.filter((t) => (t.pendingUrl ?? t.url ?? '').startsWith(`${origin}/basic.html`)).length),
      env.partner.origin,
    );
    expect(partnerTabs).toBe(0);
    await panel.close();
  }, 180_000);
  it("leaves the user's own tabs alone while the task's rules cover a tab its page opens", async () => {
    const away = env.partner.url('/basic.html?user=1');
    env.fake.scenario('tabs-user', {
      apiKey: FAKE_KEY,
      // Another site: the task pauses on the approval while the user browses.
      policy: (turn) => (callsThisTask(turn).length === 0 ? call('navigate', { url: away }) : answer('Done.')),
    });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('tabs-user', 'openai'), { tier: 'full' }));
    const { page, tabId } = await env.browser.open(env.server.url('/tabs-shop.html?shop=A&price=1.20'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task: 'Open the partner site', mode: 'act' });
    const ask = await panel.waitFor((e) => e.type === 'approval_request');
    if (ask.type !== 'approval_request') throw new Error('unreachable');
    const rules = () => env.browser.worker.evaluate(() => chrome.declarativeNetRequest.getSessionRules());
    expect((await rules()).length).toBeGreaterThan(0);
    const urlOf = (id: number) => env.browser.worker.evaluate((t) => chrome.tabs.get(t).then((x) => x.url ?? ''), id);
    const tabsAt = (url: string) =>
      env.browser.worker.evaluate((u) => chrome.tabs.query({}).then((ts) => ts.filter((t) => t.url === u).length), url);

    // The user's tabs: one created with its URL (its first request races its exclusion: a blocked
    // first load is loaded again), one opened blank then loaded, and a tab open before the task.
    const created = await env.browser.worker.evaluate(
      (u) => chrome.tabs.create({ url: u, active: false }).then((t) => t.id ?? -1),
      env.partner.url('/basic.html?user=2'),
    );
    await expect.poll(() => urlOf(created), { timeout: 10_000 }).toBe(env.partner.url('/basic.html?user=2'));
    // A tab opened while the task's tab is active: Chrome names that tab as its opener (as for
    // Ctrl+T), yet no page opened it. Its first load may lose the race and be loaded again.
    await env.browser.worker.evaluate((t) => chrome.tabs.update(t, { active: true }), tabId);
    const typed = await env.browser.context.newPage();
    await typed.goto(env.partner.url('/basic.html?user=3')).catch(() => undefined);
    await expect.poll(() => typed.url(), { timeout: 10_000 }).toBe(env.partner.url('/basic.html?user=3'));
    await env.browser.worker.evaluate(([t, u]) => chrome.tabs.update(t, { url: u }), [userTab, away] as const);
    await expect.poll(() => urlOf(userTab), { timeout: 10_000 }).toBe(away);

    // The task's page opens a popup: on its own site it opens; on another site it is blocked and closed.
    const own = env.server.url('/tabs-shop.html?shop=P&price=1.00');
    const other = env.partner.url('/basic.html?popup=SECRET-POPUP');
    await page.evaluate(([a, b]) => void (window.open(a), window.open(b, '_blank', 'noopener')), [own, other] as const);
    await expect.poll(() => tabsAt(own), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => tabsAt(other), { timeout: 10_000 }).toBe(0);
    expect(env.partner.requests.some((r) => r.path.includes('SECRET-POPUP'))).toBe(false);

    await panel.send({ type: 'approval', tabId, approvalId: ask.approvalId, decision: 'deny' });
    await panel.waitFor((e) => e.type === 'task_ended');
    // The rules go with the task.
    await expect.poll(rules).toEqual([]);
    await Promise.all([typed.close(), panel.close()]);
  }, 180_000);
});
