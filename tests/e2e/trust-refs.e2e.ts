/**
 * Refs never outlive their document (issue 10, item 6), in real Chromium: a ref read before a reload,
 * a navigation or a frame reload is refused as stale by every ref-taking tool and the page is left
 * unchanged; numbers are never reused within a tab, also across a service-worker restart; a
 * back/forward-cache restore keeps the restored document's own refs (or refuses them clearly).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result';
import { appState, refFor } from './support/actions';
import { readTree } from './support/tree';
import { FrameTreeSchema, okData, refOnLine } from './support/frames';
import { FIXTURE_PAGES } from './support/paths';
import { useExtension } from './support/setup';
import { stopWorker, wakeWorker } from './support/worker-lifecycle';

interface NotesState {
  reloaded: boolean;
  page: string;
  deletes: number;
  archives: number;
  restored: boolean;
  keys: number;
  hovers: number;
}

const env = useExtension();
const STALE =
  /^ref_\d+ is from a previous page \(the page reloaded or navigated\): re-read the tree with get_accessibility_tree/;

const dev = (name: string, args: unknown, tabId: number): Promise<Result<unknown>> =>
  env.browser.tool(name, args, { tabId, mode: 'dev', tier: 'full' });

function refNumbers(tree: string): number[] {
  return [...tree.matchAll(/\[(?:f\d+:)?ref_(\d+)\]/g)].map((m) => Number(m[1]));
}

/** Reloads (or navigates) and waits until the new document's page scripts answer. */
async function settled(page: Page, tabId: number, act: () => Promise<unknown>): Promise<void> {
  await act();
  await page.waitForLoadState('load');
  await expect
    .poll(() => env.browser.tool('get_page_info', {}, { tabId }).then((r) => r.ok), { timeout: 10_000 })
    .toBe(true);
}

function expectStale(r: Result<unknown>, tool: string): void {
  expect(r.ok, `${tool} must refuse a stale ref`).toBe(false);
  if (r.ok) return;
  expect(r.error.code, `${tool}: ${r.error.message}`).toBe('stale_ref');
  expect(r.error.message).toMatch(STALE);
}

