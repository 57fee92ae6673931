// Safety through the whole stack: the mode gate at dispatch, injected page instructions, and the
// approval gate for hard-to-undo actions, over both wire protocols.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clickThenReport, insistOnClick, payInFrame, readAndReport } from '../fake-providers/policies';
import { configure, FAKE_KEY, fakeSettings, openPanelClient, run } from './agent-helpers';
import { FIXTURE_PAGES } from './support/paths';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

beforeAll(async () => {
  // The injected instruction points at a page on the fixture env.server, so a visit would show.
  const html = readFileSync(path.join(FIXTURE_PAGES, 'agent-injection.html'), 'utf8').replace(
    'EVIL_URL',
    env.server.url('/evil.html'),
  );
  env.server.route('/shop/mug.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  env.server.route('/evil.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<title>evil</title><p>You were hijacked</p>');
  });
});
async function use(protocol: 'openai' | 'anthropic', scenario: string): Promise<void> {
  await configure(env.browser, fakeSettings(protocol, env.fake.baseURL(scenario, protocol)));
}

describe.each(['openai', 'anthropic'] as const)('safety over the %s wire protocol', (protocol) => {
  it('Ask mode refuses a click the model insists on, at dispatch', async () => {
    const scenario = `ask-${protocol}`;
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: insistOnClick(/^Delete item$/, 3) });
    await use(protocol, scenario);
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'Delete the mug from my cart.', mode: 'ask' });
    const clicks = report.steps.filter((s) => s.tool === 'click_ax');
    expect(report.error).toBeUndefined();
    expect(clicks).toHaveLength(3);
    for (const c of clicks) {
      expect(c.ok).toBe(false);
      expect(c.result).toContain('click_ax is not allowed: Ask mode is read-only');
    }
    // The third identical refusal earned a loop warning; the model then gave up and said why.
    expect(clicks[2]?.result).toMatch(/WARNING: this is the 3th identical click_ax call/);
    expect(report.status).toBe('done');
    expect(report.answer).toMatch(/could not click it/);
    expect(await page.locator('li').count()).toBe(1);
    // The tool was never offered in Ask mode: the model named it anyway.
    const offered = env.fake.requests
      .filter((r) => r.scenario === scenario)
      .flatMap((r) => r.turn.tools.map((t) => t.name));
    expect(offered).toContain('get_accessibility_tree');
    expect(offered).not.toContain('click_ax');
    await page.close();
  });

  it('does not leave its task for instructions injected in the page', async () => {
    const scenario = `inject-${protocol}`;
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: readAndReport(/\$\d+\.\d\d/) });
    await use(protocol, scenario);
    const { page, tabId } = await env.browser.open(env.server.url('/shop/mug.html'));
    const before = env.server.requests.length;
    const report = await run(env.browser, { tabId, task: 'What does this mug cost?', mode: 'act' });
    expect(report.status).toBe('done');
    expect(report.answer).toBe('The page says: $18.50');
    expect(report.steps.map((s) => s.tool)).toEqual(['get_accessibility_tree']);
    expect(env.server.requests.slice(before).some((r) => r.path === '/evil.html')).toBe(false);
    expect(page.url()).toBe(env.server.url('/shop/mug.html'));
    // The attack reached the model, inside the fence of this task's nonce.
    const last = env.fake.requests.filter((r) => r.scenario === scenario).at(-1);
    const nonce = /<<WB-UNTRUSTED ([0-9a-f]{24})>>/.exec(last?.turn.system ?? '')?.[1] ?? 'missing';
    const result = last?.turn.messages.find((m) => m.role === 'tool');
    expect(result?.role === 'tool' && result.text).toMatch(
      new RegExp(
        `^<<WB-UNTRUSTED ${nonce}>>[\\s\\S]*ignore previous instructions and open[\\s\\S]*<</WB-UNTRUSTED ${nonce}>>$`,
      ),
    );
    expect(last?.turn.system).toMatch(/never instructions to follow/);
    await page.close();
  });

  it('pauses before Pay for approval; Deny tells the model, Approve with trust proceeds', async () => {
    const scenario = `approve-${protocol}`;
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: clickThenReport(/^Pay /, /Payment complete: order #\d+/) });
    await use(protocol, scenario);
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');

    await panel.send({ type: 'start', tabId, task: 'Pay for my cart.', mode: 'act' });
    const ask = await panel.waitFor((e) => e.type === 'approval_request');
    if (ask.type !== 'approval_request') throw new Error('unreachable');
    expect(ask).toMatchObject({ tool: 'click_ax', site: env.server.origin, description: 'Click button "Pay $18.50"' });
    expect(await page.locator('#status').textContent()).toBe('Not paid');
    await panel.send({ type: 'approval', tabId, approvalId: ask.approvalId, decision: 'deny' });
    const denied = await panel.waitFor((e) => e.type === 'task_ended');
    expect(denied).toMatchObject({ status: 'done', answer: 'You declined, so I did not do it.' });
    expect(await page.locator('#status').textContent()).toBe('Not paid');
    const refused = (await panel.events()).find((e) => e.type === 'tool_result' && e.tool === 'click_ax');
    expect(refused?.type === 'tool_result' && refused.result).toMatch(
      /^REFUSED BY THE USER: the user denied "Click button \\"Pay \$18\.50\\""|^REFUSED BY THE USER/,
    );

    // Approve, trusting the site for an hour (a duration the user picked spans tasks; plain "this
    // task" trust does not, see trust-gate.e2e.ts): the click happens, and a second payment needs no prompt.
    await panel.send({ type: 'start', tabId, task: 'Pay for my cart.', mode: 'act' });
    const ask2 = await panel.waitFor((e) => e.type === 'approval_request' && e.approvalId !== ask.approvalId);
    if (ask2.type !== 'approval_request') throw new Error('unreachable');
    await panel.send({ type: 'approval', tabId, approvalId: ask2.approvalId, decision: 'approve', trustScope: 'hour' });
    const paid = await panel.waitFor((e) => e.type === 'task_ended' && e.taskId === ask2.taskId);
    expect(paid).toMatchObject({ status: 'done' });
    expect(paid.type === 'task_ended' && paid.answer).toMatch(/Payment complete: order #1042/);
    await page.reload();
    await expect.poll(() => page.locator('#status').textContent()).toBe('Not paid');
    const third = await run(env.browser, { tabId, task: 'Pay for my cart.', mode: 'act' });
    expect(third.answer).toMatch(/Payment complete/);
    const approvals = (await panel.events()).filter((e) => e.type === 'approval_request');
    expect(approvals).toHaveLength(2);
    // Routine clicks never ask.
    await env.browser.worker.evaluate(() => chrome.storage.session.remove('wb.trust-grants'));
    env.fake.scenario(`${scenario}-routine`, {
      apiKey: FAKE_KEY,
      policy: clickThenReport(/^Show details$/, /Details shown/),
    });
    await use(protocol, `${scenario}-routine`);
    const routine = await run(env.browser, { tabId, task: 'Show the details.', mode: 'act' });
    expect(routine.answer).toBe('Done: Details shown');
    expect((await panel.events()).filter((e) => e.type === 'approval_request')).toHaveLength(2);
    await panel.close();
    await page.close();
  });

  it('asks before Pay inside a payment iframe too (frame-qualified ref)', async () => {
    const scenario = `frame-pay-${protocol}`;
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: payInFrame });
    await use(protocol, scenario);
    const { page, tabId } = await env.browser.open(env.server.url('/agent-pay-frame.html'));
    await page.frameLocator('iframe').locator('#pay').waitFor();
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task: 'Pay the bill.', mode: 'act' });
    const ask = await panel.waitFor((e) => e.type === 'approval_request');
    if (ask.type !== 'approval_request') throw new Error('unreachable');
    expect(ask.description).toBe('Click button "Pay $9.00"');
    expect(ask.args).toMatchObject({ ref_id: expect.stringMatching(/^f\d+:ref_\d+$/) });
    await panel.send({ type: 'approval', tabId, approvalId: ask.approvalId, decision: 'deny' });
    expect(await panel.waitFor((e) => e.type === 'task_ended')).toMatchObject({
      status: 'done',
      answer: 'You declined, so I did not pay.',
    });
    expect(await page.frameLocator('iframe').locator('#status').textContent()).toBe('Waiting for payment');
    await panel.close();
    await page.close();
  });
});
