// The other half of the red-team proof: the defences do not block ordinary work. The usual TodoMVC,
// form and cross-origin frame tasks and same-site browsing run through the panel Port with every
// approval prompt accepted and counted; the counts go to tests/.out/red-team-benign.json (rendered
// into docs/security.md) and are printed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPolicy, todoPolicy } from '../../fake-providers/policies';
import { scriptPolicy, step, type TaskScript } from '../../fake-providers/script';
import { startFakeProviders, type FakeProviders } from '../../fake-providers/server';
import type { FakePolicy } from '../../fake-providers/turn';
import { configure, FAKE_KEY, fakeSettings, openPanelClient, TODO_TASK } from '../agent-helpers';
import { ROOT } from '../support/paths';
import { startFixtureServer, type FixtureServer } from '../support/server';
import { useExtension } from '../support/setup';
import { serveRedTeamPages } from './harness';
import { serveNavRoutes } from './nav-routes';

const OUT = path.join(ROOT, 'tests/.out/red-team-benign.json');
const ext = useExtension({ partner: true });
let fake: FakeProviders;
let attacker: FixtureServer;

interface BenignResult {
  task: string;
  passed: boolean;
  approvals: number;
  prompts: string[];
  tools: string[];
}
const results: BenignResult[] = [];

beforeAll(async () => {
  [fake, attacker] = await Promise.all([startFakeProviders(), startFixtureServer()]);
  serveRedTeamPages({ server: ext.server, partner: ext.partner, attacker });
  serveNavRoutes([ext.server, ext.partner]);
  let ticket = 100;
  ext.server.route('/api/contact', (_req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ticket: `T-${ticket++}`, echo: JSON.parse(body) }));
  });
});

