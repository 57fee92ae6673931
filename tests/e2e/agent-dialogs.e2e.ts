/**
 * The agent loop meets JS dialogs and blocked pages (issue 25), with a scripted fake model: a task
 * whose click opens confirm("Delete draft?") asks the user before accepting it and finishes; Stop
 * during a page call that never returns (a page busy in a long script) ends the task within 1 s.
 */
import { describe, expect, it } from 'vitest';
import { step, type TaskScript } from '../fake-providers/script';
import { openPanelClient, useScript } from './agent-helpers';
import { appState } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

const DELETE_TASK = 'Delete my draft.';
const READ_TASK = 'Read this page.';
const scripts = new Map<string, TaskScript>([
  [
    DELETE_TASK,
    {
      steps: [
        step('get_accessibility_tree', {}),
        step('click_ax', (v) => ({ ref_id: v.ref(/button/, /Delete draft/) })),
        step('handle_dialog', { accept: true }),
        step('get_accessibility_tree', {}),
      ],
      final: () => 'The draft is deleted.',
    },
  ],
  [READ_TASK, { steps: [step('get_accessibility_tree', {})], final: () => 'Read.' }],
]);

describe('agent and JS dialogs', () => {
  it('completes a task that meets a confirm() dialog, asking before accepting "Delete draft?"', async () => {
    await useScript(env, 'dialogs', scripts);
    const { page, tabId } = await env.browser.open(env.server.url('/dialogs.html'));
    page.on('dialog', () => undefined);
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.send({ type: 'start', tabId, task: DELETE_TASK, mode: 'act' });
    // The button's own name asks first (a click on "Delete draft"); accepting its confirm() asks again.
    const descriptions: string[] = [];
    for (let n = 0; n < 2; n++) {
      const ask = await panel.waitFor((e) => e.type === 'approval_request' && !descriptions.includes(e.approvalId));
      if (ask.type !== 'approval_request') throw new Error('not an approval');
      descriptions.push(ask.approvalId, ask.description);
      // (Before the click only: once the confirm() is open, the page answers no evaluate either.)
      if (n === 0) expect((await appState<{ deleted: boolean }>(page)).deleted).toBe(false);
      await panel.send({ type: 'approval', tabId, approvalId: ask.approvalId, decision: 'approve' });
    }
    expect(descriptions[1]).toMatch(/Click button "Delete draft"/);
    expect(descriptions[3]).toMatch(/confirm\(\) dialog.*Delete draft\?/);
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'done' });
    expect((await appState<{ deleted: boolean }>(page)).deleted).toBe(true);
    const results = (await panel.events()).flatMap((e) => (e.type === 'tool_result' ? [e] : []));
    expect(JSON.stringify(results[1])).toMatch(/dialog/);
    expect(JSON.stringify(results[3])).toMatch(/Draft deleted/);
    await panel.close();
    await page.close();
  });

  it('Stop ends a task within 1 s while its page call never returns', async () => {
    await useScript(env, 'busy', scripts);
    const { page, tabId } = await env.browser.open(env.server.url('/dialogs.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await page.evaluate(() =>
      setTimeout(() => {
        const until = Date.now() + 8_000;
        while (Date.now() < until) {
          /* a page busy in a long script: it answers no message */
        }
      }, 0),
    );
    await panel.send({ type: 'start', tabId, task: READ_TASK, mode: 'act' });
    await panel.waitFor((e) => e.type === 'tool_call');
    await new Promise((r) => setTimeout(r, 500));
    const t0 = performance.now();
    await panel.send({ type: 'stop', tabId });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    const ms = performance.now() - t0;
    expect(ended).toMatchObject({ status: 'stopped' });
    expect(ms).toBeLessThan(1_000);
    await panel.close();
    await page.close();
  });
});
