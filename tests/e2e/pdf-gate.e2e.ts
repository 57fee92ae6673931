/**
 * A PDF link through the agent loop (docs/pdf.md): the model reads a PDF tab and clicks a link ref
 * that goes to another origin. The approval gate judges it like a web page's link (the PDF's facts:
 * role link, its name, its URL), asks with kind "navigate" and the target origin; a denial leaves
 * the tab on the PDF and sends nothing to that origin; an approval follows the link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../shared/protocol/agent';
import { answer, call, callsThisTask, findRef, read } from '../fake-providers/reading';
import { startFakeProviders, type FakeProviders } from '../fake-providers/server';
import type { FakePolicy } from '../fake-providers/turn';
import { configure, FAKE_KEY, fakeSettings, openPanelClient, type PanelClient } from './agent-helpers';
import { makeReportPdf } from './support/pdf-fixtures';
import { useExtension } from './support/setup';

const env = useExtension({ partner: true });
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(async () => {
  await fake?.close();
});

type Approval = Extract<AgentEvent, { type: 'approval_request' }>;

/** Reads the PDF, clicks its home-page link once, then reports what the click returned. */
const clickHomeLink: FakePolicy = (turn) => {
  const calls = callsThisTask(turn);
  const first = calls[0];
  if (!first) return read();
  if (calls.length > 1) return answer(`RESULT: ${(calls.at(-1)?.result ?? '').slice(0, 400)}`);
  const ref = findRef(first.result, /^link$/, /society home page/)?.ref;
  return ref ? call('click_ax', { ref_id: ref }) : answer('no link found');
};

async function start(panel: PanelClient, tabId: number, task: string): Promise<() => Promise<AgentEvent>> {
  const earlier = new Set((await panel.events()).flatMap((e) => (e.type === 'task_started' ? [e.taskId] : [])));
  await panel.send({ type: 'start', tabId, task, mode: 'act' });
  const started = await panel.waitFor((e) => e.type === 'task_started' && !earlier.has(e.taskId));
  const taskId = started.type === 'task_started' ? started.taskId : '';
  const seen = new Set<string>();
  return () =>
    panel.waitFor(
      (x) =>
        (x.type === 'approval_request' && x.taskId === taskId && !seen.has(x.approvalId) && !!seen.add(x.approvalId)) ||
        (x.type === 'task_ended' && x.taskId === taskId),
    );
}

describe('PDF links and the approval gate', () => {
  it('a PDF link to another origin asks first; deny stays on the PDF, approve follows it', async () => {
    const target = env.partner.url('/pdf-link-target');
    const bytes = await makeReportPdf(target);
    env.server.route('/gate/report.pdf', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(Buffer.from(bytes));
    });
    const pdfUrl = env.server.url('/gate/report.pdf');
    const page = await env.browser.context.newPage();
    await page.goto(pdfUrl).catch(() => undefined);
    const tabId = await env.browser.tabIdOf(page);
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    fake.scenario('pdf-link', { apiKey: FAKE_KEY, policy: clickHomeLink });
    await configure(env.browser, fakeSettings('openai', fake.baseURL('pdf-link', 'openai')));

    const before = env.partner.requests.length;
    const next = await start(panel, tabId, 'Open the society home page.');
    const ask = (await next()) as Approval;
    expect(ask).toMatchObject({
      type: 'approval_request',
      tool: 'click_ax',
      kind: 'navigate',
      site: env.partner.origin,
    });
    expect(ask.description).toContain(target);
    await panel.send({ type: 'approval', tabId, approvalId: ask.approvalId, decision: 'deny' });
    expect(await next()).toMatchObject({ type: 'task_ended' });
    expect(page.url()).toBe(pdfUrl);
    expect(env.partner.requests.slice(before)).toHaveLength(0);

    const again = await start(panel, tabId, 'Open the society home page.');
    const ask2 = (await again()) as Approval;
    expect(ask2).toMatchObject({ type: 'approval_request', kind: 'navigate' });
    await panel.send({ type: 'approval', tabId, approvalId: ask2.approvalId, decision: 'approve' });
    expect(await again()).toMatchObject({ type: 'task_ended', status: 'done' });
    await expect.poll(() => page.url()).toBe(target);
    await panel.close();
    await page.close();
  });
});
