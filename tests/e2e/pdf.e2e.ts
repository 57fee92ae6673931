/**
 * PDFs in real Chromium (docs/pdf.md): a tab showing a PDF (served as application/pdf, opened in
 * Chrome's viewer) is read through pdf.js in the worker: headings, paragraphs and links in the tree
 * grammar with one region per PDF page, read completely through paging; external links carry refs
 * that click_ax follows in the tab (and that are gone after that navigation); text_search and find
 * answer from the PDF; a PDF without a text layer says so; a PDF served from a URL without ".pdf"
 * is recognised by its content type.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseTree } from '../../shared/tree-line';
import { TreeResultSchema, type TreeResult } from '../../shared/tree-contract';
import { makeReportPdf, makeScannedPdf, REPORT_TITLE } from './support/pdf-fixtures';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

function servePdf(pathname: string, bytes: Uint8Array): void {
  env.server.route(pathname, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) });
    res.end(Buffer.from(bytes));
  });
}

/** Opens a PDF URL in a new tab (the page scripts never run in the viewer, so no wait for them). */
async function openPdf(url: string): Promise<{ page: Page; tabId: number }> {
  const page = await env.browser.context.newPage();
  await page.goto(url).catch(() => undefined);
  const tabId = await env.browser.worker.evaluate(async (u: string) => {
    for (let i = 0; i < 100; i++) {
      const tabs = await chrome.tabs.query({});
      const hit = tabs.find((t) => t.url === u && t.status === 'complete');
      if (hit?.id !== undefined) return hit.id;
      await new Promise((r) => setTimeout(r, 100));
    }
    return -1;
  }, url);
  expect(tabId).toBeGreaterThan(0);
  return { page, tabId };
}

async function tree(tabId: number, args: Record<string, unknown>): Promise<TreeResult> {
  const r = await env.browser.tool('get_accessibility_tree', args, { tabId, mode: 'act' });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return TreeResultSchema.parse(r.data);
}

/** Every page of a paged read, following continuationArgs exactly as the model is told to. */
async function readAll(tabId: number, args: Record<string, unknown>): Promise<TreeResult[]> {
  const out = [await tree(tabId, args)];
  for (let last = out[0]; last?.continuationArgs; last = out.at(-1)) out.push(await tree(tabId, last.continuationArgs));
  return out;
}

