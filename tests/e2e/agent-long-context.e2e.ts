// Long tasks (issue 15): context compaction against a provider that refuses over-window prompts, and
// Anthropic prompt caching priced in the panel's cost meter. Real Chromium, the real extension, the
// fake providers speaking the real wires.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/protocol/agent';
import { answer, call, lastCall, read, treeLines } from '../fake-providers/reading';
import type { Protocol } from '../fake-providers/server';
import { isRecord, type FakePolicy } from '../fake-providers/turn';
import { configure, FAKE_KEY, fakeSettings, openPanelClient, run, type PanelClient } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

const WORDS =
  'amber birch cobalt dune ember fjord garnet harbor indigo juniper kestrel lagoon maple nectar onyx pepper quartz raven saffron tundra'.split(
    ' ',
  );
const TASK = 'Go through every ledger section and tell me the code word of each, in order.';

/**
 * The model a long task needs: read a section, note its code word in its own words (assistant text,
 * which compaction never touches), press Next, and at the end answer from its notes alone. Every
 * read is a large page, so the history outgrows an 8k window after a few sections.
 */
const ledgerPolicy: FakePolicy = (turn) => {
  const last = lastCall(turn);
  if (!last) return read();
  const notes = turn.messages.flatMap((m) =>
    m.role === 'assistant' ? [...m.text.matchAll(/Noted section (\d+) of (\d+): (\w+)\./g)] : [],
  );
  if (last.call.name === 'click_ax') {
    if (/^(ERROR|REFUSED)/m.test(last.result)) return answer(`The click failed: ${last.result.slice(0, 200)}`);
    const latest = notes.at(-1);
    if (latest && latest[1] === latest[2]) return answer(`The code words are: ${notes.map((n) => n[3]).join(', ')}.`);
    return read();
  }
  if (!last.result.includes('tree_revision')) return answer(`I could not read the page: ${last.result.slice(0, 300)}`);
  const code = /Code word for section (\d+): (\w+)/.exec(last.result);
  const of = /Section \d+ of (\d+)/.exec(last.result);
  const next = treeLines(last.result).find((l) => l.role === 'button' && /^(Next section|Finish)$/.test(l.name));
  if (!code || !of || !next) return answer(`The section is incomplete: ${last.result.slice(0, 300)}`);
  return { text: `Noted section ${code[1]} of ${of[1]}: ${code[2]}.`, ...call('click_ax', { ref_id: next.ref }) };
};

let panel: PanelClient | undefined;
afterAll(async () => panel?.close());

async function ledgerTab(sections = 20): Promise<{ page: Page; tabId: number }> {
  return env.browser.open(env.server.url(`/long-ledger.html?sections=${sections}`));
}

/** The real side panel for a tab: what the user sees of the finished task. */
async function sidePanel(tabId: number): Promise<Page> {
  const page = await env.browser.context.newPage();
  await page.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
  return page;
}

function compactedEvents(events: AgentEvent[]): Extract<AgentEvent, { type: 'compacted' }>[] {
  return events.flatMap((e) => (e.type === 'compacted' ? [e] : []));
}

