/**
 * The agent uploads a file the user attached in the panel (issue 25), with a scripted fake model:
 * the user picks the file with the panel's own "Attach file" input, the task names it by id only,
 * upload_file asks the user (naming the file and the site) and the page's app receives its bytes.
 */
import { describe, expect, it } from 'vitest';
import { step, type TaskScript } from '../fake-providers/script';
import { openPanelClient, useScript } from './agent-helpers';
import { appState } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

const TASK = 'Upload my CV to the Résumé field.';
const CV = 'Ada Lovelace — analyst, 1843';
const scripts = new Map<string, TaskScript>([
  [
    TASK,
    {
      steps: [
        step('get_accessibility_tree', {}),
        step('upload_file', (v) => ({ ref_id: v.ref(/button/, /Résumé/), files: [{ attachment_id: 'file_1' }] })),
      ],
      final: () => 'Your CV is attached to the form.',
    },
  ],
]);

describe('agent and attached files', () => {
  it('uploads the file the user attached in the panel, after asking which site it goes to', async () => {
    await useScript(env, 'files', scripts);
    const { page, tabId } = await env.browser.open(env.server.url('/actions-files.html'));
    const panel = await openPanelClient(env.browser, tabId);
    await panel.waitFor((e) => e.type === 'snapshot');
    await panel.page
      .getByTestId('file-attach-input')
      .setInputFiles({ name: 'cv.txt', mimeType: 'text/plain', buffer: Buffer.from(CV) });
    await expect.poll(() => panel.page.getByTestId('attached-file').textContent()).toContain('file_1 "cv.txt"');

    await panel.send({ type: 'start', tabId, task: TASK, mode: 'act' });
    const ask = await panel.waitFor((e) => e.type === 'approval_request');
    if (ask.type !== 'approval_request') throw new Error('not an approval');
    expect(ask.description).toContain('cv.txt');
    expect(ask.description).toContain(new URL(env.server.url('/')).origin);
    expect((await appState<{ resume: unknown[] }>(page)).resume).toEqual([]);
    await panel.send({ type: 'approval', tabId, approvalId: ask.approvalId, decision: 'approve' });
    const ended = await panel.waitFor((e) => e.type === 'task_ended');
    expect(ended).toMatchObject({ status: 'done' });
    await expect
      .poll(async () => (await appState<{ resume: { name: string; text: string }[] }>(page)).resume)
      .toEqual([{ name: 'cv.txt', size: Buffer.byteLength(CV), type: 'text/plain', text: CV }]);
    // The model saw the file's id and name, never its bytes; the panel's list was taken by the task.
    const sent = JSON.stringify(env.fake.requests.filter((r) => r.scenario === 'files').map((r) => r.body));
    expect(sent).toContain('file_1');
    expect(sent).not.toContain('analyst, 1843');
    await expect.poll(() => panel.page.getByTestId('attached-file').count()).toBe(0);
    await panel.close();
    await page.close();
  });
});
