/**
 * Downloads (issue 25, docs/files-and-downloads.md): a click that downloads reports the file's name,
 * size and path from chrome.downloads; read_download gives a text file's content back and refuses a
 * too-large or binary one with the reason. The server's own log proves what was fetched.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension();
const CSV = 'name,email,role\nAda,ada@example.test,admin\nLin,lin@example.test,viewer\n';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

beforeAll(() => {
  const file = (path: string, type: string, body: Buffer | string): void =>
    env.server.route(path, (_req, res) => {
      res.writeHead(200, {
        'content-type': type,
        'content-disposition': `attachment; filename="${path.split('/').pop() ?? 'file'}"`,
        'cache-control': 'no-store',
      });
      res.end(body);
    });
  file('/files/users.csv', 'text/csv', CSV);
  file('/files/big.csv', 'text/csv', 'x,y\n'.repeat(300_000));
  file('/files/chart.png', 'image/png', PNG);
  // A one-time export: the second request gets another (shorter) answer, as an expired link would.
  let onceServed = 0;
  env.server.route('/files/once.csv', (_req, res) => {
    onceServed += 1;
    res.writeHead(200, {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="once.csv"',
      'cache-control': 'no-store',
    });
    res.end(onceServed === 1 ? CSV : 'expired\n');
  });
});

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

interface Download {
  id: number;
  name: string;
  size?: number;
  state: string;
  path?: string;
}

async function clickDownload(pattern: RegExp): Promise<{ tabId: number; download: Download; page: Page }> {
  const { page, tabId } = await env.browser.open(env.server.url('/downloads.html'));
  // Playwright saves downloads under GUID names in its own folder; a person's browser keeps the
  // server's name, so the test lets Chrome save them itself (its default folder), as for a user.
  const cdp = await env.browser.context.newCDPSession(page);
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'default' });
  await cdp.detach();
  const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, pattern) }, tabId));
  const list = r.downloads as Download[] | undefined;
  if (!list?.[0]) throw new Error(`no downloads in the click result: ${JSON.stringify(r)}`);
  return { tabId, download: list[0], page };
}

describe('downloads', () => {
  it('a click on a download link reports name, size and path; read_download returns the CSV', async () => {
    const { tabId, download, page } = await clickDownload(/link "Download users CSV"/);
    expect(download.name).toMatch(/^users.*\.csv$/);
    expect(download.state).toBe('complete');
    expect(download.size).toBe(Buffer.byteLength(CSV));
    // Where Chrome saved it, with the home folder (the user's name) written ~.
    expect(download.path).toMatch(/^(~\/|\/)/);
    if (homedir() !== '/') expect(download.path).not.toContain(homedir());
    expect(path.basename(download.path ?? '')).toBe(download.name);
    const read = data(await act('read_download', { id: download.id }, tabId));
    expect(read.text).toBe(CSV);
    expect(env.server.requests.filter((q) => q.path === '/files/users.csv').length).toBeGreaterThanOrEqual(1);
    await page.close();
  });

  it('a button that builds a data: URL download: read without any request', async () => {
    const { tabId, download, page } = await clickDownload(/button "Export settings"/);
    expect(download.name).toMatch(/^settings.*\.json$/);
    expect((await appState<{ exports: number }>(page)).exports).toBe(1);
    const read = data(await act('read_download', { id: download.id }, tabId));
    expect(JSON.parse(String(read.text))).toEqual({ theme: 'dark', rows: 25 });
    await page.close();
  });

  it('a file the page built (blob: URL) is refused with the reason, nothing fetched', async () => {
    const { tabId, download, page } = await clickDownload(/button "Save notes"/);
    expect(download.name).toMatch(/^notes.*\.txt$/);
    const before = env.server.requests.length;
    const r = await act('read_download', { id: download.id }, tabId);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('unsupported');
      expect(r.error.message).toContain('blob:');
    }
    expect(env.server.requests.length).toBe(before);
    await page.close();
  });

  it('refuses a file over the size limit and a binary file, saying why', async () => {
    const big = await clickDownload(/link "Download full log"/);
    const tooLarge = await act('read_download', { id: big.download.id }, big.tabId);
    expect(tooLarge.ok).toBe(false);
    if (!tooLarge.ok) {
      expect(tooLarge.error.code).toBe('too_large');
      expect(tooLarge.error.message).toContain('1048576');
    }
    await big.page.close();
    const png = await clickDownload(/link "Download chart"/);
    const binary = await act('read_download', { id: png.download.id }, png.tabId);
    expect(binary.ok).toBe(false);
    if (!binary.ok) expect(binary.error.code).toBe('not_text');
    await png.page.close();
  });

  it('a link that serves another file when fetched again is refused, not read as the saved file', async () => {
    const once = await clickDownload(/link "Download one-time export"/);
    expect(once.download.size).toBe(Buffer.byteLength(CSV));
    const r = await act('read_download', { id: once.download.id }, once.tabId);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('changed');
    expect(env.server.requests.filter((q) => q.path === '/files/once.csv')).toHaveLength(2);
    await once.page.close();
  });
});
