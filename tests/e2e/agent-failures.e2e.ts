// Provider failures end every task with a clear message (never a hung task), and the panel's
// one-shot requests (settings, test connection, trace, latest tree) work against the fakes.
import { beforeAll, describe, expect, it } from 'vitest';
import { readAndReport, todoPolicy } from '../fake-providers/policies';
import { configure, conversation, FAKE_KEY, fakeSettings, openPanelClient, run } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

beforeAll(async () => {});
const PRICE = readAndReport(/\$\d+\.\d\d/);

describe.each(['openai', 'anthropic'] as const)('provider failures over the %s wire protocol', (protocol) => {
  it('a wrong key (401) ends with a clear message that never contains the key', async () => {
    const scenario = `401-${protocol}`;
    env.fake.scenario(scenario, { apiKey: 'the-right-key-000000', policy: PRICE });
    await configure(env.browser, fakeSettings(protocol, env.fake.baseURL(scenario, protocol)));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'What does the mug cost?', mode: 'ask' });
    expect(report.status).toBe('error');
    expect(report.error).toMatch(/rejected the API key \(HTTP 401: .*\)\. Check the key in Settings/);
    expect(env.fake.requests.filter((r) => r.scenario === scenario)).toHaveLength(1);
    const everything = JSON.stringify([
      report,
      await conversation(env.browser, tabId),
      await env.browser.worker.evaluate(() => globalThis.wb.trace()),
    ]);
    expect(everything).not.toContain(FAKE_KEY);
    await page.close();
  });

  it('rate limits (429) are retried with backoff, then the task completes', async () => {
    const scenario = `429-${protocol}`;
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, rateLimitFirst: 2, policy: PRICE });
    await configure(env.browser, fakeSettings(protocol, env.fake.baseURL(scenario, protocol)));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'What does the mug cost?', mode: 'ask' });
    expect(report).toMatchObject({ status: 'done', answer: 'The page says: $18.50' });
    expect(env.fake.requests.filter((r) => r.scenario === scenario).map((r) => r.status)).toEqual([429, 429, 200, 200]);
    await page.close();
  });

  it('a rate limit that outlasts the retries ends with a clear message', async () => {
    const scenario = `429-forever-${protocol}`;
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, rateLimitFirst: 100, policy: PRICE });
    await configure(env.browser, fakeSettings(protocol, env.fake.baseURL(scenario, protocol)));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'What does the mug cost?', mode: 'ask' });
    expect(report.status).toBe('error');
    expect(report.error).toMatch(/rate-limiting requests \(HTTP 429 after 4 attempts with backoff/);
    await page.close();
  });

  it('a connection dropped mid-stream ends with a clear message', async () => {
    const scenario = `drop-${protocol}`;
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, dropAt: { request: 2, afterEvents: 3 }, policy: PRICE });
    await configure(env.browser, fakeSettings(protocol, env.fake.baseURL(scenario, protocol)));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'What does the mug cost?', mode: 'ask' });
    expect(report.status).toBe('error');
    expect(report.error).toMatch(/connection to .* dropped in the middle of a response/);
    expect((await conversation(env.browser, tabId)).status).toBe('error');
    await page.close();
  });

  it('malformed tool calls from a small model end the task after three tries', async () => {
    const scenario = `malformed-${protocol}`;
    env.fake.scenario(scenario, {
      apiKey: FAKE_KEY,
      policy: () => ({ toolCalls: [{ name: 'clickk', args: { ref: 'the pay button' } }] }),
    });
    await configure(env.browser, fakeSettings(protocol, env.fake.baseURL(scenario, protocol)));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'Pay.', mode: 'act' });
    expect(report.status).toBe('error');
    expect(report.error).toMatch(/malformed tool calls 3 times in a row/);
    expect(report.steps[0]?.result).toMatch(/no tool named "clickk"; tools available in act mode: .*click_ax/);
    await page.close();
  });
});

