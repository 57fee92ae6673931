/**
 * The CDP click fallback inside child frames, in real Chromium: a same-origin, a cross-origin
 * (out-of-process) and a nested frame each hold a widget that ignores untrusted clicks. A
 * frame-qualified ref must get exactly one trusted click, counted by the frame's own handler; when
 * the embedding page (or an intermediate frame) covers the iframe, the parent-side hit test refuses
 * the fallback and says what covers it.
 */
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FramesReplySchema, FrameTreeSchema, okData, refOnLine } from './support/frames';
import { useExtension } from './support/setup';

interface WidgetState {
  trustedClicks: number;
  untrustedClicks: number;
}
type Who = 'same' | 'cross' | 'nested';
const WHO: readonly Who[] = ['same', 'cross', 'nested'];

const env = useExtension({ partner: true, shared: true });

const act = (name: string, args: unknown, tabId: number) =>
  env.browser.tool(name, args, { tabId, mode: 'act', tier: 'full' });

async function openPage(): Promise<{ page: Page; tabId: number }> {
  const opened = await env.browser.open(
    env.server.url(`/frames-trusted.html?xo=${encodeURIComponent(env.partner.origin)}`),
  );
  const { page } = opened;
  await page.frameLocator('#same').locator('#card').waitFor();
  await page.frameLocator('#cross').locator('#card').waitFor();
  await page.frameLocator('#nest').frameLocator('#inner').locator('#card').waitFor();
  return opened;
}

function widget(page: Page, who: Who): Frame {
  const f = page.frames().find((x) => x.url().includes(`who=${who}`));
  if (!f) throw new Error(`Playwright sees no ${who} widget frame`);
  return f;
}

function state(page: Page, who: Who): Promise<WidgetState> {
  return widget(page, who).evaluate(() => {
    const s: unknown = Reflect.get(window, '__appState');
    return JSON.parse(JSON.stringify(s)) as WidgetState;
  });
}

/** The widget's ref as the model gets it: read with iframe_read, frame-qualified. */
async function widgetRef(tabId: number, who: Who): Promise<string> {
  const read = FrameTreeSchema.parse(okData(await act('iframe_read', { urlFilter: `who=${who}` }, tabId)));
  return refOnLine(read.tree, /"Show details"/);
}

async function frameIdOf(tabId: number, urlPart: string): Promise<string> {
  const { frames } = FramesReplySchema.parse(okData(await act('get_frames', {}, tabId)));
  // Reported URLs are sanitized (the query reads `?…`): match the raw URL Chrome lists, by Chrome frame id.
  const chromeId = await env.browser.worker.evaluate(
    async ([id, part]) =>
      (await chrome.webNavigation.getAllFrames({ tabId: id }))?.find((x) => x.url.includes(part))?.frameId ?? -1,
    [tabId, urlPart] as const,
  );
  const f = frames.find((x) => x.chromeFrameId === chromeId);
  if (!f) throw new Error(`no frame with ${urlPart}`);
  return f.frameId;
}

async function debuggerAttached(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(async (id: number) => {
    const targets = await chrome.debugger.getTargets();
    return targets.some((t) => t.tabId === id && t.attached && t.extensionId === chrome.runtime.id);
  }, tabId);
}

/** Lays a translucent box over the element `selector` of `frame`, as a consent banner or modal backdrop would. */
async function cover(frame: Frame, selector: string, id: string, text: string): Promise<void> {
  await frame.evaluate(
    ([sel, coverId, label]) => {
      const target = document.querySelector(sel);
      if (!target) throw new Error(`no ${sel}`);
      const r = target.getBoundingClientRect();
      const d = document.createElement('div');
      d.id = coverId;
      d.className = 'consent';
      d.textContent = label;
      Object.assign(d.style, {
        position: 'absolute',
        left: `${r.left + window.scrollX}px`,
        top: `${r.top + window.scrollY}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
        background: 'rgba(0, 0, 0, 0.3)',
        zIndex: '10',
      });
      document.body.append(d);
    },
    [selector, id, text] as const,
  );
}

describe('CDP click fallback in child frames', () => {
  it('sends one trusted click into same-origin, cross-origin and nested frames, and says so', async () => {
    const { page, tabId } = await openPage();
    for (const who of WHO) {
      const ref = await widgetRef(tabId, who);
      expect(ref).toMatch(/^f\d+:ref_\d+$/);
      const r = okData(await act('click_ax', { ref_id: ref }, tabId));
      expect(r, who).toMatchObject({ success: true, method: 'cdp', verified: true });
      // The frame's own handler saw the synthetic click refused and exactly one trusted click.
      expect(await state(page, who), who).toEqual({ trustedClicks: 1, untrustedClicks: 1 });
      expect(await widget(page, who).locator('#details').isVisible(), who).toBe(true);
      expect(await debuggerAttached(tabId)).toBe(false);
    }
    await page.close();
  });

  it('does not try the fallback when the embedding page covers the frame, and names the cover', async () => {
    const { page, tabId } = await openPage();
    const sameId = await frameIdOf(tabId, 'who=same');
    await cover(page.mainFrame(), '#same', 'cover', 'We use cookies');
    const r = okData(await act('click_ax', { ref_id: await widgetRef(tabId, 'same') }, tabId));
    expect(r).toMatchObject({ success: true, method: 'synthetic', verified: false });
    expect(r).toHaveProperty(
      'fallback',
      `not tried: in frame f0, <div#cover.consent> "We use cookies" covers <iframe#same> there, so a real click would not reach frame ${sameId}`,
    );
    expect(r).toHaveProperty('hint', expect.stringContaining('covers this frame'));
    expect(await state(page, 'same')).toEqual({ trustedClicks: 0, untrustedClicks: 1 });
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('checks every ancestor: an intermediate frame covering the nested iframe also refuses', async () => {
    const { page, tabId } = await openPage();
    const outerId = await frameIdOf(tabId, 'frames-trusted-outer');
    const innerId = await frameIdOf(tabId, 'who=nested');
    const outer = page.frames().find((f) => f.url().includes('frames-trusted-outer'));
    if (!outer) throw new Error('no outer frame');
    await cover(outer, '#inner', 'veil', 'Loading');
    const r = okData(await act('click_ax', { ref_id: await widgetRef(tabId, 'nested') }, tabId));
    expect(r).toMatchObject({ method: 'synthetic', verified: false });
    expect(r).toHaveProperty(
      'fallback',
      `not tried: in frame ${outerId}, <div#veil.consent> "Loading" covers <iframe#inner> there, so a real click would not reach frame ${innerId}`,
    );
    expect(await state(page, 'nested')).toEqual({ trustedClicks: 0, untrustedClicks: 1 });
    await page.close();
  });
});
