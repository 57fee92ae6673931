/**
 * Frame reads get exactly the tree's paging and budgets (issue 16 items 6–9), in real Chromium:
 * iframe_read pages count their frame prefixes, reach the model formatted (not JSON) through the
 * agent loop, are clamped by the read budget; Compact models learn frame ids from the page tree and
 * read and act in frames; a zoom mid-read keeps the read; `wb.tool(…, {view: 'model'})` returns the
 * text the model gets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageThrough } from '../fake-providers/policies';
import { configure, FAKE_KEY, fakeSettings, run } from './agent-helpers';
import { FrameTreeSchema, okData, refOnLine } from './support/frames';
import { useExtension } from './support/setup';
import { TreeResultSchema } from '../../shared/tree-contract';

const env = useExtension({ fake: true });

const ModelViewSchema = z.object({
  text: z.string(),
  args: z.record(z.string(), z.unknown()),
  raw: z.object({ ok: z.literal(true), data: z.unknown() }),
  nonce: z.string(),
});

beforeAll(() => {
  const items = Array.from({ length: 2500 }, (_, i) => `<li>Frame entry number ${i + 1} of the long list</li>`).join(
    '',
  );
  env.server.route('/frame-long.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Inner</title><h1>Inside</h1><p id="state">not pressed</p>` +
        `<button onclick="document.getElementById('state').textContent='pressed'">Press me</button><ul>${items}</ul>`,
    );
  });
  env.server.route('/frame-host.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const rows = Array.from({ length: 300 }, (_, i) => `<li><a href="#r${i}">Host row ${i + 1}</a></li>`).join('');
    res.end(
      `<!doctype html><title>Host</title><h1>Host page</h1><iframe id="inner" src="/frame-long.html" title="Inner list"></iframe><ul>${rows}</ul>`,
    );
  });
});

async function openHost() {
  const opened = await env.browser.open(env.server.url('/frame-host.html'));
  await opened.page.frameLocator('#inner').locator('button').waitFor();
  return opened;
}

async function modelView(name: string, args: unknown, options: Record<string, unknown>) {
  const r = await env.browser.worker.evaluate(([n, a, o]) => globalThis.wb.tool(n, a, o), [
    name,
    args,
    options,
  ] as const);
  return ModelViewSchema.parse(okData(r));
}

describe('iframe_read pages like the tree', () => {
  it('keeps every page within maxChars with the frame prefixes, and the model view is the formatted tree', async () => {
    const { page, tabId } = await openHost();
    const opts = { tabId, mode: 'ask', tier: 'mid', contextWindow: 128_000, view: 'model' };
    let view = await modelView('iframe_read', { urlFilter: 'frame-long', maxChars: 500 }, opts);
    let pages = 0;
    for (;;) {
      pages++;
      const raw = FrameTreeSchema.parse(view.raw.data);
      expect(raw.tree.length).toBeLessThanOrEqual(500);
      expect(raw.tree).not.toMatch(/(?<![\w:])ref_\d/);
      expect(view.text.startsWith(`<<`)).toBe(true);
      expect(view.text).toContain(view.nonce);
      expect(view.text).toContain(`frame: ${raw.frameId}`);
      expect(view.text).not.toContain('"tree":');
      if (!raw.continuationArgs) {
        expect(view.text).toContain('hasMore:false');
        break;
      }
      expect(view.text).toContain(
        `call iframe_read with exactly these arguments: ${JSON.stringify(raw.continuationArgs)}`,
      );
      if (pages > 3) break;
      view = await modelView('iframe_read', raw.continuationArgs, opts);
    }
    expect(pages).toBe(4);
    await page.close();
  });

  it('clamps a huge maxChars by the read budget before fetching, like the tree', async () => {
    const { page, tabId } = await openHost();
    const compact = await modelView(
      'iframe_read',
      { urlFilter: 'frame-long', maxChars: 1_000_000 },
      {
        tabId,
        mode: 'ask',
        tier: 'compact',
        contextWindow: 1_000_000,
        view: 'model',
      },
    );
    expect(compact.args).toMatchObject({ maxChars: 6000 });
    expect(compact.text).toContain('note: maxChars 1000000 lowered to 6000');
    expect(compact.text.length).toBeLessThanOrEqual(8000 + 200);
    const raw = FrameTreeSchema.parse(compact.raw.data);
    expect(raw.tree.length).toBeLessThanOrEqual(6000);
    await page.close();
  });
});

describe('frames for Compact models', () => {
  it('the page tree names the frame ids, and a Compact model reads and clicks inside the frame', async () => {
    const { page, tabId } = await openHost();
    const compact = (name: string, args: unknown, mode = 'act') =>
      env.browser.tool(name, args, { tabId, mode, tier: 'compact' });
    const tree = TreeResultSchema.parse(okData(await compact('get_accessibility_tree', { filter: 'interactive' })));
    const frameId = /(f\d+) http:\/\/127\.0\.0\.1:\d+\/frame-long\.html/.exec(tree.notice ?? '')?.[1];
    expect(tree.notice).toMatch(/1 child frame\(s\) are not in this tree/);
    expect(frameId).toBeDefined();
    const read = FrameTreeSchema.parse(okData(await compact('iframe_read', { frameId, filter: 'interactive' }, 'ask')));
    const press = refOnLine(read.tree, /button "Press me"/);
    expect(press).toMatch(/^f\d+:ref_\d+$/);
    expect(await compact('click_ax', { ref_id: press })).toMatchObject({ ok: true });
    await expect.poll(() => page.frameLocator('#inner').locator('#state').textContent()).toBe('pressed');
    await page.close();
  });
});

describe('snapshots per arguments', () => {
  it('a ref_id zoom between pages does not invalidate the paged read', async () => {
    const { page, tabId } = await openHost();
    const ask = (args: unknown) =>
      env.browser.tool('get_accessibility_tree', args, { tabId, mode: 'ask', tier: 'mid' });
    const first = TreeResultSchema.parse(okData(await ask({ maxChars: 800 })));
    expect(first.hasMore).toBe(true);
    const row = refOnLine(first.tree, /link "Host row 3"/);
    expect(TreeResultSchema.parse(okData(await ask({ ref_id: row }))).tree).toContain('Host row 3');
    const second = TreeResultSchema.parse(okData(await ask(first.continuationArgs)));
    expect(second).toMatchObject({ page: 2, tree_revision: first.tree_revision });
    await page.close();
  });
});

describe('a multi-page frame read through the agent loop', () => {
  it('reaches the model as formatted tree pages, counts as reading progress and feeds the panel tree view', async () => {
    env.fake.scenario('frame-pages', {
      apiKey: FAKE_KEY,
      policy: pageThrough({ urlFilter: 'frame-long', maxChars: 20_000 }, 'iframe_read'),
    });
    await configure(env.browser, fakeSettings('anthropic', env.fake.baseURL('frame-pages', 'anthropic')));
    const { page, tabId } = await openHost();
    const report = await run(env.browser, { tabId, task: 'Read the whole inner list.', mode: 'ask' });
    expect(report.status).toBe('done');
    const reads = report.steps.filter((s) => s.tool === 'iframe_read');
    // More than the 8-read checkpoint: every new exact page is progress, as for the page tree.
    expect(reads.length).toBeGreaterThan(8);
    expect(report.answer).toBe(`Read the whole page in ${reads.length} pages.`);
    expect(reads[0]?.result).toContain('note: maxChars 20000 lowered to 12000');
    for (const r of reads) {
      expect(r.result).toMatch(/^<<.*\nframe: f\d+\nurl: /);
      expect(r.result).not.toContain('"tree":');
      expect(r.result.length).toBeLessThanOrEqual(16_000 + 200);
    }
    expect(reads.at(-1)?.result).toContain('Frame entry number 2500 of the long list');
    const latest = await env.browser.worker.evaluate(async (id: number) => {
      const key = `wb.tree.${id}`;
      return (await chrome.storage.session.get(key))[key];
    }, tabId);
    expect(JSON.stringify(latest)).toContain('Frame entry number 2500');
    await page.close();
  });
});
