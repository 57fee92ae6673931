/**
 * console_read, network_read and watch in real Chromium on tests/fixtures/pages/observe.html, and
 * the redaction posture: the page's secrets (token, e-mail, UUID, JWT, userinfo) never reach a tool
 * result, the conversation, the trace or the debug-log export.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTraceExport } from '../../sidepanel/lib/trace';
import { isRecord } from '../../src/result';
import { scriptPolicy, step } from '../fake-providers/script';
import { configure, FAKE_KEY, fakeSettings, run } from './agent-helpers';
import { data } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

const SECRETS = {
  token: 'tok_S3cretT0ken99',
  email: 'jane.doe@mail.example',
  uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJqYW5lIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  userinfo: 'pa55w0rd',
};

function countSecrets(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(SECRETS)) out[k] = text.split(v).length - 1;
  // An e-mail may also travel URL-encoded.
  out.emailEncoded = text.split(encodeURIComponent(SECRETS.email)).length - 1;
  return out;
}
const NONE = { token: 0, email: 0, uuid: 0, jwt: 0, userinfo: 0, emailEncoded: 0 };

beforeAll(() => {
  const json = (status: number) => (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end('{}');
  };
  env.server.route('/api/search', json(200));
  env.server.route(`/api/orders/${SECRETS.uuid}`, json(201));
  env.server.route(`/api/session/${SECRETS.jwt}`, json(200));
  env.server.route('/api/fail', json(500));
  env.server.route('/api/beacon', json(204));
  env.server.route('/api/burst', json(200));
  env.server.route('/api/other-tab', json(200));
});

async function debuggerAttached(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(async (id: number) => {
    const targets = await chrome.debugger.getTargets();
    return targets.some((t) => t.tabId === id && t.attached);
  }, tabId);
}

interface ConsoleMsg {
  ts: number;
  type: string;
  source: string;
  text: string;
  at?: string;
}

async function openObserve(): Promise<{ page: Page; tabId: number }> {
  const opened = await env.browser.open(env.server.url('/observe.html'));
  // The unhandled rejection is reported after the load task; give it a moment.
  await opened.page.waitForTimeout(200);
  return opened;
}

describe('console_read', () => {
  it('returns the messages logged at load, in order, with types and the exact truncation note', async () => {
    const { page, tabId } = await openObserve();
    const r = data(await env.browser.tool('console_read', {}, { tabId, mode: 'ask', tier: 'mid' }));
    const messages = r.messages as ConsoleMsg[];
    const page_ = messages.filter((m) => m.source !== 'browser');
    expect(page_.map((m) => [m.type, m.source, (m.text.split('\n')[0] ?? '').slice(0, 50)])).toEqual([
      ['info', 'console', 'info at load'],
      ['warning', 'console', 'warning at load'],
      ['error', 'console', 'error at load'],
      ['log', 'console', 'L'.repeat(50)],
      ['log', 'console', expect.stringMatching(/^visit http:\/\/127\.0\.0\.1:\d+\/account\?…#…$/)],
      ['error', 'exception', 'Uncaught Error: boom at load'],
      ['error', 'exception', 'Uncaught (in promise) Error: rejected at load'],
    ]);
    expect(page_[3]?.text).toBe(`${'L'.repeat(8192)}… [truncated 1808 of 10000 chars]`);
    expect(countSecrets(JSON.stringify(r))).toEqual(NONE);
    expect(await debuggerAttached(tabId)).toBe(false);

    const errors = data(await env.browser.tool('console_read', { level: 'error', limit: 2 }, { tabId, mode: 'ask' }));
    expect((errors.messages as ConsoleMsg[]).map((m) => m.text.split('\n')[0])).toEqual([
      'Uncaught Error: boom at load',
      'Uncaught (in promise) Error: rejected at load',
    ]);
    expect(errors.matching).toBe(4);
    await page.close();
  });

  it('answers cdp_busy, never an empty list, when another debugger holds the tab', async () => {
    const { page, tabId } = await openObserve();
    await env.browser.worker.evaluate((id: number) => chrome.debugger.attach({ tabId: id }, '1.3'), tabId);
    try {
      const r = await env.browser.tool('console_read', {}, { tabId, mode: 'ask' });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('cdp_busy');
    } finally {
      await env.browser.worker.evaluate((id: number) => chrome.debugger.detach({ tabId: id }), tabId);
    }
    await page.close();
  });
});
