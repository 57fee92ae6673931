// MV3 lifetime: Chrome stops the extension's worker in the middle of a task. The task lives in
// chrome.storage.session, so the restarted worker resumes it (or ends it as `interrupted` when an
// action may have half-happened); it never silently vanishes.
import { beforeAll, describe, expect, it } from 'vitest';
import { todoPolicy } from '../fake-providers/policies';
import { callsThisTask, findRef } from '../fake-providers/reading';
import type { FakePolicy } from '../fake-providers/turn';
import { configure, conversation, FAKE_KEY, fakeSettings, openPanelClient } from './agent-helpers';
import { stopWorker, wakeWorker } from './support/worker-lifecycle';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

/** What differs between the task records a dead worker leaves behind in these tests. */
interface DeadRecord {
  taskId: string;
  task: string;
  step: number;
  history: unknown[];
  readsWithoutProgress: number;
  inFlight: { tool: string; readOnly: boolean };
}

/** Stores the record a worker that died mid-task leaves (as the loop writes it), then restarts the worker. */
async function restartWithRecord(tabId: number, r: DeadRecord): Promise<void> {
  await env.browser.worker.evaluate(
    async ([id, rec]) => {
      await chrome.storage.session.set({
        [`wb.task.${id}`]: {
          taskId: rec.taskId,
          tabId: id,
          mode: 'act',
          task: rec.task,
          nonce: '00112233445566778899aabb',
          step: rec.step,
          startedAt: Date.now(),
          history: rec.history,
          guards: { readsWithoutProgress: rec.readsWithoutProgress, seenPages: [], callCounts: {} },
          usage: { inputTokens: 10, outputTokens: 5 },
          steps: [],
          malformedSteps: 0,
          inFlight: rec.inFlight,
          resumes: 0,
          maxSteps: 30,
        },
      });
    },
    [tabId, r] as const,
  );
  await stopWorker(env.browser);
  await wakeWorker(env.browser);
}

