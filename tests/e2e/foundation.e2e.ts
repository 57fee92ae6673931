import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { okData } from './support/frames';
import { attachIsolatedWorld } from './support/isolated-world';
import { DIST } from './support/paths';
import { useExtension } from './support/setup';

const PageInfoReply = z.object({
  url: z.string(),
  title: z.string(),
  isTop: z.boolean(),
  frames: z.array(
    z.object({ frameId: z.string(), parent: z.string().nullable(), url: z.string(), scriptsReady: z.boolean() }),
  ),
});

const env = useExtension({ shared: true });

describe('foundation: the built extension in real Chromium', () => {
  it('starts the service worker with the console API', async () => {
    expect(env.browser.extensionId).toMatch(/^[a-p]{32}$/);
    const names = await env.browser.worker.evaluate(() => globalThis.wb.tools());
    expect(names).toContain('get_page_info');
  });

  it("round-trips get_page_info through the top frame's content scripts and lists a child iframe", async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/basic.html'));
    await page.frameLocator('iframe').locator('input').waitFor();
    const reply = await env.browser.tool('get_page_info', {}, { tabId });
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    const info = PageInfoReply.parse(reply.data);
    expect(info.title).toBe('Basic fixture');
    expect(info.url).toBe(env.server.url('/basic.html'));
    expect(info.isTop).toBe(true);
    const child = info.frames.find((f) => f.url.endsWith('/child.html'));
    expect(child?.scriptsReady).toBe(true);
    // Frame ids are the frame tools' own (f0 = the page), so the model never meets two numbering schemes.
    expect(child).toMatchObject({ frameId: expect.stringMatching(/^f[1-9]\d*$/), parent: 'f0' });
    expect(info.frames.find((f) => f.frameId === 'f0')).toMatchObject({ parent: null, scriptsReady: true });
    await page.close();
  });

  it('get_page_info reports frames without loading the page scripts into them', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/basic.html'));
    await page.frameLocator('iframe').locator('input').waitFor();
    // A frame whose load failed shows Chrome's error page, where no extension may run script.
    await page.evaluate(() => {
      const dead = document.createElement('iframe');
      dead.src = 'http://127.0.0.1:1/refused.html';
      document.body.append(dead);
    });
    const chromeFrameOf = (suffix: string) =>
      env.browser.worker.evaluate(
        async ([id, end]) =>
          (await chrome.webNavigation.getAllFrames({ tabId: id }))?.find((f) => f.url.endsWith(end))?.frameId ?? -1,
        [tabId, suffix] as const,
      );
    await expect.poll(() => chromeFrameOf('/refused.html'), { timeout: 10_000 }).toBeGreaterThan(0);
    const childFrame = await chromeFrameOf('/child.html');
    // Whether the handlers answer in the child: a frame without them has no listener at all.
    const answers = () =>
      env.browser.worker.evaluate(
        ([id, frameId]) =>
          chrome.tabs.sendMessage(id, { type: 'ping' }, { frameId }).then(
            (r: unknown) => r !== undefined,
            () => false,
          ),
        [tabId, childFrame] as const,
      );
    expect(await answers()).toBe(false);
    const info = PageInfoReply.parse(okData(await env.browser.tool('get_page_info', {}, { tabId })));
    expect(info.frames.find((f) => f.url.endsWith('/child.html'))?.scriptsReady).toBe(true);
    expect(info.frames.find((f) => f.url.endsWith('/refused.html'))?.scriptsReady).toBe(false);
    expect(await answers()).toBe(false);
    // A frame tool loads them on first use, and get_page_info still says the same.
    const child = info.frames.find((f) => f.url.endsWith('/child.html'));
    expect((await env.browser.tool('iframe_read', { frameId: child?.frameId }, { tabId })).ok).toBe(true);
    expect(await answers()).toBe(true);
    const again = PageInfoReply.parse(okData(await env.browser.tool('get_page_info', {}, { tabId })));
    expect(again.frames.map((f) => [f.frameId, f.scriptsReady])).toEqual(
      info.frames.map((f) => [f.frameId, f.scriptsReady]),
    );
    await page.close();
  });

  it('answers bad tool names, bad arguments and bad tabs with clear errors', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/basic.html'));
    const unknown = await env.browser.tool('no_such_tool', {}, { tabId });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
    if (!unknown.ok) expect(unknown.error.message).toContain('get_page_info');

    const badArgs = await env.browser.tool('get_page_info', { bogus: 1 }, { tabId });
    expect(badArgs).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });

    const badTab = await env.browser.tool('get_page_info', {}, { tabId: 999_999 });
    expect(badTab).toMatchObject({ ok: false, error: { code: 'bad_tab' } });

    const badOptions = await env.browser.worker.evaluate(() => globalThis.wb.tool('get_page_info', {}, { tabId: 'x' }));
    expect(badOptions).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });

    // A malformed message straight to the content script gets an error reply, not silence (once a
    // tool made the bridge inject the handlers into the frame).
    expect((await env.browser.tool('get_page_info', {}, { tabId })).ok).toBe(true);
    const raw = await env.browser.worker.evaluate(
      (id: number) => chrome.tabs.sendMessage(id, { type: 'nonsense' }),
      tabId,
    );
    expect(raw).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    await page.close();
  });

  it('renders the tab title in the side panel page', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/basic.html'));
    const panel = await env.browser.context.newPage();
    await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
    await expect.poll(() => panel.getByTestId('tab-title').textContent()).toBe('Basic fixture');
    await panel.close();
    await page.close();
  });

  it('ships one tiny MAIN-world core to every frame and injects the tree, handlers and actions on first use', async () => {
    const manifest = z
      .object({
        content_scripts: z.array(
          z.object({
            js: z.array(z.string()),
            all_frames: z.boolean(),
            run_at: z.string(),
            world: z.string().optional(),
            match_about_blank: z.boolean().optional(),
          }),
        ),
        web_accessible_resources: z.unknown().optional(),
      })
      .parse(JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8')));
    expect(manifest.content_scripts).toHaveLength(1);
    expect(manifest.content_scripts[0]).toMatchObject({
      js: ['content-scripts/core.js'],
      all_frames: true,
      run_at: 'document_idle',
      world: 'MAIN',
      match_about_blank: true,
    });
    expect(manifest.web_accessible_resources).toBeUndefined();
    // What every frame pays in script before use (issue 16 item 12: ≤ 60 KB; npm run bench measures heap).
    expect(statSync(path.join(DIST, 'content-scripts/core.js')).size).toBeLessThan(4 * 1024);

    const { page, tabId } = await env.browser.open(env.server.url('/basic.html'));
    // Before any tool: the core leaves no global in the page's world.
    expect(await page.evaluate(() => Object.keys(window).filter((k) => k.startsWith('__wb')))).toEqual([]);
    const tree = await env.browser.tool('get_accessibility_tree', {}, { tabId });
    const text = tree.ok ? z.object({ tree: z.string() }).parse(tree.data).tree : '';
    const ref = /button "Save" \[(ref_\d+)\]/.exec(text)?.[1];
    expect(ref).toMatch(/^ref_\d+$/);
    // The first message injected the tree builder and handlers into the extension's isolated world,
    // with the page-console debug API; the actions are not there yet.
    const world = await attachIsolatedWorld(env.browser.context, page);
    expect(await world.value('typeof globalThis.__wbAx')).toBe('object');
    expect(await world.value(`window.__wb_ax_lookup(${JSON.stringify(ref)})?.textContent`)).toBe('Save');
    expect(await world.value('typeof globalThis.__wbActions')).toBe('undefined');
    // The first action in a frame injects the actions script, then runs as usual.
    const click = await env.browser.tool('click_ax', { ref_id: ref }, { tabId, mode: 'act' });
    expect(click).toMatchObject({ ok: true, data: { success: true, tag: 'button' } });
    expect(await world.value('typeof globalThis.__wbActions')).toBe('object');
    // Still nothing of ours in the page's own world.
    expect(await page.evaluate(() => Object.keys(window).filter((k) => k.startsWith('__wb')))).toEqual([]);
    await world.detach();
    await page.close();
  });

  it('injects once when several first requests reach a fresh frame at the same time', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/basic.html'));
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? env.browser.tool('get_page_info', {}, { tabId })
          : env.browser.tool('get_accessibility_tree', {}, { tabId }),
      ),
    );
    for (const r of replies) expect(r.ok).toBe(true);
    const refs = replies
      .filter((_, i) => i % 2 === 0)
      .map((r) =>
        r.ok ? /button "Save" \[(ref_\d+)\]/.exec(z.object({ tree: z.string() }).parse(r.data).tree)?.[1] : null,
      );
    // One registry, one ref space: every read saw the same ref for the same button.
    expect(new Set(refs).size).toBe(1);
    await page.close();
  });
});