describe('context compaction', () => {
  // 8,000 tokens (issue 26): the fixed prompt (≤ 1,200 on Compact, background/agent/loop/fixed-prompt.test.ts)
  // leaves room for the task, one page and the notes; compaction does the rest.
  const WINDOW = 8_000;
  // 28 steps on the OpenAI wire, 20 on the others (same window, same mechanism) to keep the file's run
  // time bearable on a shared machine. What compaction cannot shrink (the model's notes and calls, one
  // brief line per old read) grows ~120 tokens a section: 20 sections reach the 8,000 window's edge.
  it.each<[Protocol, number]>([
    ['openai', 14],
    ['anthropic', 10],
    ['google', 10],
  ])(
    'a long task over large pages finishes inside an 8,000-token window (%s wire, %i sections)',
    async (protocol, sections) => {
      const scenario = `ledger-${protocol}`;
      env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: ledgerPolicy, contextWindow: WINDOW });
      await configure(
        env.browser,
        fakeSettings(protocol, env.fake.baseURL(scenario, protocol), { tier: 'compact', contextWindow: WINDOW }),
      );
      const { page, tabId } = await ledgerTab(sections);
      panel = await openPanelClient(env.browser, tabId);
      await panel.waitFor((e) => e.type === 'snapshot');
      const report = await run(env.browser, { tabId, task: TASK, mode: 'act', maxSteps: 45 });

      expect(report.error).toBeUndefined();
      expect(report.status).toBe('done');
      expect(report.answer).toBe(`The code words are: ${WORDS.slice(0, sections).join(', ')}.`);
      expect(report.steps).toHaveLength(2 * sections);
      expect(await page.locator('h1').textContent()).toBe('All sections read');
      const served = env.fake.requests.filter((r) => r.scenario === scenario);
      // No request was refused, and the history really did outgrow the window several times over.
      expect(served.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      expect(Math.max(...served.map((r) => r.usage?.input ?? 0))).toBeLessThanOrEqual(WINDOW);
      // Sent whole, the results alone plus the first request (system, tools, task) would not fit.
      const whole = report.steps.reduce((n, s) => n + s.result.length, 0) / 4;
      expect(whole + (served[0]?.usage?.input ?? 0)).toBeGreaterThan(WINDOW);

      const events = await panel.events();
      const compacted = compactedEvents(events);
      expect(compacted.length).toBeGreaterThan(0);
      for (const c of compacted) {
        expect(c.savedTokens).toBe(c.beforeTokens - c.afterTokens);
        expect(c.savedTokens).toBeGreaterThan(0);
        expect(c.afterTokens).toBeLessThan(WINDOW);
      }
      // The last request: the task and every note intact; older reads summarised, fenced, with
      // the Next button each later click named; the newest read whole.
      const lastTurn = served.at(-1)?.turn;
      expect(lastTurn?.messages[0]).toEqual({ role: 'user', text: TASK });
      const results = lastTurn?.messages.flatMap((m) => (m.role === 'tool' ? [m.text] : [])) ?? [];
      const summaries = results.filter((r) => r.includes('[compacted]'));
      expect(summaries.length).toBeGreaterThan(sections / 2);
      for (const s of summaries) expect(s).toMatch(/^<<WB-UNTRUSTED [0-9a-f]{24}>> source=\w+\n\[compacted\]/);
      expect(summaries.filter((s) => /button "Next section" \[ref_\d+\]/.test(s)).length).toBeGreaterThan(2);

      // The panel: a notice per compaction with the saved tokens, and the task's token figures.
      const sp = await sidePanel(tabId);
      const notices = sp.getByTestId('msg-notice').filter({ hasText: 'Context compacted' });
      await expect.poll(() => notices.count()).toBe(compacted.length);
      const first = compacted[0];
      if (!first) throw new Error('unreachable: compacted is not empty');
      expect(await notices.first().textContent()).toContain(
        `Context compacted, saved ${first.savedTokens.toLocaleString('en-US')} tokens`,
      );
      const usage = [...events].reverse().find((e) => e.type === 'usage');
      const input = served.reduce((n, r) => n + (r.usage?.input ?? 0), 0);
      expect(usage?.type === 'usage' ? usage.task.inputTokens : -1).toBe(input);
      await expect.poll(() => sp.getByTestId('cost-meter').textContent()).toMatch(/^Task \S+ in · \S+ out/);
      console.log(
        `[compaction ${protocol}] ${2 * sections} steps, ${compacted.length} compactions, saved ${compacted
          .map((c) => c.savedTokens)
          .join(' + ')} tokens; largest request ${Math.max(...served.map((r) => r.usage?.input ?? 0))} of ${WINDOW}`,
      );
      await sp.close();
      await panel.close();
      panel = undefined;
      await page.close();
    },
    600_000,
  );

  it('without compaction the same run is refused by the provider', async () => {
    const scenario = 'ledger-off';
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: ledgerPolicy, contextWindow: WINDOW });
    await configure(
      env.browser,
      fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), {
        tier: 'compact',
        contextWindow: WINDOW,
        compaction: false,
      }),
    );
    const { page, tabId } = await ledgerTab();
    const report = await run(env.browser, { tabId, task: TASK, mode: 'act', maxSteps: 45 });
    expect(report.status).toBe('error');
    expect(report.error).toMatch(/maximum context length is 8000 tokens/);
    expect(report.steps.length).toBeLessThan(40);
    const served = env.fake.requests.filter((r) => r.scenario === scenario);
    expect(served.at(-1)?.status).toBe(400);
    console.log(`[compaction off] refused after ${report.steps.length} steps: ${report.error ?? ''}`);
    await page.close();
  }, 300_000);
});

describe('prompt caching (Anthropic)', () => {
  /** Runs the 20-step ledger task (10 sections) in a fresh tab; returns the panel's cost line and the requests. */
  async function costOf(scenario: string, promptCache: boolean) {
    env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy: ledgerPolicy, promptCache });
    await configure(env.browser, fakeSettings('anthropic', env.fake.baseURL(scenario, 'anthropic')));
    const { page, tabId } = await ledgerTab(10);
    const report = await run(env.browser, { tabId, task: TASK, mode: 'act', maxSteps: 30 });
    expect(report.status).toBe('done');
    expect(report.steps).toHaveLength(20);
    expect(report.answer).toBe(`The code words are: ${WORDS.slice(0, 10).join(', ')}.`);
    const sp = await sidePanel(tabId);
    const meter = sp.getByTestId('cost-meter');
    await expect.poll(() => meter.textContent()).toMatch(/est\. \$/);
    const text = (await meter.textContent()) ?? '';
    const cost = Number(/est\. \$([\d.]+)/.exec(text)?.[1] ?? 'NaN');
    await sp.close();
    await page.close();
    return { text, cost, served: env.fake.requests.filter((r) => r.scenario === scenario) };
  }

  it('marks breakpoints on every request, reads the prefix from the cache and costs less than uncached', async () => {
    const cached = await costOf('cache-on', true);
    const uncached = await costOf('cache-off', false);
    expect(cached.served).toHaveLength(21);
    for (const [i, r] of cached.served.entries()) {
      // Tools, the system prompt and the end of the history: three breakpoints, every request.
      expect(r.cache?.breakpoints).toBe(3);
      if (i > 0) expect(r.cache?.read).toBeGreaterThan((r.usage?.input ?? 0) / 2);
    }
    // The page note is the only thing after the last breakpoint: the system prompt carries no URL.
    const second = cached.served[1]?.body;
    expect(isRecord(second) && JSON.stringify(second.system)).not.toContain('long-ledger');
    expect(JSON.stringify(second)).toContain('"cache_control":{"type":"ephemeral"}');
    expect(cached.text).toMatch(/in \(\S+ cached\)/);
    console.log(`[prompt cache] 20-step task: cached ${cached.text} | uncached ${uncached.text}`);
    expect(cached.cost).toBeLessThan(uncached.cost);
    expect(cached.cost).toBeGreaterThan(0);
  }, 600_000);
});
