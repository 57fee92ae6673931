/**
 * Downloads in real Firefox (issue 25, docs/files-and-downloads.md): the extension's `downloads` API
 * is the same there, so a click on a download link reports the file's name, size and state, and
 * read_download gives the CSV back. Firefox saves into a folder of this run (its download prefs),
 * without asking, as a person's default profile does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okData, refOnLine } from '../e2e/support/frames';
import { TreeResultSchema } from '../../shared/tree-contract';
import { firefoxSuite } from './support/suite';
import { z } from 'zod';

const DownloadsSchema = z.object({
  downloads: z.array(z.object({ id: z.number(), name: z.string(), size: z.number(), state: z.string() })).min(1),
});

const dir = mkdtempSync(path.join(tmpdir(), 'wb-ff-downloads-'));
const { run, env } = firefoxSuite({
  'browser.download.folderList': 2,
  'browser.download.dir': dir,
  'browser.download.useDownloadDir': true,
  'browser.download.always_ask_before_handling_new_types': false,
  'browser.download.alwaysOpenPanel': false,
});
const CSV = 'name,email\nAda,ada@example.test\n';

beforeAll(() => {
  if (!run) return;
  env().server.route('/files/users.csv', (_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="users.csv"',
      'cache-control': 'no-store',
    });
    res.end(CSV);
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const act = (name: string, args: Record<string, unknown>, tabId: number) =>
  env().ff.tool(name, args, { tabId, mode: 'act' });

describe.skipIf(!run)('downloads in Firefox', () => {
  it('a click on a download link reports name, size and state; read_download returns the CSV', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/downloads.html'));
    const t = TreeResultSchema.parse(okData(await act('get_accessibility_tree', {}, tabId))).tree;
    const r = okData(await act('click_ax', { ref_id: refOnLine(t, /link "Download users CSV"/) }, tabId));
    const d = DownloadsSchema.parse(r).downloads[0];
    expect(d).toMatchObject({ name: 'users.csv', size: CSV.length, state: 'complete' });
    const id = d?.id;
    const read = okData(await act('read_download', { id }, tabId));
    expect(read).toMatchObject({ text: CSV });
    await page.close();
  });
});
