// Read budgets and the observation checkpoint through the whole stack: what the model asks for,
// what it is given, and the exact continuation it must follow.
import { beforeAll, describe, expect, it } from 'vitest';
import { pageThrough, readAndWaitForever, readForever } from '../fake-providers/policies';
import { configure, FAKE_KEY, fakeSettings, run } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

beforeAll(async () => {
  const items = Array.from(
    { length: 2500 },
    (_, i) => `<li>Catalogue entry number ${i + 1} of the long list</li>`,
  ).join('');
  env.server.route('/long.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Long</title><h1>Catalogue</h1><ul>${items}</ul><button>Load more</button>`);
  });
});
/** The tree results the model received in the last request of a scenario. */
function treeResults(scenario: string): string[] {
  const last = env.fake.requests.filter((r) => r.scenario === scenario).at(-1);
  return last?.turn.messages.flatMap((m) => (m.role === 'tool' ? [m.text] : [])) ?? [];
}

describe('read budgets', () => {
  it('gives a Full model with a 200k context 12,000-character pages in 16,000-character results, paged to the end', async () => {
    env.fake.scenario('expanded', { apiKey: FAKE_KEY, policy: pageThrough({ maxChars: 20_000 }) });
    await configure(env.browser, fakeSettings('anthropic', env.fake.baseURL('expanded', 'anthropic')));
    const { page, tabId } = await env.browser.open(env.server.url('/long.html'));
    const report = await run(env.browser, { tabId, task: 'Read the whole catalogue.', mode: 'ask' });
    expect(report.status).toBe('done');
    const results = treeResults('expanded');
    // More than 8 reads, yet no checkpoint: each new exact page is progress.
    expect(results.length).toBeGreaterThan(8);
    expect(report.answer).toBe(`Read the whole page in ${results.length} pages.`);
    expect(results[0]).toContain('note: maxChars 20000 lowered to 12000, the largest page this model may read.');
    expect(report.steps[0]?.args).toEqual({ maxChars: 12_000 });
    for (const r of results) expect(r.length).toBeLessThanOrEqual(16_000 + 120);
    // The continuation printed on page n is exactly what page n+1 was called with.
    for (let i = 1; i < report.steps.length; i++) {
      const printed = /exactly these arguments: (\{.*?\})\. Reuse/.exec(report.steps[i - 1]?.result ?? '')?.[1];
      expect(report.steps[i]?.args).toEqual(JSON.parse(printed ?? 'null'));
      expect(report.steps[i]?.args).toMatchObject({ maxChars: 12_000, page: i + 1 });
    }
    expect(results.at(-1)).toContain(
      `[end of tree: page ${results.length} of ${results.length} is the last; hasMore:false]`,
    );
    expect(results.at(-1)).toContain('Catalogue entry number 2500 of the long list');
    await page.close();
  });

  it('keeps a Compact model at 6,000 / 8,000 however much it asks for', async () => {
    env.fake.scenario('compact', { apiKey: FAKE_KEY, policy: pageThrough({ maxChars: 12_000 }) });
    await configure(
      env.browser,
      fakeSettings('openai', env.fake.baseURL('compact', 'openai'), { tier: 'compact', contextWindow: 200_000 }),
    );
    const { page, tabId } = await env.browser.open(env.server.url('/long.html'));
    const report = await run(env.browser, { tabId, task: 'Read the whole catalogue.', mode: 'ask' });
    expect(report.status).toBe('done');
    expect(report.steps[0]?.args).toEqual({ maxChars: 6000 });
    expect(report.steps[0]?.result).toContain('maxChars 12000 lowered to 6000: compact-tier models');
    for (const s of report.steps) expect(s.result.length).toBeLessThanOrEqual(8000 + 120);
    expect(report.steps.length).toBeGreaterThan(15);
    await page.close();
  });
});

