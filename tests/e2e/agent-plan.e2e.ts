// Plan first, take over / resume and ask_user (issue 15 items 2 and 5), through the panel's Port,
// with a scripted fake model and real pages on three origins (127.0.0.1, .2 and .3).
import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askNamePolicy, buttonsPolicy, planPolicy } from '../fake-providers/handover-policies';
import type { AgentEvent } from '../../shared/protocol/agent';
import { configure, FAKE_KEY, fakeSettings, openPanelClient, type PanelClient } from './agent-helpers';
import { startFixtureServer, type FixtureServer } from './support/server';
import { useExtension } from './support/setup';
import { stopWorker, wakeWorker } from './support/worker-lifecycle';

const env = useExtension({ fake: true, partner: true });
let third: FixtureServer;

function html(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><meta charset="utf-8">${body}`);
}

beforeAll(async () => {
  third = await startFixtureServer('127.0.0.3');
  env.server.route('/plan-shop.html', (_req, res) =>
    html(
      res,
      `<title>Mug shop</title><h1>Mug shop</h1><p id="status">Cart is empty</p>
       <button onclick="document.getElementById('status').textContent='Cart: 1 mug'">Add mug</button>`,
    ),
  );
  env.partner.route('/plan-compare.html', (_req, res) =>
    html(res, '<title>Compare</title><h1>Compare</h1><p>Partner price: $17.00</p>'),
  );
  third.route('/plan-other.html', (_req, res) => html(res, '<title>Other</title><p>Other site</p>'));
  env.server.route('/plan-buttons.html', (_req, res) =>
    html(
      res,
      `<title>Steps</title><div id="box"></div><p id="log">Log:</p><button id="login">Log in</button>
       <script>
         const draw = () => { document.getElementById('box').innerHTML = ['One','Two','Three']
           .map((n) => '<button data-n="' + n + '">' + n + '</button>').join(''); };
         draw();
         document.addEventListener('click', (e) => {
           const n = e.target.dataset && e.target.dataset.n;
           if (n) document.getElementById('log').textContent += ' ' + n;
           if (e.target.id === 'login') { draw(); e.target.textContent = 'Logged in'; }
         });
       </script>`,
    ),
  );
  env.server.route('/plan-order.html', (_req, res) =>
    html(res, '<title>Order</title><label>Name <input id="name"></label>'),
  );
});
afterAll(() => third.close());

function ofType<T extends AgentEvent['type']>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] {
  return events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
}

async function startOn(path: string, task: string): Promise<{ panel: PanelClient; tabId: number; page: Page }> {
  const { page, tabId } = await env.browser.open(env.server.url(path));
  const panel = await openPanelClient(env.browser, tabId);
  await panel.waitFor((e) => e.type === 'snapshot');
  await panel.send({ type: 'start', tabId, task, mode: 'act' });
  return { panel, tabId, page };
}

describe('plan first', () => {
  it('is on by default for a Mid model: the plan card comes before any change, and Cancel leaves the page untouched', async () => {
    const scenario = 'plan-cancel';
    env.fake.scenario(scenario, {
      apiKey: FAKE_KEY,
      policy: planPolicy({ sites: [env.server.origin], visits: [] }),
    });
    // No planFirst in the settings: gpt-4.1-mini is a Mid model, where plan first is on by default.
    await configure(
      env.browser,
      fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), { planFirst: undefined }),
    );
    const settings = await env.browser.worker.evaluate(() => globalThis.wb.settings.get());
    expect(settings).toMatchObject({ tier: 'mid', planFirst: true, planFirstFromUser: false });

    const { panel, tabId, page } = await startOn('/plan-shop.html', 'Add a mug to my cart.');
    const ask = await panel.waitFor((e) => e.type === 'plan_request');
    if (ask.type !== 'plan_request') throw new Error('unreachable');
    expect(ask.plan).toEqual({
      steps: ['Add one mug to the cart', 'Compare the price on the partner site'],
      sites: [env.server.origin],
      changes: 'Adds one mug to the cart.',
    });
    // The model tried to click first: refused with what to do, and the page did not change.
    const refused = ofType(await panel.events(), 'tool_result').find((e) => e.tool === 'click_ax');
    expect(refused?.ok).toBe(false);
    expect(refused?.result).toMatch(/^REFUSED: plan first\. Before click_ax .* call propose_plan/);
    expect(await page.locator('#status').textContent()).toBe('Cart is empty');
    const before = env.fake.requests.filter((r) => r.scenario === scenario).length;

    await panel.send({ type: 'plan_answer', tabId, planId: ask.planId, decision: 'cancel' });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'stopped', error: 'Plan cancelled: nothing on the page was changed.' });
    expect(await page.locator('#status').textContent()).toBe('Cart is empty');
    expect(page.url()).toBe(env.server.url('/plan-shop.html'));
    // Cancel ends the task at once: the model is not asked again.
    expect(env.fake.requests.filter((r) => r.scenario === scenario)).toHaveLength(before);
    const conv = await env.browser.worker.evaluate((id) => globalThis.wb.conversation(id), tabId);
    expect(conv.plan).toBeUndefined();
    expect(conv.messages.some((m) => m.text === 'Plan cancelled: nothing on the page was changed.')).toBe(true);
    await panel.close();
    await page.close();
  }, 150_000);

  it("an approved plan's private-network site still asks; a site not in the plan asks too", async () => {
    const scenario = 'plan-approve';
    const compare = env.partner.url('/plan-compare.html');
    const other = third.url('/plan-other.html');
    env.fake.scenario(scenario, {
      apiKey: FAKE_KEY,
      policy: planPolicy({ sites: [env.server.origin, env.partner.origin], visits: [compare, other] }),
    });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), { planFirst: true }));
    const { panel, tabId, page } = await startOn('/plan-shop.html', 'Add a mug, then compare prices.');
    const ask = await panel.waitFor((e) => e.type === 'plan_request');
    if (ask.type !== 'plan_request') throw new Error('unreachable');
    expect(await page.locator('#status').textContent()).toBe('Cart is empty');
    await panel.send({ type: 'plan_answer', tabId, planId: ask.planId, decision: 'approve' });

    // A plan is the model's text: it never pre-approves a loopback or private-network site (the
    // partner is 127.0.0.2; docs/security-navigation.md). The user approves it here.
    const local = await panel.waitFor((e) => e.type === 'approval_request');
    if (local.type !== 'approval_request') throw new Error('unreachable');
    expect(local).toMatchObject({ tool: 'navigate', site: env.partner.origin, kind: 'navigate' });
    await panel.send({ type: 'approval', tabId, approvalId: local.approvalId, decision: 'approve' });
    // The site outside the plan asks as well.
    const outside = await panel.waitFor((e) => e.type === 'approval_request' && e.approvalId !== local.approvalId);
    if (outside.type !== 'approval_request') throw new Error('unreachable');
    expect(outside).toMatchObject({ tool: 'navigate', site: third.origin, kind: 'navigate' });
    expect(page.url()).toBe(compare);
    await panel.send({ type: 'approval', tabId, approvalId: outside.approvalId, decision: 'deny' });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'done', answer: 'Stopped at 2: declined.' });

    const events = await panel.events();
    expect(ofType(events, 'approval_request')).toHaveLength(2);
    const navs = ofType(events, 'tool_result').filter((e) => e.tool === 'navigate');
    expect(navs.map((e) => e.ok)).toEqual([true, false]);
    expect(ofType(events, 'plan_resolved')).toMatchObject([{ decision: 'approve', edited: false }]);
    // The click went through once the plan was approved (a routine click: no approval).
    const clicks = ofType(events, 'tool_result').filter((e) => e.tool === 'click_ax');
    expect(clicks.map((c) => c.ok)).toEqual([false, true]);
    await panel.close();
    await page.close();
  }, 150_000);

  it('an edited plan is what the model is told, and its sites are the ones allowed', async () => {
    const scenario = 'plan-edit';
    const compare = env.partner.url('/plan-compare.html');
    env.fake.scenario(scenario, {
      apiKey: FAKE_KEY,
      // The model plans only its own site; the user adds the partner site in the edit.
      policy: planPolicy({ sites: [env.server.origin], visits: [compare] }),
    });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), { planFirst: true }));
    const { panel, tabId, page } = await startOn('/plan-shop.html', 'Add a mug, then compare.');
    const ask = await panel.waitFor((e) => e.type === 'plan_request');
    if (ask.type !== 'plan_request') throw new Error('unreachable');
    const edited = {
      steps: ['Add one mug', 'Look at the partner price only'],
      sites: [env.server.origin, env.partner.origin],
      changes: 'One mug in the cart.',
    };
    await panel.send({ type: 'plan_answer', tabId, planId: ask.planId, decision: 'approve', plan: edited });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'done', answer: 'Done. Partner price: $17.00' });
    const events = await panel.events();
    expect(ofType(events, 'approval_request')).toHaveLength(0);
    const plan = ofType(events, 'tool_result').find((e) => e.tool === 'propose_plan');
    expect(plan?.result).toContain("APPROVED WITH EDITS: the user edited your plan. Follow the user's version:");
    expect(plan?.result).toContain('2. Look at the partner price only');
    // The user's words are not fenced as page content.
    expect(plan?.result).not.toContain('WB-UNTRUSTED');
    await panel.close();
    await page.close();
  }, 150_000);
});

describe('take over and ask_user', () => {
  it('Take over after step 2 stops the task before step 3; Resume re-reads and finishes', async () => {
    const scenario = 'take-over';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: buttonsPolicy(['One', 'Two', 'Three']), holdRequest: 3 });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai')));
    const { panel, tabId, page } = await startOn('/plan-buttons.html', 'Press One, Two and Three.');
    // Step 1 read the page, step 2 pressed One; the model's step 3 is held while the user takes over.
    await env.fake.held(scenario);
    await panel.send({ type: 'take_over', tabId });
    await panel.waitFor((e) => e.type === 'handover' && e.state === 'requested');
    env.fake.release(scenario);
    await panel.waitFor((e) => e.type === 'handover' && e.state === 'paused');
    expect(await page.locator('#log').textContent()).toBe('Log: One');
    const skipped = ofType(await panel.events(), 'tool_result').at(-1);
    expect(skipped).toMatchObject({ tool: 'click_ax', ok: false });
    expect(skipped?.result).toMatch(/^SKIPPED: the user took over the tab/);

    // The user logs in: the page redraws its buttons, so the refs the model read are stale.
    await page.locator('#login').click();
    await page.waitForTimeout(300);
    const paused = env.fake.requests.filter((r) => r.scenario === scenario).length;
    expect(paused).toBe(3);
    expect(await page.locator('#log').textContent()).toBe('Log: One');

    await panel.send({ type: 'resume', tabId });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'done', answer: 'Log: One Two Three' });
    const requests = env.fake.requests.filter((r) => r.scenario === scenario);
    // The first request after Resume carries the note, and the model's answer to it is a fresh read.
    const afterResume = requests[3]?.turn.messages.at(-1);
    expect(afterResume?.role === 'user' && afterResume.text).toMatch(/took over the tab .* refs from before are stale/);
    const calls = ofType(await panel.events(), 'tool_call').map((e) => e.tool);
    expect(calls).toEqual([
      'get_accessibility_tree',
      'click_ax',
      'click_ax',
      'get_accessibility_tree',
      'click_ax',
      'click_ax',
      'get_accessibility_tree',
    ]);
    await panel.close();
    await page.close();
  }, 150_000);

  it('a paused task stays paused across a worker restart, and Resume then finishes it', async () => {
    const scenario = 'take-over-restart';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: buttonsPolicy(['One', 'Two', 'Three']), holdRequest: 3 });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai')));
    const { panel, tabId, page } = await startOn('/plan-buttons.html', 'Press One, Two and Three.');
    await env.fake.held(scenario);
    await panel.send({ type: 'take_over', tabId });
    await panel.waitFor((e) => e.type === 'handover' && e.state === 'requested');
    env.fake.release(scenario);
    await panel.waitFor((e) => e.type === 'handover' && e.state === 'paused');

    // No open Port while the worker is stopped (a reconnecting panel would wake it at once).
    await panel.close();
    await stopWorker(env.browser);
    await wakeWorker(env.browser);
    // The restarted worker picked the task up and holds it at the pause: no model request.
    await expect
      .poll(async () => (await env.browser.worker.evaluate((id) => globalThis.wb.conversation(id), tabId)).handover, {
        timeout: 20_000,
      })
      .toBe('paused');
    await page.waitForTimeout(1_000);
    expect(env.fake.requests.filter((r) => r.scenario === scenario)).toHaveLength(3);
    expect(await page.locator('#log').textContent()).toBe('Log: One');

    // Resume from a reopened panel (retried until the resumed task waits again).
    const reopened = await openPanelClient(env.browser, tabId);
    const snapshot = await reopened.waitFor((e) => e.type === 'snapshot');
    expect(snapshot.type === 'snapshot' && snapshot.conversation.handover).toBe('paused');
    await expect
      .poll(
        async () => {
          await reopened.send({ type: 'resume', tabId });
          await new Promise((r) => setTimeout(r, 500));
          return (await reopened.events()).some((e) => e.type === 'handover' && e.state === 'resumed');
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const ended = await reopened.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'done', answer: 'Log: One Two Three' });
    await reopened.close();
    await page.close();
  }, 150_000);

  it('ask_user waits for the typed answer and uses it', async () => {
    const scenario = 'ask-user';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: askNamePolicy });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai')));
    const { panel, tabId, page } = await startOn('/plan-order.html', 'Fill in the order name.');
    const q = await panel.waitFor((e) => e.type === 'question_request');
    if (q.type !== 'question_request') throw new Error('unreachable');
    expect(q.question).toBe('What name should go on the order?');
    // It waits: no further model request while the question is open.
    await page.waitForTimeout(500);
    expect(env.fake.requests.filter((r) => r.scenario === scenario)).toHaveLength(2);
    await panel.send({ type: 'question_answer', tabId, questionId: q.questionId, answer: 'Ada Lovelace' });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'done', answer: 'I put "Ada Lovelace" on the order.' });
    await expect.poll(() => page.locator('#name').inputValue()).toBe('Ada Lovelace');
    const result = ofType(await panel.events(), 'tool_result').find((e) => e.tool === 'ask_user');
    // The answer is the user's own text: not fenced as page content.
    expect(result?.result).toBe('The user answered (their own words):\nAda Lovelace');
    await panel.close();
    await page.close();
  }, 150_000);

  it('ask_user is offered in Ask mode too', async () => {
    const scenario = 'ask-user-ask';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: askNamePolicy });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/plan-order.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task: 'Which name?', mode: 'ask' });
    const q = await panel.waitFor((e) => e.type === 'question_request');
    if (q.type !== 'question_request') throw new Error('unreachable');
    await panel.send({ type: 'question_answer', tabId, questionId: q.questionId, answer: 'Grace' });
    // Ask mode has no type_ax: the policy answers with the name instead.
    expect(await panel.waitFor((e) => e.type === 'task_ended')).toMatchObject({ status: 'done' });
    const offered = env.fake.requests.filter((r) => r.scenario === scenario)[0]?.turn.tools.map((t) => t.name);
    expect(offered).toContain('ask_user');
    expect(offered).not.toContain('propose_plan');
    expect(await page.locator('#name').inputValue()).toBe('');
    await panel.close();
    await page.close();
  }, 150_000);
});
