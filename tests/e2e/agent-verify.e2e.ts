/**
 * The read tools in a whole agent run (built extension, AI SDK, fake provider): a scripted model
 * checks a login form with tree reads, verify, wait_for, extract and inspect. A password the user
 * typed into the page appears 0 times in what the model was sent, in the conversation and in the
 * trace; one the model itself types appears only in its own call, never in a tool result.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../fake-providers/script';
import { conversation, openPanelClient, run, useScript } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

const pwSchema = {
  type: 'object',
  properties: {
    byValue: { type: 'string', 'x-source': { selector: '#pw', value: true } },
    byProp: { type: 'string', 'x-source': { selector: '#pw', prop: 'value' } },
    byAttr: { type: 'string', 'x-source': { selector: '#pw', attr: 'value' } },
    label: { type: 'string', 'x-source': { selector: 'main' } },
  },
};

describe('agent: verify before done, passwords never leave the page', () => {
  it('a password the user typed appears 0 times in results, conversation and trace', async () => {
    const secret = 'Pw-user-typed-7781';
    const task = 'Check that my password is filled in, without telling me what it is.';
    await useScript(
      env,
      'pw-user',
      {
        [task]: {
          steps: [
            step('get_accessibility_tree', {}),
            step('verify', { check: 'value', selector: '#pw', value: 'a-wrong-guess' }),
            step('verify', { check: 'attribute', selector: '#pw', attr: 'value', value: 'nope' }),
            step('extract', { schema: pwSchema }),
            step('inspect', { selector: '#pw' }),
            step('wait_for', { check: 'value', selector: '#pw', value: 'still-wrong', timeoutMs: 300 }),
            step('verify', { check: 'text', selector: 'main', text: 'Password' }),
          ],
          final: () => 'Your password field is filled in (its value stays hidden).',
        },
      },
      { tier: 'mid' },
    );
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    await page.fill('#pw', secret);
    // React-style value attribute syncing: the secret is in the markup too.
    await page.evaluate(() => {
      const pw = document.getElementById('pw');
      if (pw instanceof HTMLInputElement) pw.setAttribute('value', pw.value);
    });
    const report = await run(env.browser, { tabId, task, mode: 'ask' });
    expect(report.status).toBe('done');
    expect(report.steps.map((s) => s.tool)).toEqual([
      'get_accessibility_tree',
      'verify',
      'verify',
      'extract',
      'inspect',
      'wait_for',
      'verify',
    ]);
    // The wait for a value that never comes runs out of time: not a success (waitMissed); every other call is.
    expect(report.steps.map((s) => s.ok)).toEqual([true, true, true, true, true, false, true]);
    // The reads did see the field: masked, not empty.
    expect(report.steps[1]?.result).toContain('••••');
    expect(report.steps[3]?.result).toMatch(/"byValue":"••••","byProp":"••••","byAttr":"••••"/);
    const sent = JSON.stringify(env.fake.requests.filter((r) => r.scenario === 'pw-user'));
    const everything = JSON.stringify([
      report,
      await conversation(env.browser, tabId),
      await env.browser.worker.evaluate(() => globalThis.wb.trace()),
    ]);
    expect(occurrences(sent, secret)).toBe(0);
    expect(occurrences(everything, secret)).toBe(0);
    await page.close();
  });

  it('a password the model types shows only in its own call, never in a tool result', async () => {
    const secret = 'Pw-model-typed-3390';
    const task = `Type the password ${secret} into the password field and make sure it landed.`;
    await useScript(
      env,
      'pw-model',
      {
        [task]: {
          steps: [
            step('get_accessibility_tree', { filter: 'interactive' }),
            step('type_ax', (v) => ({ ref_id: v.ref(/^textbox$/, /^Password$/), text: secret })),
            step('verify', { check: 'value', selector: '#pw', value: secret }),
            step('extract', { schema: pwSchema }),
          ],
          final: (v) => (/"holds":true/.test(v.calls[2]?.result ?? '') ? 'Done: verified.' : 'It did not land.'),
        },
      },
      { tier: 'mid' },
    );
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const report = await run(env.browser, { tabId, task, mode: 'act' });
    expect(report.status).toBe('done');
    expect(report.answer).toBe('Done: verified.');
    expect(await page.inputValue('#pw')).toBe(secret);
    for (const s of report.steps)
      expect({ tool: s.tool, result: s.result, n: occurrences(s.result, secret) }).toMatchObject({ n: 0 });
    const conv = await conversation(env.browser, tabId);
    const toolResults = conv.messages.filter((m) => m.role === 'tool').map((m) => m.result ?? '');
    // Only the result: the message also records the call's own arguments, where the model put it.
    expect(toolResults).toHaveLength(4);
    for (const t of toolResults) expect(occurrences(t, secret)).toBe(0);
    await page.close();
  });
});

describe('agent: wait_for_stable waits for a request that started before the wait', () => {
  it('a fetch a click started is still in flight when the wait begins: stable only after its answer', async () => {
    // Beyond the 2 s a click waits for the requests it caused (docs/action-evidence.md), so the
    // request is still in flight when the click has returned and the wait begins.
    const DELAY_MS = 3500;
    const QUIET_MS = 300;
    let requestedAt = 0;
    let answeredAt = 0;
    env.server.route('/api/slow-report', (_req, res) => {
      requestedAt = Date.now();
      setTimeout(() => {
        answeredAt = Date.now();
        res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
        res.end('Report ready: 12 orders');
      }, DELAY_MS);
    });
    const task = 'Load the report and tell me what it says.';
    await useScript(
      env,
      'slow-report',
      {
        [task]: {
          steps: [
            step('get_accessibility_tree', { filter: 'interactive' }),
            step('click_ax', (v) => ({ ref_id: v.ref(/^button$/, /^Load report$/) })),
            step('wait_for_stable', { quietMs: QUIET_MS, timeoutMs: 8000 }),
            step('verify', { check: 'text', selector: '#out', text: 'Report ready' }),
          ],
          final: () => 'The report is loaded.',
        },
      },
      { tier: 'mid' },
    );
    const { page, tabId } = await env.browser.open(env.server.url('/wait-slow.html'));
    // A panel stand-in stamps each agent event as it arrives (the browser's clock, the server's too:
    // one machine). The runner emits tool_call before the tool runs, so its stamp is at most the
    // handler's start (plus the message's transit).
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.page.evaluate(() => {
      const stamps: [string, string, number][] = [];
      Object.assign(window, { __stamps: stamps });
      window.__port.onMessage.addListener((e: unknown) => {
        if (typeof e === 'object' && e !== null && 'type' in e && 'tool' in e)
          stamps.push([String(e.type), String(e.tool), Date.now()]);
      });
    });
    const report = await run(env.browser, { tabId, task, mode: 'act' });
    expect(report.status).toBe('done');
    expect(report.steps.map((s) => [s.tool, s.ok])).toEqual([
      ['get_accessibility_tree', true],
      ['click_ax', true],
      ['wait_for_stable', true],
      ['verify', true],
    ]);
    const stamps = await panel.page.evaluate(() => Reflect.get(window, '__stamps') as [string, string, number][]);
    const waitCallAt = stamps.find(([type, tool]) => type === 'tool_call' && tool === 'wait_for_stable')?.[2] ?? NaN;
    const waited = report.steps[2]?.result ?? '';
    expect(waited).toMatch(/"stable":\s*true/);
    const waitedMs = Number(/"waitedMs":\s*(\d+)/.exec(waited)?.[1] ?? NaN);
    const timing = JSON.stringify({ requestedAt, waitCallAt, answeredAt, waitedMs });
    // The setting this proves: the request started before the wait began, and was answered after.
    expect(requestedAt, timing).toBeGreaterThan(0);
    expect(requestedAt, timing).toBeLessThan(waitCallAt);
    expect(answeredAt, timing).toBeGreaterThan(waitCallAt);
    // The wait returned at its start + waitedMs, and its start came after the tool_call stamp: so it
    // returned after the server's answer. (A wait blind to the request returns after QUIET_MS, long
    // before; the quiet time after the answer covers the event's transit.)
    expect(waitCallAt + waitedMs, timing).toBeGreaterThanOrEqual(answeredAt);
    // And what the wait promised holds: the report is on the page.
    expect(report.steps[3]?.result).toMatch(/"holds":\s*true/);
    await panel.close();
    await page.close();
  });
});
