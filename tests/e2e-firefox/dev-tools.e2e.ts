/**
 * execute_js and console_read in real Firefox (docs/firefox.md): no debugger API there, so the code runs
 * through scripting.executeScript world MAIN and the console is read from a main-world hook installed on
 * the first console_read. execute_js goes through the same approval gate as in Chrome, driven over the
 * panel Port by a fake model: denied, the code does not run (judged by the page's own globals);
 * approved, it runs and returns its value; on a page whose CSP forbids eval it fails with csp_blocked.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/protocol/agent';
import { fakeSettings } from '../e2e/agent-helpers';
import { okData } from '../e2e/support/frames';
import { answer, call, callsThisTask } from '../fake-providers/reading';
import { startFakeProviders, type FakeProviders } from '../fake-providers/server';
import { FAKE_KEY } from '../e2e/agent-helpers';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite();
let fake: FakeProviders | undefined;

beforeAll(async () => {
  if (!run) return;
  fake = await startFakeProviders();
  const { ff, server } = env();
  server.route('/ff-console.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Console</title>
      <button onclick="console.error('payment failed: code 402'); console.log('just info')">Pay</button>`);
  });
  fake.scenario('ff-js', {
    apiKey: FAKE_KEY,
    policy: (turn) => {
      const calls = callsThisTask(turn);
      if (calls.length === 0) return call('execute_js', { code: 'window.__ranHere = 6 * 7' });
      return answer(`RESULT: ${(calls.at(-1)?.result ?? '').slice(0, 400)}`);
    },
  });
  const settings = fakeSettings('openai', fake.baseURL('ff-js', 'openai'));
  const set = await ff.panel.evaluate(async (s: string) => {
    const bg = await chrome.runtime.getBackgroundPage();
    const wb: unknown = bg ? Reflect.get(bg, 'wb') : undefined;
    const st: unknown = typeof wb === 'object' && wb !== null ? Reflect.get(wb, 'settings') : undefined;
    const fn: unknown = typeof st === 'object' && st !== null ? Reflect.get(st, 'set') : undefined;
    if (typeof fn !== 'function') throw new Error('wb.settings.set missing');
    return JSON.stringify(await Reflect.apply(fn, st, [JSON.parse(s)]));
  }, JSON.stringify(settings));
  expect(set).toMatch(/"ok":true/);
});
afterAll(async () => {
  await fake?.close();
});

/** A Port client on an extension page, as the panel holds it: events recorded, commands sent. */
async function portClient(page: Page, tabId: number) {
  await page.evaluate((id: number) => {
    const events: unknown[] = [];
    const port = chrome.runtime.connect({ name: 'wb-agent' });
    port.onMessage.addListener((e: unknown) => events.push(e));
    port.postMessage({ type: 'subscribe', tabId: id });
    Reflect.set(window, '__ffEvents', events);
    Reflect.set(window, '__ffPort', port);
  }, tabId);
  const events = async (): Promise<AgentEvent[]> =>
    JSON.parse(await page.evaluate(() => JSON.stringify(Reflect.get(window, '__ffEvents')))) as AgentEvent[];
  return {
    close: () =>
      page.evaluate(() => {
        const port: unknown = Reflect.get(window, '__ffPort');
        if (port instanceof Object && 'disconnect' in port && typeof port.disconnect === 'function') port.disconnect();
      }),
    send: (command: unknown) =>
      page.evaluate((c: string) => {
        const port: unknown = Reflect.get(window, '__ffPort');
        if (port instanceof Object && 'postMessage' in port && typeof port.postMessage === 'function')
          port.postMessage(JSON.parse(c));
      }, JSON.stringify(command)),
    async waitFor(pred: (e: AgentEvent) => boolean): Promise<AgentEvent> {
      let found: AgentEvent | undefined;
      await expect
        .poll(async () => (found = (await events()).find(pred)) !== undefined, { timeout: 60_000, interval: 250 })
        .toBe(true);
      if (!found) throw new Error('no such event');
      return found;
    },
  };
}

async function runOnce(tabId: number, decision: 'approve' | 'deny'): Promise<{ ask: AgentEvent; end: AgentEvent }> {
  // The extension page the suite already opened holds the Port (a fresh tab cannot load extension URLs directly).
  const port = await portClient(env().ff.panel, tabId);
  await port.send({ type: 'start', tabId, task: 'Run code.', mode: 'dev' });
  const ask = await port.waitFor((e) => e.type === 'approval_request');
  if (ask.type !== 'approval_request') throw new Error('expected an approval');
  await port.send({ type: 'approval', tabId, approvalId: ask.approvalId, decision });
  const end = await port.waitFor((e) => e.type === 'task_ended');
  await port.close();
  return { ask, end };
}

describe.skipIf(!run)('execute_js and console_read in Firefox', () => {
  it('execute_js asks per call: denied, nothing runs; approved, it runs; CSP without eval: csp_blocked', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/basic.html'));
    const denied = await runOnce(tabId, 'deny');
    expect(denied.ask).toMatchObject({ tool: 'execute_js', kind: 'execute_js', site: env().server.origin });
    expect(await page.evaluate(() => Reflect.get(window, '__ranHere') ?? null)).toBeNull();

    const approved = await runOnce(tabId, 'approve');
    expect(approved.end.type === 'task_ended' && approved.end.answer).toMatch(
      /"value":\s*42[\s\S]*"via":\s*"main-world"/,
    );
    expect(await page.evaluate(() => Reflect.get(window, '__ranHere') ?? null)).toBe(42);

    const strict = await env().ff.open(env().server.url('/csp-no-eval.html'));
    const blocked = await runOnce(strict.tabId, 'approve');
    expect(blocked.end.type === 'task_ended' && blocked.end.answer).toMatch(
      /csp_blocked: this page's Content-Security-Policy forbids eval/,
    );
    await strict.page.close();
    await page.close();
  });

  it("console_read sees a page's console.error logged after its first read", async () => {
    const { ff, server } = env();
    const { page, tabId } = await ff.open(server.url('/ff-console.html'));
    const first = okData(await ff.tool('console_read', {}, { tabId, mode: 'ask' }));
    expect(first).toMatchObject({ matching: 0 });
    expect(JSON.stringify(first)).toMatch(/capture starts now/);
    await page.click('button');
    const errors = okData(await ff.tool('console_read', { level: 'error' }, { tabId, mode: 'ask' }));
    expect(errors).toMatchObject({
      matching: 1,
      messages: [{ type: 'error', source: 'console', text: 'payment failed: code 402' }],
    });
    const all = okData(await ff.tool('console_read', {}, { tabId, mode: 'ask' }));
    expect(all).toMatchObject({ matching: 2 });
    await page.close();
  });
});