describe('PDF tabs', () => {
  it('reads a several-page PDF completely, paged, with headings, paragraphs, page regions and link refs', async () => {
    const home = env.server.url('/tree-article.html');
    servePdf('/docs/report.pdf', await makeReportPdf(home));
    const { page, tabId } = await openPdf(env.server.url('/docs/report.pdf'));

    const whole = await tree(tabId, { maxChars: 1_000_000, maxTextChars: 0 });
    expect(whole.title).toBe(REPORT_TITLE);
    expect(whole.notice).toMatch(/PDF document, 3 page/);
    const lines = parseTree(whole.tree);
    expect(lines.filter((l) => l.role === 'region').map((l) => l.name)).toEqual([
      'Page 1 of 3',
      'Page 2 of 3',
      'Page 3 of 3',
    ]);
    const headings = lines.filter((l) => l.role === 'heading');
    expect(headings.map((h) => h.name)).toContain(REPORT_TITLE);
    expect(headings.find((h) => h.name === REPORT_TITLE)?.states).toContain('level=1');
    expect(headings.map((h) => h.name)).toEqual(expect.arrayContaining(['2. Section Methods', '3.1 Details']));
    expect(lines.filter((l) => l.role === 'paragraph').length).toBeGreaterThan(10);
    const links = lines.filter((l) => l.role === 'link');
    const homeLink = links.find((l) => l.name === 'Visit the society home page');
    const dataLink = links.find((l) => l.name === 'the open data set');
    expect(homeLink?.ref).toMatch(/^ref_\d+$/);
    expect(homeLink?.attrs.href).toBe(home);
    expect(dataLink?.attrs.href).toBe('https://example.org/data');
    // The data link sits inside its paragraph's sentence, printed as the paragraph's child.
    const dataPara = lines[lines.findIndex((l) => l === dataLink) - 1];
    expect(dataPara?.text).toContain('The raw counts are in the open data set for everyone.');
    // The internal link has no ref: there is nothing to open, the text is already in the tree.
    const back = links.find((l) => l.name === 'Back to the introduction');
    expect(back?.ref).toBeUndefined();
    expect(back?.attrs.href).toBe('#page=1');

    // Paged: small pages carry the same lines, in order, each within maxChars, with context lines.
    const paged = await readAll(tabId, { maxChars: 800, maxTextChars: 0 });
    expect(paged.length).toBeGreaterThan(3);
    for (const p of paged) expect(p.tree.length).toBeLessThanOrEqual(800);
    const body = paged
      .map((p) => p.tree.split('\n').filter((l) => !l.startsWith('[continues inside')))
      .flat()
      .join('\n');
    expect(body).toBe(whole.tree);
    expect(paged[1]?.tree).toMatch(/^\[continues inside: region "Page \d of 3"\]/);

    // Refs are the same on a re-read of the same document, and interactive lists links only.
    const links2 = parseTree((await tree(tabId, { filter: 'interactive' })).tree).filter((l) => l.role === 'link');
    expect(links2.map((l) => l.ref).filter(Boolean)).toEqual([homeLink?.ref, dataLink?.ref]);

    // text_search and find answer from the PDF, with the link's ref.
    const search = await env.browser.tool('text_search', { text: 'open data set' }, { tabId, mode: 'ask' });
    const searchText = z.string().parse(search.ok ? search.data : search.error.message);
    expect(searchText).toMatch(/count 2/); // the paragraph and the link itself
    expect(searchText).toContain(`[${dataLink?.ref}]`);
    expect(searchText).toContain('PDF page 2');
    const absent = await env.browser.tool('text_search', { text: 'zebra crossing' }, { tabId, mode: 'ask' });
    expect(absent.ok && absent.data).toMatch(/count 0/);
    const found = await env.browser.tool('find', { query: 'society home page link' }, { tabId, mode: 'ask' });
    expect(found.ok && z.string().parse(found.data).split('\n')[1]).toContain(`[${homeLink?.ref}]`);

    // click_ax on a link ref opens its URL in the tab; the PDF's refs are gone afterwards.
    const click = await env.browser.tool('click_ax', { ref_id: homeLink?.ref }, { tabId, mode: 'act' });
    expect(click).toMatchObject({ ok: true, data: { navigates: true, method: 'pdf-link' } });
    await page.waitForURL(home);
    const again = await env.browser.tool('click_ax', { ref_id: dataLink?.ref }, { tabId, mode: 'act' });
    expect(again.ok).toBe(false);
    // Refs minted in the new page start above the PDF's: never reused.
    const after = await tree(tabId, { filter: 'interactive' });
    const refNums = parseTree(after.tree).flatMap((l) => (l.ref ? [Number(l.ref.slice(4))] : []));
    expect(Math.min(...refNums)).toBeGreaterThan(Number(dataLink?.ref?.slice(4)));
    await page.close();
  });

  it('recognises a PDF by its content type when the URL does not end in .pdf', async () => {
    servePdf('/download', await makeReportPdf('https://example.org/'));
    const { page, tabId } = await openPdf(env.server.url('/download'));
    const t = await tree(tabId, { filter: 'all' });
    expect(t.tree).toContain('region "Page 1 of 3"');
    expect(t.tree).toContain(`h1 "${REPORT_TITLE}"`);
    await page.close();
  });

  it('says so when a PDF has no text layer (scanned)', async () => {
    servePdf('/docs/scan.pdf', await makeScannedPdf(2));
    const { page, tabId } = await openPdf(env.server.url('/docs/scan.pdf'));
    const t = await tree(tabId, {});
    expect(t.notice).toContain('this PDF has no text layer (scanned?); use screenshot if your model has vision');
    expect(parseTree(t.tree).filter((l) => l.role === 'region')).toHaveLength(2);
    await page.close();
  });
});
