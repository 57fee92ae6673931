/**
 * upload_file in real Chromium (tests/fixtures/apps/actions-files): a labelled file input with an
 * accept list, a visible button in front of a hidden multi-file input, and a Dropzone 6 drop zone.
 * Each case checks what the application itself received (names, types and contents).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

interface Got {
  name: string;
  size: number;
  type: string;
  text: string;
}
interface State {
  resume: Got[];
  photos: Got[];
  dropped: Got[];
  events: string[];
}

async function open(): Promise<{ page: Page; tabId: number }> {
  const opened = await env.browser.open(env.server.url('/actions-files.html'));
  await opened.page.waitForFunction(() => document.querySelector('#dz .dz-message'));
  return opened;
}

const until = (page: Page, check: (s: State) => boolean) =>
  expect.poll(async () => check(await appState<State>(page)), { timeout: 3000 }).toBe(true);

describe('upload_file', () => {
  it('sets a text file on a labelled file input; input and change fire; the app reads its content', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /Résumé/);
    const r = data(
      await act('upload_file', { ref_id: ref, files: [{ name: 'cv.txt', text: 'Ada Lovelace, analyst' }] }, tabId),
    );
    expect(r).toMatchObject({
      success: true,
      method: 'input',
      files: [{ name: 'cv.txt', size: 21, type: 'text/plain' }],
    });
    await until(page, (s) => s.resume.length === 1);
    const s = await appState<State>(page);
    expect(s.resume).toEqual([{ name: 'cv.txt', size: 21, type: 'text/plain', text: 'Ada Lovelace, analyst' }]);
    expect(s.events).toEqual(['resume:input', 'resume:change']);
    await page.close();
  });

  it("refuses what the input's accept list or single-file input would not take, saying why", async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /Résumé/);
    const wrongType = await act(
      'upload_file',
      { ref_id: ref, files: [{ name: 'cv.docx', base64: 'UEsDBA==' }] },
      tabId,
    );
    expect(wrongType).toMatchObject({ ok: false, error: { code: 'not_accepted' } });
    if (!wrongType.ok) expect(wrongType.error.message).toContain('.txt,.pdf');
    const two = await act(
      'upload_file',
      {
        ref_id: ref,
        files: [
          { name: 'a.txt', text: 'a' },
          { name: 'b.txt', text: 'b' },
        ],
      },
      tabId,
    );
    expect(two).toMatchObject({ ok: false, error: { code: 'too_many_files' } });
    const notTarget = await act(
      'upload_file',
      { ref_id: await refFor(env.browser, tabId, /button "Help"/), files: [{ name: 'a.txt', text: 'a' }] },
      tabId,
    );
    expect(notTarget).toMatchObject({ ok: false, error: { code: 'not_a_file_target' } });
    expect((await appState<State>(page)).events).toEqual([]);
    await page.close();
  });

  it('the visible button in front of a hidden input: files go to that input (binary, several)', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /button "Choose photos"/);
    // A 1×1 PNG's signature bytes; the app reads them back as text, so compare sizes and types.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const r = data(
      await act(
        'upload_file',
        {
          ref_id: ref,
          files: [
            { name: 'a.png', base64: png },
            { name: 'b.png', base64: png, mimeType: 'image/png' },
          ],
        },
        tabId,
      ),
    );
    expect(r).toMatchObject({ success: true, method: 'input' });
    expect(String(r.standIn)).toContain('beside');
    await until(page, (s) => s.photos.length === 2);
    const s = await appState<State>(page);
    expect(s.photos.map((p) => [p.name, p.type, p.size])).toEqual([
      ['a.png', 'image/png', 70],
      ['b.png', 'image/png', 70],
    ]);
    await page.close();
  });

  it('drops files on a Dropzone drop zone (dragenter/dragover/drop with a real DataTransfer)', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /button "Drop files here to upload"/);
    const r = data(
      await act('upload_file', { ref_id: ref, files: [{ name: 'list.csv', text: 'id,name\n1,Ada\n' }] }, tabId),
    );
    expect(r).toMatchObject({ success: true, method: 'drop', files: [{ name: 'list.csv', type: 'text/csv' }] });
    await until(page, (s) => s.dropped.length === 1);
    const s = await appState<State>(page);
    expect(s.dropped).toEqual([{ name: 'list.csv', size: 14, type: 'text/csv', text: 'id,name\n1,Ada\n' }]);
    // Dropzone draws a preview of what it queued: the page's own change.
    expect(await page.locator('#dz .dz-preview .dz-filename').textContent()).toContain('list.csv');
    await page.close();
  });
});
