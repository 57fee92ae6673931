/**
 * upload_file and typing that widgets hear, in real Firefox (issue 25): the page-built DataTransfer
 * path is the same in both builds for a file input and the button in front of a hidden input; a
 * Dropzone drop is made in the page's own world (file-drop-relay.ts); a keyup-only suggestion list hears type_ax's keys; a
 * native time input takes its canonical value. Judged by the apps' own state.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { TreeResultSchema } from '../../shared/tree-contract';
import { okData, refOnLine } from '../e2e/support/frames';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite();

const act = (name: string, args: Record<string, unknown>, tabId: number) =>
  env().ff.tool(name, args, { tabId, mode: 'act' });

async function tree(tabId: number): Promise<string> {
  const r = await act('get_accessibility_tree', { filter: 'all', maxChars: 1_000_000 }, tabId);
  return TreeResultSchema.parse(okData(r)).tree;
}

function state<T>(page: Page): Promise<T> {
  return page.evaluate(() => JSON.parse(JSON.stringify(Reflect.get(window, '__appState'))) as unknown) as Promise<T>;
}

async function until<T>(page: Page, check: (s: T) => boolean): Promise<T> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const s = await state<T>(page);
    if (check(s) || Date.now() > deadline) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Got {
  name: string;
  size: number;
  type: string;
  text: string;
}
interface FilesState {
  resume: Got[];
  photos: Got[];
  dropped: Got[];
}

describe.skipIf(!run)('upload_file and typing in Firefox', () => {
  it('sets a file input and the hidden input behind a button; a Dropzone drop queues its file', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/actions-files.html'));
    await page.waitForSelector('#dz .dz-message');
    const t = await tree(tabId);
    const cv = okData(
      await act('upload_file', { ref_id: refOnLine(t, /Résumé/), files: [{ name: 'cv.txt', text: 'Ada' }] }, tabId),
    );
    expect(cv).toMatchObject({ success: true, method: 'input' });
    const photos = okData(
      await act(
        'upload_file',
        { ref_id: refOnLine(t, /button "Choose photos"/), files: [{ name: 'a.png', base64: 'iVBORw0KGgo=' }] },
        tabId,
      ),
    );
    expect(photos).toMatchObject({ success: true, method: 'input' });
    const s = await until<FilesState>(page, (x) => x.resume.length + x.photos.length === 2);
    expect(s.resume).toEqual([{ name: 'cv.txt', size: 3, type: 'text/plain', text: 'Ada' }]);
    expect(s.photos.map((p) => [p.name, p.type, p.size])).toEqual([['a.png', 'image/png', 8]]);
    // Firefox hides files an extension's content script adds to a DataTransfer from the page, so the
    // drop is made by the core in the page's own world (file-drop-relay.ts): Dropzone queues the CSV.
    const drop = okData(
      await act(
        'upload_file',
        { ref_id: refOnLine(t, /button "Drop files here to upload"/), files: [{ name: 'l.csv', text: 'id\n1\n' }] },
        tabId,
      ),
    );
    expect(drop).toMatchObject({ success: true, method: 'drop' });
    const dropped = await until<FilesState>(page, (x) => x.dropped.length === 1);
    expect(dropped.dropped).toEqual([{ name: 'l.csv', size: 5, type: 'text/csv', text: 'id\n1\n' }]);
    await page.close();
  });

  it('a keyup-only suggestion list hears type_ax; a time input takes 14:30', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/actions-inputs.html'));
    await page.waitForSelector('.ui-autocomplete');
    const t = await tree(tabId);
    const typed = okData(await act('type_ax', { ref_id: refOnLine(t, /textbox "City \(keys\)"/), text: 'Li' }, tabId));
    expect(typed).toMatchObject({ success: true, method: 'keys', value: 'Li' });
    const time = okData(await act('type_ax', { ref_id: refOnLine(t, /"Meeting time"/), text: '14:30' }, tabId));
    expect(time).toMatchObject({ success: true, value: '14:30' });
    const s = await state<{ citySuggestions: string[]; natives: Record<string, { change: string[] }> }>(page);
    expect(s.citySuggestions).toEqual(['Lisbon', 'Lima']);
    expect(s.natives.time?.change).toEqual(['14:30']);
    await page.close();
  });
});