describe('refs bound to their document', () => {
  it('refuses a ref read before a reload in every ref-taking tool; the page is unchanged', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/trust-refs.html'));
    const before = (await readTree(env.browser, tabId)).tree;
    const archive = refOnLine(before, /button "Archive note"/);
    const note = refOnLine(before, /textbox "New note"/);
    const sort = refOnLine(before, /combobox "Sort"/);
    await settled(page, tabId, () => page.reload());
    expect((await appState<NotesState>(page)).reloaded).toBe(true);

    // The remembered ref: without document binding it named "Delete All Notes" on the new page.
    expectStale(await dev('click_ax', { ref_id: archive }, tabId), 'click_ax');
    expectStale(await dev('type_ax', { ref_id: note, text: 'x' }, tabId), 'type_ax');
    expectStale(await dev('focus_type', { ref_id: note, text: 'x', submit: true }, tabId), 'focus_type');
    expectStale(await dev('select_option', { ref_id: sort, value: 'old' }, tabId), 'select_option');
    expectStale(await dev('press_key', { key: 'Enter', ref_id: archive }, tabId), 'press_key');
    expectStale(await dev('hover', { ref_id: archive }, tabId), 'hover');
    expectStale(await dev('scroll', { ref_id: archive }, tabId), 'scroll');
    expectStale(await dev('iframe_click', { frameId: 'f0', ref_id: archive }, tabId), 'iframe_click');
    expectStale(await dev('iframe_type', { frameId: 'f0', ref_id: note, text: 'x' }, tabId), 'iframe_type');

    // The side panel's highlight goes through the same check (the panel's own message).
    const panel = await env.browser.context.newPage();
    await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html`);
    const highlight: unknown = await panel.evaluate(
      ([id, ref]) => chrome.runtime.sendMessage({ type: 'highlight_ref', tabId: id, ref }),
      [tabId, archive] as const,
    );
    await panel.close();
    expect(highlight).toMatchObject({ ok: false, error: { code: 'stale_ref' } });

    const s = await appState<NotesState>(page);
    expect(s).toMatchObject({ deletes: 0, archives: 0, keys: 0, hovers: 0 });
    expect(await page.locator('#notes li').count()).toBe(2);
    expect(await page.locator('#note').inputValue()).toBe('');
    expect(await page.locator('#sort').inputValue()).toBe('new');

    const after = (await readTree(env.browser, tabId)).tree;
    const oldNumbers = refNumbers(before);
    const newNumbers = refNumbers(after);
    expect(Math.min(...newNumbers)).toBeGreaterThan(Math.max(...oldNumbers));
    // The fresh ref works on the new page.
    okData(await dev('click_ax', { ref_id: refOnLine(after, /button "Archive note"/) }, tabId));
    expect((await appState<NotesState>(page)).archives).toBe(1);
    expect((await appState<NotesState>(page)).deletes).toBe(0);
    await page.close();
  });

  it('navigating away and back: the other page’s refs are stale, numbers never repeat', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/trust-refs.html?p=a'));
    const treeA = (await readTree(env.browser, tabId)).tree;
    const archiveA = refOnLine(treeA, /button "Archive note"/);
    await settled(page, tabId, () => page.goto(env.server.url('/trust-refs.html?p=b')));
    const treeB = (await readTree(env.browser, tabId)).tree;
    expect(Math.min(...refNumbers(treeB))).toBeGreaterThan(Math.max(...refNumbers(treeA)));
    expectStale(await dev('click_ax', { ref_id: archiveA }, tabId), 'click_ax on page B');
    const archiveB = refOnLine(treeB, /button "Archive note"/);

    await settled(page, tabId, () => page.goBack());
    const back = await appState<NotesState>(page);
    expect(back.page).toBe('a');
    // Page B's ref on page A is always stale.
    expectStale(await dev('click_ax', { ref_id: archiveB }, tabId), 'click_ax of page B ref on page A');
    // Page A's own ref: a back/forward-cache restore brings A's document back with its refs, so it
    // clicks the very element the model saw; a fresh load is a new document, so it is stale.
    const r = await dev('click_ax', { ref_id: archiveA }, tabId);
    const s = await appState<NotesState>(page);
    if (s.restored) {
      expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
      expect(s.archives).toBe(1);
    } else {
      expectStale(r, 'click_ax after a non-cached back');
      expect(s.archives).toBe(0);
    }
    expect(s.deletes).toBe(0);
    console.info(`back/forward: ${s.restored ? 'restored from bfcache, own ref resolved' : 'reloaded, ref stale'}`);
    const treeA2 = (await readTree(env.browser, tabId)).tree;
    const fresh = refNumbers(treeA2).filter((n) => !refNumbers(treeA).includes(n));
    if (fresh.length > 0) expect(Math.min(...fresh)).toBeGreaterThan(Math.max(...refNumbers(treeB)));
    await page.close();
  });

  it('a frame reload makes its frame-qualified refs stale', async () => {
    // The frame's reload is answered 600 ms late, as on a loaded machine: until it commits, the old
    // document (with the same buttons) is still the frame's, and the tools must not be sent there.
    let served = 0;
    const notes = readFileSync(path.join(FIXTURE_PAGES, 'trust-refs.html'), 'utf8');
    env.server.route('/slow/trust-refs.html', (_req, res) => {
      served++;
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(notes), served > 1 ? 600 : 0);
    });
    env.server.route('/slow/trust-refs-frame.html', (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(readFileSync(path.join(FIXTURE_PAGES, 'trust-refs-frame.html'), 'utf8').replace('src="/', 'src="/slow/'));
    });
    const { page, tabId } = await env.browser.open(env.server.url('/slow/trust-refs-frame.html'));
    await page.frameLocator('#notes-frame').locator('#note').waitFor();
    const read = FrameTreeSchema.parse(okData(await dev('iframe_read', { urlFilter: 'trust-refs.html' }, tabId)));
    const archive = refOnLine(read.tree, /button "Archive note"/);
    expect(archive).toMatch(/^f\d+:ref_\d+$/);
    const frame = page.frames().find((f) => f.url().includes('trust-refs.html?p=frame'));
    if (!frame) throw new Error('no notes frame');
    await frame.evaluate(() => location.reload());
    // The old document stays until the reload commits, and it also has a "Delete All Notes" button
    // and a complete readyState: wait for the new document's own mark, or the tools below race the
    // reload (a full run sent click_ax to the old document, which went away before it answered).
    const reloadedState = async (): Promise<boolean> => {
      const f = page.frames().find((x) => x.url().includes('trust-refs.html?p=frame'));
      return (
        (await f
          ?.evaluate(
            () =>
              document.readyState === 'complete' &&
              (window as unknown as { __appState?: NotesState }).__appState?.reloaded === true,
          )
          .catch(() => false)) ?? false
      );
    };
    await expect.poll(reloadedState, { timeout: 15_000 }).toBe(true);
    const reloaded = page.frames().find((f) => f.url().includes('trust-refs.html?p=frame'));
    if (!reloaded) throw new Error('no notes frame after reload');

    for (const [tool, args] of [
      ['click_ax', { ref_id: archive }],
      ['iframe_click', { frameId: read.frameId, ref_id: archive }],
    ] as const) {
      const r = await dev(tool, args, tabId);
      expect(r.ok, tool).toBe(false);
      if (!r.ok) {
        expect(r.error.code, r.error.message).toBe('stale_ref');
        expect(r.error.message).toContain('is from a previous page');
      }
    }
    const s = await reloaded.evaluate(() => (window as unknown as { __appState: NotesState }).__appState);
    expect(s).toMatchObject({ reloaded: true, deletes: 0, archives: 0 });
    const again = FrameTreeSchema.parse(okData(await dev('iframe_read', { frameId: read.frameId }, tabId)));
    expect(Math.min(...refNumbers(again.tree))).toBeGreaterThan(Math.max(...refNumbers(read.tree)));
    await page.close();
  });

  it('keeps the floor across a service-worker restart', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/trust-refs.html?p=restart'));
    const before = (await readTree(env.browser, tabId)).tree;
    const archive = await refFor(env.browser, tabId, /button "Archive note"/);
    await stopWorker(env.browser);
    await wakeWorker(env.browser);
    await settled(page, tabId, () => page.reload());
    expectStale(await dev('click_ax', { ref_id: archive }, tabId), 'click_ax after a worker restart');
    expect(await appState<NotesState>(page)).toMatchObject({ deletes: 0, archives: 0 });
    const after = (await readTree(env.browser, tabId)).tree;
    expect(Math.min(...refNumbers(after))).toBeGreaterThan(Math.max(...refNumbers(before)));
    await page.close();
  });
});