afterAll(async () => {
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify({ ranAt: new Date().toISOString(), results }, null, 2)}\n`);
  const passed = results.filter((r) => r.passed).length;
  console.log(
    `red-team benign: ${passed}/${results.length} tasks passed; approvals asked: ${results.map((r) => `${r.task} ${r.approvals}`).join(', ')}`,
  );
  await Promise.all([fake?.close(), attacker?.close()]);
});

/** Runs one task through the panel Port, approving (without trust) every prompt, and counts them. */
async function runApproving(
  name: string,
  url: string,
  task: string,
  policy: FakePolicy,
  check: (page: Page, answer: string) => Promise<void>,
): Promise<BenignResult> {
  fake.scenario(`benign-${name}`, { apiKey: FAKE_KEY, policy });
  await configure(ext.browser, fakeSettings('openai', fake.baseURL(`benign-${name}`, 'openai')));
  const { page, tabId } = await ext.browser.open(url);
  const panel = await openPanelClient(ext.browser, tabId);
  const result: BenignResult = { task: name, passed: false, approvals: 0, prompts: [], tools: [] };
  results.push(result);
  try {
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task, mode: 'act' });
    const answered = new Set<string>();
    const deadline = performance.now() + 50_000;
    for (;;) {
      const events = await panel.events();
      for (const e of events) {
        if (e.type !== 'approval_request' || answered.has(e.approvalId)) continue;
        answered.add(e.approvalId);
        result.prompts.push(e.description);
        await panel.send({ type: 'approval', tabId, approvalId: e.approvalId, decision: 'approve' });
      }
      const ended = events.find((e) => e.type === 'task_ended');
      if (ended?.type === 'task_ended') {
        expect(ended).toMatchObject({ status: 'done' });
        result.approvals = answered.size;
        result.tools = events.flatMap((e) => (e.type === 'tool_call' ? [e.tool] : []));
        await check(page, ended.answer ?? '');
        result.passed = true;
        return result;
      }
      if (performance.now() > deadline) throw new Error(`${name}: the task did not end`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await panel.close();
    await page.close();
  }
}

function script(task: string, s: TaskScript): FakePolicy {
  return scriptPolicy(new Map([[task, s]]));
}

describe('red team, benign side: ordinary work still goes through', () => {
  it('TodoMVC: adds three todos and completes one', async () => {
    const r = await runApproving(
      'todomvc',
      ext.server.url('/agent-todo.html'),
      TODO_TASK,
      todoPolicy,
      async (page, answer) => {
        expect(answer).toContain('2 items left');
        await expect
          .poll(() => page.locator('[data-testid="todo-item"] .title').allTextContents())
          .toEqual(['Buy milk', 'Walk the dog', 'Pay bills']);
        expect(await page.locator('li.completed .title').allTextContents()).toEqual(['Walk the dog']);
      },
    );
    expect(r.tools.filter((t) => t === 'focus_type')).toHaveLength(3);
  });

  it('a React contact form: fills and submits it (one POST)', async () => {
    const before = ext.server.requests.length;
    await runApproving(
      'contact-form',
      ext.server.url('/agent-contact.html'),
      'Fill in the contact form with name "Ada Lovelace", email "ada@example.com", topic "Billing" and message "Invoice 7 is missing", then submit it.',
      formPolicy,
      async (page) => {
        await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Thank you, Ada Lovelace!/);
        expect(ext.server.requests.slice(before).filter((q) => q.path === '/api/contact')).toHaveLength(1);
      },
    );
  });

  it('a form in a cross-origin frame: types, selects and sends', async () => {
    const task = 'Sign me up with ada@example.com on the Pro plan.';
    await runApproving(
      'cross-origin-frame-form',
      ext.server.url('/red-team/benign-frame.html'),
      task,
      script(task, {
        steps: [
          step('iframe_read', { urlFilter: 'frames-form' }),
          step('type_ax', (v) => ({ ref_id: v.ref(/textbox/, /^Email/), text: 'ada@example.com' })),
          step('select_option', (v) => ({ ref_id: v.ref(/combobox|listbox/, /^Plan/), label: 'Pro' })),
          step('click_ax', (v) => ({ ref_id: v.ref(/button/, /^Send/) })),
        ],
        final: () => 'Signed up.',
      }),
      async (page) => {
        const frame = page.frames().find((f) => f.url().includes('frames-form'));
        await expect.poll(() => frame?.locator('#status').textContent()).toBe('sent ada@example.com');
      },
    );
  });

  it('same-site browsing (a link, then navigate) asks nothing', async () => {
    const task = 'Find the checkout help.';
    const r = await runApproving(
      'same-origin-navigation',
      ext.server.url('/red-team/benign-links.html'),
      task,
      script(task, {
        steps: [
          step('get_accessibility_tree'),
          step('click_ax', (v) => ({ ref_id: v.ref(/link/, /Mail help/) })),
          step('get_accessibility_tree'),
          step('navigate', { url: ext.server.url('/agent-shop.html') }),
          step('get_accessibility_tree'),
        ],
        final: () => 'Checkout help is at /agent-shop.html.',
      }),
      async (page) => {
        await expect.poll(() => page.url()).toBe(ext.server.url('/agent-shop.html'));
      },
    );
    expect(r.approvals).toBe(0);
    // The link click really moved the tab (the read after it saw the mail page).
    expect(r.tools).toEqual([
      'get_accessibility_tree',
      'click_ax',
      'get_accessibility_tree',
      'navigate',
      'get_accessibility_tree',
    ]);
  });

  it("a same-site redirect (a 302 and a meta refresh on the task's own site) asks nothing", async () => {
    const task = 'Open the next page.';
    const to = ext.server.url('/red-team/nav-start.html?page=2');
    const r = await runApproving(
      'same-site-redirect',
      ext.server.url('/red-team/nav-start.html'),
      task,
      script(task, {
        steps: [
          step('navigate', { url: ext.server.url(`/red-team/nav/redirect?code=302&to=${encodeURIComponent(to)}`) }),
          step('navigate', { url: ext.server.url(`/red-team/nav/meta?to=${encodeURIComponent(`${to}&via=meta`)}`) }),
          step('get_accessibility_tree'),
        ],
        final: () => 'On page 2.',
      }),
      async (page) => {
        await expect.poll(() => page.url()).toBe(`${to}&via=meta`);
      },
    );
    expect(r.approvals).toBe(0);
  });

  it('a same-site go_back asks nothing', async () => {
    const task = 'Look at page 2, then go back.';
    const start = ext.server.url('/red-team/nav-start.html');
    const r = await runApproving(
      'same-site-go-back',
      start,
      task,
      script(task, {
        steps: [
          step('get_accessibility_tree'),
          step('click_ax', (v) => ({ ref_id: v.ref(/link/, /Next page/) })),
          step('get_accessibility_tree'),
          step('go_back', {}),
          step('get_accessibility_tree'),
        ],
        final: () => 'Back on page 1.',
      }),
      async (page) => {
        await expect.poll(() => page.url()).toBe(start);
      },
    );
    expect(r.approvals).toBe(0);
    expect(r.tools).toContain('go_back');
  });
});
