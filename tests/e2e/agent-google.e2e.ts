// Google Gemini through the whole stack: the built extension's worker runs `@ai-sdk/google` against a
// fake speaking the Gemini wire protocol (`:streamGenerateContent?alt=sse`, `x-goog-api-key`,
// `functionDeclarations`, `functionCall` / `functionResponse` parts, `usageMetadata`), driven by the
// same scripted policy as the OpenAI and Anthropic runs.
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE_THOUGHT_SIGNATURE } from '../fake-providers/google-wire';
import { readAndReport, todoPolicy } from '../fake-providers/policies';
import { isRecord } from '../fake-providers/turn';
import { configure, conversation, FAKE_KEY, fakeSettings, run, runTodoTask } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

beforeAll(async () => {});
/** A panel request (`chrome.runtime.sendMessage` from an extension page, as the side panel sends it). */
async function ask(request: unknown): Promise<unknown> {
  const page = await env.browser.context.newPage();
  try {
    await page.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=1`);
    return await page.evaluate((r) => chrome.runtime.sendMessage(r), request);
  } finally {
    await page.close();
  }
}

/** Everything a key could leak into: a run report, the tab's conversation and the trace export. */
async function everything(tabId: number, report: unknown): Promise<string> {
  return JSON.stringify([
    report,
    await conversation(env.browser, tabId),
    await env.browser.worker.evaluate(() => globalThis.wb.trace()),
  ]);
}

describe('agent over the Gemini wire protocol (provider google)', () => {
  it('adds three todos, completes one and reports how many are left, with usage from usageMetadata', async () => {
    const scenario = 'todo-google';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: todoPolicy });
    await configure(env.browser, fakeSettings('google', env.fake.baseURL(scenario, 'google')));
    expect(await env.browser.worker.evaluate(() => globalThis.wb.settings.get())).toMatchObject({
      provider: 'google',
      model: 'gemini-2.5-flash',
      baseURL: env.fake.baseURL(scenario, 'google'),
      hasApiKey: true,
    });
    const { page, panel, tabId, ended, events, calls } = await runTodoTask(
      env.browser,
      env.server.url('/agent-todo.html'),
    );
    expect(ended.answer).toBe('Done. 2 items left.');

    // Usage: one report per model step, each step exactly what the fake put in its last
    // usageMetadata (promptTokenCount / candidatesTokenCount), and the task total their sum.
    const served = env.fake.requests.filter((r) => r.scenario === scenario && r.status === 200);
    expect(served).toHaveLength(calls.length + 1);
    const usage = events.flatMap((e) => (e.type === 'usage' ? [e] : []));
    expect(usage.map((u) => u.step)).toEqual(
      served.map((r) => ({ inputTokens: r.usage?.input, outputTokens: r.usage?.output })),
    );
    const sum = (k: 'input' | 'output') => served.reduce((n, r) => n + (r.usage?.[k] ?? 0), 0);
    expect(usage.at(-1)?.task).toEqual({ inputTokens: sum('input'), outputTokens: sum('output') });
    expect(sum('input')).toBeGreaterThan(1000);

    // The requests were Gemini's: streamed generateContent for the model in the path, the key in
    // x-goog-api-key (never in the URL), the prompt as systemInstruction, tools as functionDeclarations.
    for (const r of served) {
      expect(r.url).toMatch(/\/v1beta\/models\/gemini-2\.5-flash:streamGenerateContent\?alt=sse$/);
      expect(r.headers['x-goog-api-key']).toBe(FAKE_KEY);
      expect(r.headers.authorization).toBeUndefined();
    }
    const lastBody = served.at(-1)?.body;
    expect(lastBody).toMatchObject({ systemInstruction: { parts: [{ text: expect.stringContaining('ref_') }] } });
    const declared = isRecord(lastBody) && Array.isArray(lastBody.tools) ? lastBody.tools : [];
    expect(JSON.stringify(declared)).toContain('"functionDeclarations"');
    expect(served.at(-1)?.turn.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['get_accessibility_tree', 'focus_type', 'click_ax']),
    );
    const roles = isRecord(lastBody) && Array.isArray(lastBody.contents) ? lastBody.contents.map((c) => c.role) : [];
    // The task, then a model call and its function response per step; roles alternate, as Gemini
    // requires, so the page note (the tab's title and URL, kept after the history so the prefix stays
    // cacheable: docs/long-tasks.md) rides in the last user turn, after the function responses.
    expect(roles).toEqual(['user', ...calls.flatMap(() => ['model', 'user'])]);
    const lastTurn = isRecord(lastBody) && Array.isArray(lastBody.contents) ? lastBody.contents.at(-1) : undefined;
    expect(JSON.stringify(lastTurn)).toContain('functionResponse');
    expect(served.at(-1)?.turn.page).toContain("The user's tab now:");
    // Gemini's thought signatures travel back with each function call in later turns.
    expect(JSON.stringify(lastBody)).toContain(`"thoughtSignature":"${FAKE_THOUGHT_SIGNATURE}"`);

    // Every functionResponse the model received was fenced with the task's nonce.
    const nonce = /<<WB-UNTRUSTED ([0-9a-f]{24})>>/.exec(served.at(-1)?.turn.system ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const toolTexts = served.at(-1)?.turn.messages.flatMap((m) => (m.role === 'tool' ? [m.text] : [])) ?? [];
    expect(toolTexts).toHaveLength(calls.length);
    for (const t of toolTexts) expect(t.startsWith(`<<WB-UNTRUSTED ${nonce}>>`)).toBe(true);

    const conv = await conversation(env.browser, tabId);
    expect(conv.status).toBe('done');
    expect(conv.messages.filter((m) => m.role === 'tool')).toHaveLength(calls.length);

    // The trace shows the exchanges with the key masked in the header and absent everywhere.
    const trace = await env.browser.worker.evaluate(() => globalThis.wb.trace());
    const mine = trace.filter((t) => t.url.includes(`/${scenario}/`));
    expect(mine).toHaveLength(served.length);
    expect(mine[0]?.requestHeaders['x-goog-api-key']).toBe('[redacted]');
    expect(await everything(tabId, ended)).not.toContain(FAKE_KEY);
    await panel.close();
    await page.close();
  });

  it('Test connection makes one non-streamed generateContent call', async () => {
    const scenario = 'ping-google';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: readAndReport(/x/) });
    const settings = fakeSettings('google', env.fake.baseURL(scenario, 'google'));
    const reply = await ask({ type: 'test_connection', settings });
    expect(reply, JSON.stringify(reply)).toMatchObject({
      ok: true,
      data: { provider: 'google', model: 'gemini-2.5-flash', reply: 'OK' },
    });
    const [req] = env.fake.requests.filter((r) => r.scenario === scenario);
    expect(req?.url).toMatch(/\/models\/gemini-2\.5-flash:generateContent$/);
  });
});

describe('Gemini key failures end with a clear message that never contains the key', () => {
  it("a wrong key: Gemini's HTTP 400 API_KEY_INVALID reads as a rejected key", async () => {
    const scenario = 'badkey-google';
    env.fake.scenario(scenario, { apiKey: 'AIza-the-right-key-000000', policy: readAndReport(/\$\d+\.\d\d/) });
    await configure(env.browser, fakeSettings('google', env.fake.baseURL(scenario, 'google')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'What does the mug cost?', mode: 'ask' });
    expect(report.status).toBe('error');
    expect(report.error).toBe(
      'Google Gemini rejected the API key (HTTP 400: API key not valid. Please pass a valid API key.). Check the key in Settings; keys are per provider.',
    );
    // Not retried: a bad key is not transient.
    expect(env.fake.requests.filter((r) => r.scenario === scenario).map((r) => r.status)).toEqual([400]);
    expect((await conversation(env.browser, tabId)).status).toBe('error');
    expect(await everything(tabId, report)).not.toContain(FAKE_KEY);
    // The panel's Test connection says the same, as an auth failure.
    const test = await ask({ type: 'test_connection' });
    expect(test).toMatchObject({ ok: false, error: { code: 'auth_failed' } });
    expect(JSON.stringify(test)).not.toContain(FAKE_KEY);
    await page.close();
  });

  it('a suspended key: HTTP 403 whose message echoes the key is scrubbed everywhere', async () => {
    const scenario = 'suspended-google';
    env.fake.scenario(scenario, { keySuspended: true, policy: readAndReport(/\$\d+\.\d\d/) });
    await configure(env.browser, fakeSettings('google', env.fake.baseURL(scenario, 'google')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'What does the mug cost?', mode: 'ask' });
    expect(report.status).toBe('error');
    expect(report.error).toBe(
      "Google Gemini rejected the API key (HTTP 403: Permission denied: Consumer 'api_key:[redacted]' has been suspended.). Check the key in Settings; keys are per provider.",
    );
    // The fake really echoed the key, so the scrubbing below is not vacuous.
    const trace = await env.browser.worker.evaluate(() => globalThis.wb.trace());
    const entry = trace.filter((t) => t.url.includes(`/${scenario}/`)).at(-1);
    expect(entry?.status).toBe(403);
    expect(entry?.responseBody).toContain("api_key:[redacted]'");
    expect(await everything(tabId, report)).not.toContain(FAKE_KEY);
    await page.close();
  });
});