beforeAll(async () => {});
describe('worker stopped mid-task', () => {
  it('resumes a task stopped while waiting for the model, without repeating finished actions', async () => {
    // Request 1: read; 2: type the first todo; 3 (held): the next decision, when the worker dies.
    env.fake.scenario('restart', { apiKey: FAKE_KEY, policy: todoPolicy, holdRequest: 3 });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('restart', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-todo.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({
      type: 'start',
      tabId,
      task: 'Add three todos: "Buy milk", "Walk the dog", "Pay bills". Then mark "Walk the dog" as completed and tell me how many items are left.',
      mode: 'act',
    });
    await env.fake.held('restart');
    expect(await page.locator('[data-testid="todo-item"]').count()).toBe(1);
    const before = await conversation(env.browser, tabId);
    expect(before.status).toBe('running');

    await stopWorker(env.browser);
    env.fake.release('restart');
    await wakeWorker(env.browser);

    // The task finishes in the new worker; the app state shows no repeated action.
    await expect.poll(async () => (await conversation(env.browser, tabId)).status, { timeout: 30_000 }).toBe('done');
    const answer = (await conversation(env.browser, tabId)).messages.filter((m) => m.role === 'assistant').at(-1)?.text;
    expect(answer).toContain('2 items left');
    // The panel's Port reconnected by itself and got a fresh snapshot.
    expect((await panel.events()).filter((e) => e.type === 'snapshot').length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('[data-testid="todo-item"] .title').allTextContents()).toEqual([
      'Buy milk',
      'Walk the dog',
      'Pay bills',
    ]);
    const conv = await conversation(env.browser, tabId);
    expect(conv.status).toBe('done');
    expect(
      conv.messages.some(
        (m) =>
          m.role === 'notice' &&
          /restarted Weaverbird's worker during this task; resuming from step 3/.test(m.text ?? ''),
      ),
    ).toBe(true);
    // The resumed run told the model the page may have changed.
    const resumedRequest = env.fake.requests.filter((r) => r.scenario === 'restart' && r.status === 200).at(3);
    expect(resumedRequest?.turn.system).toMatch(/extension was restarted by the browser during this task/);
    await panel.close();
    await page.close();
  });

  it('ends a task as interrupted when the worker died during a page action', async () => {
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('restart', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-todo.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    // The state a worker leaves behind when it dies inside click_ax: written as the loop writes it.
    await restartWithRecord(tabId, {
      taskId: 'dead-task',
      task: 'Complete the first todo',
      step: 1,
      history: [{ role: 'user', content: 'Complete the first todo' }],
      readsWithoutProgress: 1,
      inFlight: { tool: 'click_ax', readOnly: false },
    });
    // The reconnected panel learns it from the snapshot (or the live event, if it was quicker).
    const seen = await panel.waitFor(
      (e) =>
        (e.type === 'snapshot' && e.conversation.status === 'interrupted') ||
        (e.type === 'task_ended' && e.taskId === 'dead-task'),
    );
    expect(seen.type === 'snapshot' ? seen.conversation.status : seen.type === 'task_ended' ? seen.status : '').toBe(
      'interrupted',
    );
    const conv = await conversation(env.browser, tabId);
    expect(conv.status).toBe('interrupted');
    expect(conv.messages.at(-1)?.text).toMatch(
      /while click_ax was running, so it is unknown whether that action happened/,
    );
    expect(await env.browser.worker.evaluate((id) => chrome.storage.session.get(`wb.task.${id}`), tabId)).toEqual({});
    await panel.close();
    await page.close();
  });

  it('ends a task as interrupted when the worker died during a read in a step that had acted, never repeating the action', async () => {
    // Turn 1 reads; turn 2 adds a todo (an action: its mark is awaited before it runs) and then
    // waits for text that never comes (a read: its mark is stored over the action's, saveReadMark).
    // The step's results are stored only when it ends, so a worker stopped during that wait leaves
    // a record that cannot say whether the todo was added: resuming would ask the model again and
    // could add it twice (unanswered-step.ts). The task ends as interrupted instead.
    const policy: FakePolicy = (turn) => {
      const done = callsThisTask(turn);
      if (done.length === 0)
        return { toolCalls: [{ name: 'get_accessibility_tree', args: { filter: 'interactive' } }] };
      if (done.length === 1) {
        const box = findRef(done[0]?.result ?? '', /^textbox$/, /what needs to be done/i);
        if (!box) return { text: 'No box for new todos.' };
        return {
          toolCalls: [
            { name: 'focus_type', args: { ref_id: box.ref, text: 'Buy milk', clear: true, submit: true } },
            {
              name: 'wait_for',
              args: { check: 'text', selector: 'body', text: 'Never on this page', timeoutMs: 8_000 },
            },
          ],
        };
      }
      return { text: 'Done waiting.' };
    };
    env.fake.scenario('restart-read', { apiKey: FAKE_KEY, policy });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('restart-read', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-todo.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task: 'Add the todo "Buy milk", then wait.', mode: 'act' });
    await expect.poll(() => page.locator('[data-testid="todo-item"]').count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(
        async () => {
          const got: Record<string, unknown> = await env.browser.worker.evaluate(
            (id) => chrome.storage.session.get(`wb.task.${id}`),
            tabId,
          );
          const rec = got[`wb.task.${tabId}`];
          return typeof rec === 'object' && rec !== null && 'inFlight' in rec ? rec.inFlight : null;
        },
        { timeout: 10_000 },
      )
      .toEqual({ tool: 'wait_for', readOnly: true });
    await stopWorker(env.browser);
    await wakeWorker(env.browser);
    await expect
      .poll(async () => (await conversation(env.browser, tabId)).status, { timeout: 30_000 })
      .toBe('interrupted');
    const conv = await conversation(env.browser, tabId);
    expect(conv.messages.at(-1)?.text).toMatch(
      /during a step that included focus_type, so it is unknown whether that action happened/,
    );
    // Only the first request was answered with the read; no request after the restart asked again.
    expect(env.fake.requests.filter((r) => r.scenario === 'restart-read').length).toBe(2);
    expect(await page.locator('[data-testid="todo-item"] .title').allTextContents()).toEqual(['Buy milk']);
    await panel.close();
    await page.close();
  });

  it('resumes a task whose worker died during a step of reads only, telling the model the read did not run', async () => {
    // A record stored while a read was in flight (a read's mark is stored after an earlier restart,
    // when the worker cannot know what the stored copy holds): the step's assistant turn has no result.
    const policy: FakePolicy = (turn) => {
      const done = callsThisTask(turn);
      const last = done.at(-1);
      if (!last) return { toolCalls: [{ name: 'get_page_info', args: {} }] };
      if (/^Not run: Chrome restarted Weaverbird's worker/.test(last.result))
        return { toolCalls: [{ name: 'get_page_info', args: {} }] };
      return { text: `Read again after the restart: ${done.length} calls.` };
    };
    env.fake.scenario('restart-reads-only', { apiKey: FAKE_KEY, policy });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('restart-reads-only', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/agent-todo.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await restartWithRecord(tabId, {
      taskId: 'read-task',
      task: 'What is this page?',
      step: 0,
      history: [
        { role: 'user', content: 'What is this page?' },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'call_dead', toolName: 'get_page_info', input: {} }],
        },
      ],
      readsWithoutProgress: 0,
      inFlight: { tool: 'get_page_info', readOnly: true },
    });
    await expect.poll(async () => (await conversation(env.browser, tabId)).status, { timeout: 30_000 }).toBe('done');
    const answer = (await conversation(env.browser, tabId)).messages.filter((m) => m.role === 'assistant').at(-1)?.text;
    // The dead call answered "not run", then one real read: the provider got a whole history.
    expect(answer).toBe('Read again after the restart: 2 calls.');
    const first = env.fake.requests.find((r) => r.scenario === 'restart-reads-only');
    expect(first?.turn.messages.find((m) => m.role === 'tool')?.text).toMatch(/^Not run: Chrome restarted/);
    await panel.close();
    await page.close();
  });
});