describe('other failures', () => {
  it('a provider that goes silent ends with a timeout message, not a hung task', async () => {
    env.fake.scenario('silent', { apiKey: FAKE_KEY, holdRequest: 1, policy: PRICE });
    await configure(env.browser, fakeSettings('anthropic', env.fake.baseURL('silent', 'anthropic')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await env.browser.worker.evaluate(
      (id) => globalThis.wb.run({ tabId: id, task: 'Hi', mode: 'ask', stallTimeoutMs: 800 }),
      tabId,
    );
    expect(report).toMatchObject({ ok: true, data: { status: 'error' } });
    expect(report.ok && report.data.error).toMatch(/Anthropic stopped responding \(Step timeout of 800ms exceeded\)/);
    env.fake.release('silent');
    await page.close();
  });

  it('stop ends a task at once, even while the model is thinking', async () => {
    env.fake.scenario('stoppable', { apiKey: FAKE_KEY, holdRequest: 2, policy: PRICE });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('stoppable', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task: 'What does the mug cost?', mode: 'ask' });
    await env.fake.held('stoppable');
    await panel.send({ type: 'stop', tabId });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'stopped' });
    env.fake.release('stoppable');
    // The tab is free again: a new task starts, and new_chat empties the conversation.
    await panel.send({ type: 'new_chat', tabId });
    await expect.poll(async () => (await conversation(env.browser, tabId)).messages.length).toBe(0);
    await panel.close();
    await page.close();
  });

  it('an unreachable provider ends with a clear message', async () => {
    await configure(env.browser, { provider: 'ollama', model: 'qwen2.5:7b', baseURL: 'http://127.0.0.1:9/v1' });
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'Hi', mode: 'ask' });
    expect(report.status).toBe('error');
    expect(report.error).toMatch(/Could not reach Ollama \(local\) at http:\/\/127\.0\.0\.1:9\/v1/);
    await page.close();
  });

  it('a provider that needs a key says so before any request', async () => {
    await configure(env.browser, { provider: 'google', model: 'gemini-2.5-flash', apiKey: '' });
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'Hi', mode: 'ask' });
    expect(report).toMatchObject({
      status: 'error',
      error: 'Google Gemini needs an API key: open Settings in the side panel and paste your key.',
    });
    await page.close();
  });
});

describe('panel requests', () => {
  it('get/set settings, test_connection, get_trace and get_latest_tree answer as typed', async () => {
    env.fake.scenario('panel', { apiKey: FAKE_KEY, policy: todoPolicy });
    const { page, tabId } = await env.browser.open(env.server.url('/agent-todo.html'));
    const panel = await env.browser.context.newPage();
    await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
    const ask = (request: unknown) => panel.evaluate((r) => chrome.runtime.sendMessage(r), request);
    const set = await ask({
      type: 'set_settings',
      settings: fakeSettings('openai', env.fake.baseURL('panel', 'openai')),
    });
    expect(set).toMatchObject({
      ok: true,
      data: { provider: 'openai-compatible', hasApiKey: true, apiKeyHint: '…4242', tier: 'mid', contextWindow: 32_768 },
    });
    // Omitting the key keeps the stored one.
    await ask({
      type: 'set_settings',
      settings: {
        provider: 'openai-compatible',
        model: 'gpt-4.1-mini',
        baseURL: env.fake.baseURL('panel', 'openai'),
        tier: 'full',
        contextWindow: 100_000,
      },
    });
    expect(await ask({ type: 'get_settings' })).toMatchObject({
      ok: true,
      data: { hasApiKey: true, tier: 'full', contextWindow: 100_000 },
    });
    expect(await ask({ type: 'set_settings', settings: { provider: 'nope', model: 'x' } })).toMatchObject({
      ok: false,
      error: { code: 'bad_message' },
    });

    const test = await ask({ type: 'test_connection' });
    expect(test, JSON.stringify(test)).toMatchObject({
      ok: true,
      data: { provider: 'openai-compatible', model: 'gpt-4.1-mini' },
    });
    const badKey = await ask({
      type: 'test_connection',
      settings: { ...fakeSettings('openai', env.fake.baseURL('panel', 'openai')), apiKey: 'sk-wrong-wrong-wrong' },
    });
    expect(badKey).toMatchObject({ ok: false, error: { code: 'auth_failed' } });
    expect(JSON.stringify(badKey)).not.toContain('sk-wrong-wrong-wrong');

    expect(await ask({ type: 'get_latest_tree', tabId })).toMatchObject({ ok: false, error: { code: 'no_tree' } });
    await run(env.browser, {
      tabId,
      task: 'Add three todos: "One", "Two", "Three". Then mark "Two" as completed and tell me how many items are left.',
      mode: 'act',
    });
    const tree = await ask({ type: 'get_latest_tree', tabId });
    expect(tree).toMatchObject({ ok: true, data: { tabId, title: 'Todos' } });
    expect(JSON.stringify(tree)).toContain('2 items left');

    const trace = await ask({ type: 'get_trace' });
    expect(trace).toMatchObject({ ok: true });
    const dump = JSON.stringify(trace);
    expect(dump).toContain('"status":200');
    expect(dump).toContain('"status":401');
    expect(dump).not.toContain(FAKE_KEY);
    expect(dump).not.toContain('sk-wrong-wrong-wrong');
    await panel.close();
    await page.close();
  });
});
