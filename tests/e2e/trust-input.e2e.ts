/**
 * Trusted input in real Chromium (issue 10, items 7 and 8): a click that writes to the page's own
 * `/api/events` is not retried (the server sees one POST); a trusted click is refused when the page
 * slides an element or a cross-origin frame under the point as the real input starts, and the cover
 * gets no click; a trusted insertion is refused when the page moves focus to another field, and
 * nothing is typed there. Counts come from the page's own handlers and the server's request log.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

interface InputState {
  eventPosts: number;
  opened: string[];
  untrusted: number;
  coverClicks: number;
  frameCoverClicks: number;
  resizes: number;
  code: string;
  other: string;
  focusMoves: number;
}

const env = useExtension({ partner: true });
beforeAll(() => {
  env.server.route('/api/events', (_req, res) => {
    res.writeHead(204);
    res.end();
  });
});

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

async function debuggerAttached(tabId: number): Promise<boolean> {
  return env.browser.worker.evaluate(async (id: number) => {
    const targets = await chrome.debugger.getTargets();
    return targets.some((t) => t.tabId === id && t.attached && t.extensionId === chrome.runtime.id);
  }, tabId);
}

async function openPage() {
  const opened = await env.browser.open(
    env.server.url(`/trust-input.html?xo=${encodeURIComponent(env.partner.origin)}`),
  );
  await opened.page.frameLocator('#frame-cover').locator('button').waitFor({ state: 'attached' });
  return opened;
}

describe('retry veto (item 7)', () => {
  it('a click that POSTs to the page’s own /api/events is not retried: the server sees exactly one POST', async () => {
    const { page, tabId } = await openPage();
    const count = () => env.server.requests.filter((q) => q.path === '/api/events' && q.method === 'POST').length;
    const before = count();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Show summary"/) }, tabId));
    // Since the action evidence (docs/action-evidence.md) a write the click sent counts as progress
    // (verified) and is listed; the trusted retry is still vetoed, so the server sees one POST.
    expect(r).toMatchObject({ method: 'synthetic', verified: true });
    expect(JSON.stringify(r.changes)).toMatch(/POST \/api\/events/);
    expect(String(r.fallback)).toMatch(/^vetoed: the click sent POST \/api\/events/);
    await page.waitForTimeout(500);
    expect(count() - before).toBe(1);
    expect((await appState<InputState>(page)).eventPosts).toBe(1);
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });
});

describe('trusted input re-checked at dispatch (item 8)', () => {
  it('refuses the trusted click when an element slides under the pointer; the cover gets no click', async () => {
    const { page, tabId } = await openPage();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Open details"/) }, tabId));
    expect(r).toMatchObject({ method: 'synthetic', verified: false });
    expect(String(r.fallback)).toMatch(/^not tried: at the click point there is now another element \(<div>\)/);
    expect(String(r.hint)).toContain('something moved over the element');
    await page.waitForTimeout(300);
    const s = await appState<InputState>(page);
    expect(await page.locator('#move-cover').isVisible(), 'the page did slide its cover in').toBe(true);
    expect(s.coverClicks).toBe(0);
    expect(s.opened).toEqual([]);
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('refuses the trusted click when a cross-origin frame slides under the pointer; the frame gets no click', async () => {
    const { page, tabId } = await openPage();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Open map"/) }, tabId));
    expect(r).toMatchObject({ method: 'synthetic', verified: false });
    expect(String(r.fallback)).toMatch(/^not tried: at the click point there is now a frame \(<iframe>\)/);
    await page.waitForTimeout(300);
    const s = await appState<InputState>(page);
    expect(await page.locator('#frame-cover').isVisible()).toBe(true);
    expect(s.frameCoverClicks).toBe(0);
    expect(s.opened).toEqual([]);
    await page.close();
  });

  it('refuses the trusted click when the page answers the debugger infobar’s resize with a cover', async () => {
    const { page, tabId } = await openPage();
    const ref = await refFor(env.browser, tabId, /"Open report"/);
    // Headless Chromium draws no "started debugging" infobar, so emulate it: as the extension's
    // debugger attaches to the tab, shrink the viewport by an infobar's height on that same session.
    await env.browser.worker.evaluate((id: number) => {
      const api = chrome.debugger;
      const attach = api.attach.bind(api);
      const emulated: typeof api.attach = async (target, version) => {
        await attach(target, version);
        api.attach = attach;
        if (target.tabId !== id) return;
        await api.sendCommand(target, 'Emulation.setDeviceMetricsOverride', {
          width: 1280,
          height: 860,
          deviceScaleFactor: 1,
          mobile: false,
        });
        Reflect.set(globalThis, '__wbTestInfobar', true);
      };
      api.attach = emulated;
    }, tabId);
    const reply = await act('click_ax', { ref_id: ref }, tabId);
    const infobar = await env.browser.worker.evaluate(() => Reflect.get(globalThis, '__wbTestInfobar') === true);
    expect(infobar, 'the emulated infobar resized the viewport after attach').toBe(true);
    await page.waitForTimeout(300);
    const s = await appState<InputState>(page);
    expect(s.resizes).toBeGreaterThan(0);
    expect(await page.locator('#resize-cover').isVisible()).toBe(true);
    // Since issue 25 the debugger attaches as the action starts (the JS dialog watch,
    // background/cdp/dialogs.ts), so the resize usually lands before the page classifies the click:
    // the click is then refused as covered, naming the cover (content-scripts/actions/cover.ts); the
    // dispatch-time re-check still covers a later resize.
    if (reply.ok) {
      expect(reply.data).toMatchObject({ method: 'synthetic', verified: false });
      expect(String(Reflect.get(Object(reply.data), 'fallback'))).toMatch(
        /^not tried: (the target is now covered |at the click point there is now |another element covers the target,)/,
      );
    } else {
      expect(reply.error.code).toBe('target_covered');
      expect(reply.error.message).toMatch(/covered by .*"Delete account"/);
    }
    expect(s.coverClicks).toBe(0);
    expect(s.opened).toEqual([]);
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });

  it('types nothing when the page moves focus to another field before the trusted insertion', async () => {
    const { page, tabId } = await openPage();
    const ref = await refFor(env.browser, tabId, /textbox "Verification code"/);
    const r = data(await act('type_ax', { ref_id: ref, text: 'SECRET-482915' }, tabId));
    expect(r.success).toBe(false);
    const tried = (r.attempts as string[]).map((a) => a.split(':')[0]);
    expect(tried.at(-1)).toBe('cdp-insert-text');
    expect(String((r.attempts as string[]).at(-1))).toMatch(/not tried: focus moved off the field/);
    expect(String(r.hint)).toContain('nothing was typed');
    const s = await appState<InputState>(page);
    expect(s.focusMoves).toBeGreaterThan(0);
    expect(s.other).toBe('');
    expect(await page.locator('#other').inputValue()).toBe('');
    expect(await page.locator('#code').inputValue()).toBe('0000');
    expect(await debuggerAttached(tabId)).toBe(false);
    await page.close();
  });
});
