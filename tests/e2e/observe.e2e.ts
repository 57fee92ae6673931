/**
 * console_read, network_read and watch in real Chromium on tests/fixtures/pages/observe.html, and
 * the redaction posture: the page's secrets (token, e-mail, UUID, JWT, userinfo) never reach a tool
 * result, the conversation, the trace or the debug-log export.
 */
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTraceExport } from '../../sidepanel/lib/trace';
import { unfence } from '../../shared/fence';
import { step } from '../fake-providers/script';
import { openPanelClient, run, useScript, whenRunning } from './agent-helpers';
import { data } from './support/actions';
import { FramesReplySchema } from './support/frames';
import { useExtension } from './support/setup';
import { stopWorker, wakeWorker } from './support/worker-lifecycle';

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
  const json = (status: number) => (_req: unknown, res: ServerResponse) => {
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
  env.server.route('/api/profile', json(422));
  // The fixture's script asset (served by route: a .js file in the fixtures would be a stray module to knip).
  env.server.route('/observe-assets/lib.js', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end('window.__libLoaded = true;');
  });
});

async function debuggerAttached(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(async (id: number) => {
    const targets = await chrome.debugger.getTargets();
    return targets.some((t) => t.tabId === id && t.attached && t.extensionId === chrome.runtime.id);
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

    const errors = data(await env.browser.tool('console_read', { level: 'error' }, { tabId, mode: 'ask' }));
    const errorMessages = errors.messages as ConsoleMsg[];
    expect(errorMessages.every((m) => m.type === 'error')).toBe(true);
    expect(errorMessages.filter((m) => m.source !== 'browser').map((m) => m.text.split('\n')[0])).toEqual([
      'error at load',
      'Uncaught Error: boom at load',
      'Uncaught (in promise) Error: rejected at load',
    ]);
    const one = data(await env.browser.tool('console_read', { limit: 1 }, { tabId, mode: 'ask' }));
    expect(one.messages).toHaveLength(1);
    expect(Number(one.matching)).toBeGreaterThanOrEqual(7);
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

function resultJson(text: string): Record<string, unknown> {
  // Weaverbird's own notes follow the fenced body (e.g. "NOTE: the debug tools are in your tool list now.").
  const body = unfence(text)
    .split('\n')
    .filter((l) => !l.startsWith('NOTE: '))
    .join('\n');
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`not an object: ${text.slice(0, 200)}`);
  return parsed as Record<string, unknown>;
}

interface Region {
  lines: string[];
  appearedAtMs: number | null;
  disappearedAtMs: number | null;
}

describe('watch in Ask mode', () => {
  it('is offered read-only and reports the toast that came and went', async () => {
    const { page, tabId } = await openObserve();
    const watching = env.browser.tool('watch', { durationMs: 3000 }, { tabId, mode: 'ask', tier: 'mid' });
    await page.waitForTimeout(500);
    await page.evaluate(() => document.getElementById('toast')?.click());
    const w = data(await watching);
    const regions = w.regions as Region[];
    expect(regions.some((r) => r.lines.join('\n').includes('Saved') && r.appearedAtMs !== null)).toBe(true);
    await page.close();
  });
});

describe('watch reach', () => {
  it('reports the page banner changing and a toast inside an iframe, with the frame and its refs', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/observe-frames.html'));
    await page.frameLocator('#pay').locator('#pay').waitFor();
    const watching = env.browser.tool('watch', { durationMs: 3000 }, { tabId, mode: 'ask', tier: 'compact' });
    await page.waitForTimeout(1000);
    await page.click('#sign-in');
    await page.frameLocator('#pay').locator('#pay').click();
    const w = data(await watching);
    const regions = w.regions as (Region & { frame?: string })[];
    const text = (r: Region): string => r.lines.join('\n');
    // The banner: the old text went, the new one came; the section's own header is not the banner.
    expect(regions.some((r) => text(r).includes('Signed out') && r.disappearedAtMs !== null)).toBe(true);
    expect(regions.some((r) => text(r).includes('Signed in as Ada') && r.appearedAtMs !== null)).toBe(true);
    expect(regions.some((r) => text(r).includes('Checkout'))).toBe(false);
    // The toast in the frame came and went, named by its frame, with refs qualified by it.
    const toast = regions.find((r) => text(r).includes('Card declined'));
    expect(toast?.frame).toMatch(/^f[1-9]\d*$/);
    expect(toast?.appearedAtMs).not.toBeNull();
    expect(toast?.disappearedAtMs).not.toBeNull();
    expect(text(toast ?? { lines: [], appearedAtMs: null, disappearedAtMs: null })).toContain(`${toast?.frame}:ref_`);
    expect(w.framesWatched).toBe(1);
    await page.close();
  });
});

describe('an agent task on the observe page (fake model)', () => {
  it('watch, network_read and console_read report the page, and no secret leaks anywhere', async () => {
    const task = 'Observe the page and report what its requests did.';
    await useScript(env, 'observe', {
      [task]: {
        steps: [
          step('watch', { durationMs: 5000 }),
          step('network_read', { limit: 500 }),
          step('network_read', { filter: 'failed' }),
          step('network_read', { filter: 'mutations' }),
          step('watch', { durationMs: 2500 }),
          step('network_read', { limit: 500 }),
          step('console_read', { level: 'error' }),
        ],
        final: () => 'Observed.',
      },
    });
    const { page, tabId } = await openObserve();
    const other = await env.browser.open(env.server.url('/basic.html'));
    const report = run(env.browser, { tabId, task, mode: 'act' });

    await whenRunning(env.browser, tabId, 'watch');
    await page.waitForTimeout(300);
    // Clicked from the page itself: Playwright's actionability waits take a second per click under load.
    const press = (ids: string[]) =>
      page.evaluate((list) => {
        for (const id of list) document.getElementById(id)?.click();
      }, ids);
    await press(['toast', 'flash', 'get', 'post', 'put', 'missing', 'fail', 'assets', 'beacon']);
    await other.page.evaluate(() => fetch('/api/other-tab'));
    await page.waitForTimeout(3000);
    const obs = await page.evaluate(
      () => (window as unknown as { __obs: Record<string, Record<string, number>> }).__obs,
    );
    await whenRunning(env.browser, tabId, 'watch', false);
    await whenRunning(env.browser, tabId, 'watch').catch(async (e: unknown) => {
      writeFileSync('/tmp/observe-steps.json', JSON.stringify((await report).steps, null, 1));
      throw e;
    });
    await press(['burst']);

    const r = await report;
    expect(r.status).toBe('done');
    const results = r.steps.map((s) => s.result);

    // watch: the toast within ±250 ms (appeared at 750 ms after the click, for 1,500 ms), and the 100 ms flash.
    const w = resultJson(results[0] ?? '');
    const startedAt = Number(w.startedAt);
    const regions = w.regions as Region[];
    const find = (role: RegExp, text: string): Region => {
      const hit = regions.find((g) => role.test(g.lines[0] ?? '') && g.lines.join('\n').includes(text));
      if (!hit) throw new Error(`no ${text} region in ${JSON.stringify(regions)}`);
      return hit;
    };
    const toast = find(/^status/, 'Saved');
    const flash = find(/^alert/, 'Connection lost');
    const shown = Number(obs.toast?.shown) - startedAt;
    const hidden = Number(obs.toast?.hidden) - startedAt;
    console.log(`watch: toast ${JSON.stringify(toast)} (page: ${shown}–${hidden}); flash ${JSON.stringify(flash)}`);
    expect(Math.abs(Number(toast.appearedAtMs) - shown)).toBeLessThanOrEqual(250);
    expect(Math.abs(Number(toast.disappearedAtMs) - hidden)).toBeLessThanOrEqual(250);
    expect(Math.abs(Number(toast.disappearedAtMs) - Number(toast.appearedAtMs) - 1500)).toBeLessThanOrEqual(250);
    expect(flash.appearedAtMs).not.toBeNull();
    expect(Number(flash.disappearedAtMs) - Number(flash.appearedAtMs)).toBeLessThan(350);
    expect((w.console as { errors: string[] }).errors.join('\n')).toMatch(/404|500/);
    expect((w.network as { summary: { failed: number } }).summary.failed).toBeGreaterThanOrEqual(2);

    // network_read: every request of the task's tab with method, status and type, and none of the other tab's.
    const n1 = resultJson(results[1] ?? '');
    const lines = n1.requests as string[];
    const expectLine = (re: RegExp) =>
      expect(
        lines.some((l) => re.test(l)),
        `${re} in\n${lines.join('\n')}`,
      ).toBe(true);
    expectLine(/^#\d+ GET 200 xhr \d+ms http:\/\/127\.0\.0\.1:\d+\/api\/search\?…$/);
    expectLine(/^#\d+ POST 201 xhr \d+ms http:\/\/127\.0\.0\.1:\d+\/api\/orders\/:id$/);
    expectLine(/^#\d+ PUT 200 xhr \d+ms http:\/\/127\.0\.0\.1:\d+\/api\/session\/:id$/);
    expectLine(/^#\d+ GET 404 xhr \d+ms .*\/api\/missing$/);
    expectLine(/^#\d+ GET 500 xhr \d+ms .*\/api\/fail$/);
    expectLine(/^#\d+ GET 200 image \d+ms .*\/observe-assets\/pic\.svg\?…$/);
    expectLine(/^#\d+ GET 200 script \d+ms .*\/observe-assets\/lib\.js\?…$/);
    expectLine(/^#\d+ POST 200 beacon \d+ms .*\/api\/beacon$|^#\d+ POST 204 beacon/);
    expect(lines.filter((l) => l.includes('/api/other-tab'))).toEqual([]);
    expect((n1.summary as { byType: Record<string, number> }).byType.other).toBeGreaterThanOrEqual(2);

    // The burst leaves 500 in the ring (the result the model reads is capped at 8,000 characters, so read the head).
    expect(results[5]).toMatch(/"kept":500,/);
    // 5 XHRs, an image, a script, a beacon, then the 600 of the burst.
    expect(Number(/"seen":(\d+)/.exec(results[5] ?? '')?.[1])).toBeGreaterThanOrEqual(608);
    const failed = resultJson(results[2] ?? '');
    expect((failed.requests as string[]).map((l) => l.split(' ').slice(1, 3).join(' ')).sort()).toEqual([
      'GET 404',
      'GET 500',
    ]);
    const mutations = resultJson(results[3] ?? '');
    expect((mutations.requests as string[]).map((l) => l.split(' ')[1]).sort()).toEqual(['POST', 'POST', 'PUT']);
    expect(results[6]).toContain('Uncaught Error: boom at load');

    // No secret anywhere: tool results, conversation, trace, debug-log export.
    const conversation = await env.browser.worker.evaluate((id: number) => globalThis.wb.conversation(id), tabId);
    const trace = await env.browser.worker.evaluate(() => globalThis.wb.trace());
    const exported = buildTraceExport(trace, 'test');
    expect(countSecrets(results.join('\n'))).toEqual(NONE);
    expect(countSecrets(JSON.stringify(conversation))).toEqual(NONE);
    expect(countSecrets(JSON.stringify(trace))).toEqual(NONE);
    expect(countSecrets(JSON.stringify(exported))).toEqual(NONE);
    expect(JSON.stringify(trace)).toContain('network_read');
    expect(await debuggerAttached(tabId)).toBe(false);
    // The task's request tap left with the task.
    expect(await env.browser.worker.evaluate(() => chrome.webRequest.onCompleted.hasListeners())).toBe(false);
    await other.page.close();
    await page.close();
  });

  it('watch stops on Stop: a 60 s window ends at once and leaves no request tap behind', async () => {
    const task = 'Watch the page for a minute.';
    await useScript(env, 'watch-stop', {
      [task]: { steps: [step('watch', { durationMs: 60_000 })], final: () => 'x' },
    });
    const { page, tabId } = await openObserve();
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task, mode: 'act' });
    await whenRunning(env.browser, tabId, 'watch');
    const stoppedAt = performance.now();
    await panel.send({ type: 'stop', tabId });
    const ended = await panel.waitFor((e) => e.type === 'task_ended', 20_000);
    expect(ended).toMatchObject({ status: 'stopped' });
    // Far less than the 60 s window (generous for a loaded CI machine).
    expect(performance.now() - stoppedAt).toBeLessThan(15_000);
    expect(await env.browser.worker.evaluate(() => chrome.webRequest.onCompleted.hasListeners())).toBe(false);
    expect(await debuggerAttached(tabId)).toBe(false);
    await panel.close();
    await page.close();
  });

  it('a form whose submit fails with 422: the answer names the status, found with network_read', async () => {
    const task = 'Save my profile and tell me whether it worked.';
    await useScript(env, 'profile-422', {
      [task]: {
        steps: [
          step('get_accessibility_tree'),
          step('click_ax', (v) => ({ ref_id: v.ref(/button/, /^Save profile/) })),
          step('network_read', { filter: 'failed' }),
        ],
        final: (v) => {
          const status = v.grab(/POST (\d{3}) xhr \d+ms \S+\/api\/profile/);
          return `Saving failed: the server answered POST /api/profile with ${status}.`;
        },
      },
    });
    const { page, tabId } = await env.browser.open(env.server.url('/observe-form.html'));
    const r = await run(env.browser, { tabId, task, mode: 'act' });
    expect(r.status).toBe('done');
    expect(r.steps.map((s) => s.tool)).toContain('network_read');
    expect(r.answer).toContain('422');
    await page.close();
  });

  it('the debug log survives a worker restart, whole at the end of each request and still free of secrets', async () => {
    const before = await env.browser.worker.evaluate(() => globalThis.wb.trace());
    expect(before.length).toBeGreaterThan(5);
    // Let the debounced mirror write, then stop the worker the way Chrome does.
    await new Promise((r) => setTimeout(r, 600));
    await stopWorker(env.browser);
    await wakeWorker(env.browser);
    const after = await env.browser.worker.evaluate(() => globalThis.wb.trace());
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    // The newest tool results sit at the end of a request body, and the trace keeps its tail.
    const last = after.filter((e) => e.requestBody.includes('source=network_read')).at(-1);
    expect(last?.requestBody).toMatch(/network_read[\s\S]*POST \d{3} xhr/);
    expect(countSecrets(JSON.stringify(buildTraceExport(after, 'test')))).toEqual(NONE);
  });
});

describe('console_read in a frame', () => {
  it('takes the frame id every frame tool takes, and reads only that frame', async () => {
    env.server.route('/console-host.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Host</title><script>console.log('host says hi')</script>` +
          `<iframe src="/console-child.html"></iframe>`,
      );
    });
    env.server.route('/console-child.html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Child</title><script>console.warn('frame says hi')</script><p>child</p>`);
    });
    const { page, tabId } = await env.browser.open(env.server.url('/console-host.html'));
    await page.frameLocator('iframe').locator('p').waitFor();
    const read = (args: unknown) => env.browser.tool('console_read', args, { tabId, mode: 'ask', tier: 'mid' });
    const frames = FramesReplySchema.parse(
      data(await env.browser.tool('get_frames', {}, { tabId, mode: 'ask', tier: 'mid' })),
    );
    const child = frames.frames.find((f) => f.url.includes('console-child'));
    expect(child?.frameId).toMatch(/^f[1-9]\d*$/);
    const inFrame = JSON.stringify(data(await read({ frameId: child?.frameId })));
    expect(inFrame).toContain('frame says hi');
    expect(inFrame).not.toContain('host says hi');
    const all = JSON.stringify(data(await read({})));
    expect(all).toContain('frame says hi');
    expect(all).toContain('host says hi');
    expect(await read({ frameId: 'f99' })).toMatchObject({ ok: false, error: { code: 'unknown_frame' } });
    expect(await read({ frameId: 3 })).toMatchObject({ ok: false });
    await page.close();
  });
});