describe('observation checkpoint', () => {
  it('after 8 reads without progress offers actions only and refuses further reads', async () => {
    env.fake.scenario('checkpoint', { apiKey: FAKE_KEY, policy: readForever });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('checkpoint', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'Look at the cart.', mode: 'act' });
    expect(report.status).toBe('done');
    const reads = report.steps.filter((s) => s.tool === 'get_accessibility_tree');
    expect(reads).toHaveLength(9);
    expect(reads[7]?.result).toMatch(/CHECKPOINT: observation checkpoint: 8 reads without progress/);
    expect(reads[8]?.ok).toBe(false);
    expect(reads[8]?.result).toMatch(/^REFUSED: observation checkpoint/);
    expect(report.answer).toMatch(/^Stopping: REFUSED: observation checkpoint/);
    const offered = env.fake.requests
      .filter((r) => r.scenario === 'checkpoint')
      .map((r) => r.turn.tools.map((t) => t.name));
    expect(offered[0]).toContain('get_accessibility_tree');
    expect(offered[8]).not.toContain('get_accessibility_tree');
    expect(offered[8]).toContain('click_ax');
    await page.close();
  });

  it('holds with waits between the reads: a wait neither counts as a read nor resets the count', async () => {
    env.fake.scenario('checkpoint-waits', { apiKey: FAKE_KEY, policy: readAndWaitForever });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('checkpoint-waits', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'Look at the cart.', mode: 'act' });
    expect(report.status).toBe('done');
    const reads = report.steps.filter((s) => s.tool === 'get_accessibility_tree');
    const waits = report.steps.filter((s) => s.tool === 'wait_for_stable');
    // Eight reads with a wait after each: the eighth read reaches the checkpoint, and the wait after it
    // is refused like any other read-only call (before the fix each wait reset the count).
    expect(reads).toHaveLength(8);
    expect(waits).toHaveLength(8);
    expect(waits.slice(0, 7).every((w) => w.ok)).toBe(true);
    expect(reads[7]?.result).toMatch(/CHECKPOINT: observation checkpoint: 8 reads without progress/);
    expect(waits[7]?.result).toMatch(/^REFUSED: observation checkpoint/);
    expect(report.steps.at(-1)?.tool).toBe('wait_for_stable');
    await page.close();
  });
});

describe('task budgets', () => {
  it('a token budget given to the run stops it before the next model call, saying what was spent and done', async () => {
    env.fake.scenario('budget-tokens', { apiKey: FAKE_KEY, policy: readForever });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('budget-tokens', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, {
      tabId,
      task: 'Look at the cart.',
      mode: 'act',
      budget: { tokens: 12_000 },
    });
    expect(report.status).toBe('budget_limit');
    const used = report.usage.inputTokens + report.usage.outputTokens;
    expect(used).toBeGreaterThanOrEqual(12_000);
    // gpt-4.1-mini is priced, so the spend also says its estimated cost.
    expect(report.error).toMatch(
      new RegExp(
        `^Stopped: the token budget of 12,000 was reached: ${used.toLocaleString('en-US')} tokens used \\(about \\$[\\d.]+\\)\\. `,
      ),
    );
    expect(report.error).toContain(
      `Done so far: ${report.steps.length} tool call(s) ran (${report.steps.length} ok): ${report.steps.map((s) => s.tool).join(', ')}. Raise the budget (settings, or the run's budget) or ask again with a narrower task.`,
    );
    // It stopped at the first model call after the budget was crossed, not later.
    const calls = env.fake.requests.filter((r) => r.scenario === 'budget-tokens');
    expect(calls).toHaveLength(report.steps.length);
    const before = calls.slice(0, -1).reduce((s, r) => s + (r.usage?.input ?? 0) + (r.usage?.output ?? 0), 0);
    expect(before).toBeLessThan(12_000);
    await page.close();
  });

  it('the settings default applies to a run without its own, and a priced model stops at its cost ceiling', async () => {
    env.fake.scenario('budget-usd', { apiKey: FAKE_KEY, policy: readForever });
    await configure(
      env.browser,
      fakeSettings('anthropic', env.fake.baseURL('budget-usd', 'anthropic'), { budgetUsd: 0.02 }),
    );
    const { page, tabId } = await env.browser.open(env.server.url('/agent-shop.html'));
    const report = await run(env.browser, { tabId, task: 'Look at the cart.', mode: 'act' });
    expect(report.status).toBe('budget_limit');
    expect(report.error).toMatch(
      /^Stopped: the cost budget of \$0\.020 was reached: about \$0\.0\d+ spent \([\d,]+ tokens\)\. Done so far: \d+ tool call\(s\) ran/,
    );
    // A run's own budget wins over the default: a large one lets the task end on its own (the checkpoint).
    env.fake.scenario('budget-run-wins', { apiKey: FAKE_KEY, policy: readForever });
    await configure(
      env.browser,
      fakeSettings('anthropic', env.fake.baseURL('budget-run-wins', 'anthropic'), { budgetUsd: 0.02 }),
    );
    const own = await run(env.browser, { tabId, task: 'Look at the cart.', mode: 'act', budget: { usd: 100 } });
    expect(own.status).toBe('done');
    await configure(env.browser, fakeSettings('anthropic', env.fake.baseURL('budget-run-wins', 'anthropic')));
    await page.close();
  });
});
