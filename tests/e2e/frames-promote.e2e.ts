/**
 * promote_iframe in real Chromium: ambiguity returns the matches and navigates nowhere; drafts in the
 * frame (typed input, checkbox, select, contenteditable, attached file) refuse promotion until
 * force:true; a clean frame opens in the same tab, checked by the tab URL, and Back returns to the
 * embedding page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { okData } from './support/frames';
import { useExtension } from './support/setup';
import { sanitizeUrl } from '../../shared/url-sanitize';

const env = useExtension({ partner: true, shared: true });

const act = (args: unknown, tabId: number, mode = 'act', tier = 'full') =>
  env.browser.tool('promote_iframe', args, { tabId, mode, tier });
const Navigated = z.object({
  navigated: z.literal(true),
  url: z.string(),
  embeddingUrl: z.string(),
  promotedFrame: z.object({ frameId: z.string(), url: z.string() }),
});

async function openMain(): Promise<{ page: Page; tabId: number; url: string }> {
  const url = env.server.url(`/frames-main.html?xo=${encodeURIComponent(env.partner.origin)}`);
  const { page, tabId } = await env.browser.open(url);
  await page.frameLocator('#same').locator('#email').waitFor();
  await page.frameLocator('#cross').locator('#coupon').waitFor();
  await page.frameLocator('#outer').frameLocator('#inner').locator('#deep').waitFor();
  return { page, tabId, url };
}

async function expectRefused(page: Page, tabId: number, url: string, pattern: RegExp): Promise<void> {
  const r = await act({ urlFilter: 'frames-form' }, tabId);
  expect(r).toMatchObject({ ok: false, error: { code: 'iframe_has_draft' } });
  if (!r.ok) expect(r.error.message).toMatch(pattern);
  expect(page.url()).toBe(url);
}

describe('promote_iframe', () => {
  it('returns every match and navigates nowhere when several frames match', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/frames-ambiguous.html'));
    await page.frameLocator('iframe >> nth=1').locator('#coupon').waitFor();
    const r = okData(await act({ urlFilter: 'frames-partner' }, tabId));
    expect(r).toMatchObject({ navigated: false, reason: 'ambiguous' });
    const matches = z
      .object({ matches: z.array(z.object({ matchIndex: z.number(), frameId: z.string(), url: z.string() })) })
      .parse(r).matches;
    // URLs are sanitized (shared/url-sanitize.ts): the two differ only in their query, so the ids tell them apart.
    expect(matches.map((m) => m.url.replace(/^.*\//, ''))).toEqual(['frames-partner.html?…', 'frames-partner.html?…']);
    expect(new Set(matches.map((m) => m.frameId)).size).toBe(2);
    expect(page.url()).toBe(env.server.url('/frames-ambiguous.html'));

    const out = await act({ urlFilter: 'frames-partner', matchIndex: 5 }, tabId);
    expect(out).toMatchObject({ ok: false, error: { code: 'bad_match_index' } });

    const chosen = Navigated.parse(okData(await act({ urlFilter: 'frames-partner', matchIndex: 1 }, tabId)));
    expect(chosen.url).toBe(`${env.server.url('/frames-partner.html')}?…`);
    await expect.poll(() => page.url()).toBe(env.server.url('/frames-partner.html?n=2'));
    await page.goBack();
    await expect.poll(() => page.url()).toBe(env.server.url('/frames-ambiguous.html'));
    await page.close();
  });

  it('refuses while the embedded form has unsaved input, then promotes with force and Back returns', async () => {
    const { page, tabId, url } = await openMain();
    const form = page.frameLocator('#same');
    await form.locator('#email').fill('someone@example.test');
    await expectRefused(page, tabId, url, /changed field.*Email/);

    const raw = okData(await act({ urlFilter: 'frames-form', force: true }, tabId));
    const forced = Navigated.parse(raw);
    expect(forced.embeddingUrl).toBe(sanitizeUrl(url));
    // force says what it threw away.
    expect(JSON.stringify(raw)).toMatch(/"discarded":.*Email/);
    await expect.poll(() => page.url()).toBe(env.server.url('/frames-form.html'));
    // The promoted page is an ordinary page for the tools: its own tree, refs without frame prefix.
    const tree = okData(
      await env.browser.tool('get_accessibility_tree', { filter: 'interactive' }, { tabId, mode: 'act' }),
    );
    expect(JSON.stringify(tree)).toMatch(/textbox \\"Email\\" \[ref_\d+\]/);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(url);
    await page.close();
  });

  it('counts checkbox, select, contenteditable and attached-file drafts', async () => {
    const cases: [string, (p: Page) => Promise<void>, RegExp][] = [
      ['checkbox', (p) => p.frameLocator('#same').locator('#terms').check(), /changed field.*Accept terms/],
      [
        'select',
        async (p) => {
          await p.frameLocator('#same').locator('#plan').selectOption('Pro');
        },
        /changed field.*Plan/,
      ],
      [
        'contenteditable',
        async (p) => {
          await p.frameLocator('#same').locator('#notes').click();
          await p.keyboard.type(' more');
        },
        /edited text region.*Notes/,
      ],
      [
        'file',
        (p) =>
          p
            .frameLocator('#same')
            .locator('#file')
            .setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }),
        /attached files/,
      ],
    ];
    for (const [, edit, pattern] of cases) {
      const { page, tabId, url } = await openMain();
      await edit(page);
      await expectRefused(page, tabId, url, pattern);
      await page.close();
    }
  });

  it('refuses on a draft in a frame nested inside the target, and for frames with no page of their own', async () => {
    const { page, tabId, url } = await openMain();
    const srcdoc = await act({ urlFilter: 'about:srcdoc' }, tabId);
    expect(srcdoc).toMatchObject({ ok: false, error: { code: 'not_promotable' } });
    const none = await act({ urlFilter: 'no-such-frame' }, tabId);
    expect(none).toMatchObject({ ok: false, error: { code: 'no_matching_frame' } });
    // A draft in a frame nested inside the target also blocks (the nested frame is discarded too).
    await page
      .frameLocator('#outer')
      .frameLocator('#inner')
      .locator('#deep')
      .evaluate((b) => {
        const input = document.createElement('input');
        input.id = 'late';
        b.after(input);
      });
    await page.frameLocator('#outer').frameLocator('#inner').locator('#late').fill('draft');
    const nested = await act({ urlFilter: 'frames-outer' }, tabId);
    expect(nested).toMatchObject({ ok: false, error: { code: 'iframe_has_draft' } });
    if (!nested.ok) expect(nested.error.message).toContain('frames-inner.html');
    expect(page.url()).toBe(url);
    await page.close();
  });

  it('fails closed when a frame inside the target cannot be inspected (an error page)', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/frames-opaque.html'));
    await page.frameLocator('iframe').locator('p').waitFor();
    await expect.poll(() => page.frames().length).toBe(3);
    const r = await act({ urlFilter: 'frames-data-host' }, tabId);
    expect(r).toMatchObject({ ok: false, error: { code: 'iframe_has_draft' } });
    if (!r.ok) expect(r.error.message).toMatch(/cannot be inspected/);
    expect(page.url()).toBe(env.server.url('/frames-opaque.html'));
    const forced = Navigated.parse(okData(await act({ urlFilter: 'frames-data-host', force: true }, tabId)));
    expect(forced.url).toBe(env.server.url('/frames-data-host.html'));
    await page.close();
  });

  it('promotes a clean cross-origin frame in the same tab; Back returns to the embedding page', async () => {
    const { page, tabId, url } = await openMain();
    const r = Navigated.parse(okData(await act({ urlFilter: '127.0.0.2' }, tabId)));
    expect(r.url).toBe(`${env.partner.origin}/frames-partner.html`);
    await expect.poll(() => page.url()).toBe(`${env.partner.origin}/frames-partner.html`);
    expect(await page.locator('#coupon').count()).toBe(1);
    await page.goBack();
    await expect.poll(() => page.url()).toBe(url);
    await page.close();
  });

  it('is offered in Mid/Full Act and Dev only', async () => {
    const { page, tabId, url } = await openMain();
    for (const [mode, tier] of [
      ['ask', 'full'],
      ['act', 'compact'],
      ['dev', 'compact'],
    ] as const) {
      expect(await act({ urlFilter: 'frames-form' }, tabId, mode, tier)).toMatchObject({
        ok: false,
        error: { code: 'tool_not_allowed' },
      });
    }
    const names = await env.browser.worker.evaluate(() => globalThis.wb.tools({ mode: 'act', tier: 'mid' }));
    expect(names).toContain('promote_iframe');
    expect(page.url()).toBe(url);
    await page.close();
  });
});
