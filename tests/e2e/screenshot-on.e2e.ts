/**
 * `screenshot_on` in real Chromium (background/tools/screenshot-on.ts): a capture taken when the page logs
 * a console error shows the page as it was after the error (the page turns red in the same task that logs
 * it), within a second of it; the same around an action, when a region appears, and on a fixed interval.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decode, imageFetcher, near } from './support/images';
import { useExtension } from './support/setup';

const env = useExtension();

const Capture = z.object({ image: z.string().regex(/^img_/), atMs: z.number(), bytes: z.number().positive() });
const Fired = z.object({
  image: z.string(),
  width: z.number().positive(),
  captures: z.array(Capture).min(1),
  fired: z.string(),
  firedAtMs: z.number().optional(),
});
const RED: [number, number, number] = [0xdc, 0x1e, 0x1e];

describe('screenshot_on', () => {
  it('captures on a console error, at or after it (within 2.5 s), showing the failed state', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shot-on.html'));
    const fetchImage = await imageFetcher(env.browser);
    const calledAt = Date.now();
    await page.evaluate(() => setTimeout(() => document.getElementById('save')?.click(), 300));
    const r = await env.browser.tool(
      'screenshot_on',
      { trigger: 'console_error', timeoutMs: 8000 },
      { tabId, mode: 'ask' },
    );
    if (!r.ok) throw new Error(r.error.message);
    const s = Fired.parse(r.data);
    expect(s.fired).toMatch(/refresh failed: report 17/);
    const errorAt = await page.evaluate(() => (window as unknown as { errorAt: number }).errorAt);
    const c = s.captures[0];
    if (!c) throw new Error('no capture');
    // Error ~900 ms after the call: the trigger saw it then, not at once (an earlier error) nor at the timeout.
    expect(s.firedAtMs ?? -1).toBeGreaterThanOrEqual(500);
    expect(c.atMs).toBeGreaterThanOrEqual(s.firedAtMs ?? 0);
    expect(c.atMs - (errorAt - calledAt)).toBeLessThan(2500);
    const d = await decode(page, await fetchImage(s.image), [[5, 300]]);
    expect(near(d.pixels[0] ?? [0, 0, 0], RED)).toBe(true);
    await page.close();
  });

  it('around an action: arms, clicks Refresh, captures the error it causes', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shot-on.html'));
    const fetchImage = await imageFetcher(env.browser);
    const found = await env.browser.tool('find', { query: 'Refresh list button' }, { tabId, mode: 'act' });
    const ref = /\[(ref_\d+)\]/.exec(JSON.stringify(found))?.[1];
    expect(ref).toBeDefined();
    const r = await env.browser.tool(
      'screenshot_on',
      { trigger: 'console_error', timeoutMs: 5000, action: { tool: 'click_ax', args: { ref_id: ref } } },
      { tabId, mode: 'act' },
    );
    if (!r.ok) throw new Error(r.error.message);
    const s = Fired.extend({ log: z.string() }).parse(r.data);
    expect(s.log).toMatch(/^action click_ax ok/);
    const d = await decode(page, await fetchImage(s.image), [[5, 300]]);
    expect(near(d.pixels[0] ?? [0, 0, 0], RED)).toBe(true);
    await page.close();
  });

  it('captures when a region appears, and on a fixed interval; says when nothing fired', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/shot-on.html'));
    await page.evaluate(() => (window as unknown as { showToastIn(ms: number): void }).showToastIn(700));
    const region = await env.browser.tool(
      'screenshot_on',
      { trigger: 'region_appears', selector: '#toast', timeoutMs: 5000 },
      { tabId, mode: 'ask' },
    );
    if (!region.ok) throw new Error(region.error.message);
    const rs = Fired.parse(region.data);
    expect(rs.captures[0]?.atMs ?? 0).toBeGreaterThanOrEqual(500);
    const every = await env.browser.tool(
      'screenshot_on',
      { trigger: 'every', everyMs: 300, count: 3 },
      { tabId, mode: 'ask' },
    );
    if (!every.ok) throw new Error(every.error.message);
    const ats = z
      .object({ captures: z.array(Capture).length(3) })
      .parse(every.data)
      .captures.map((c) => c.atMs);
    expect(ats[1] ?? 0).toBeGreaterThanOrEqual(300);
    expect(ats[2] ?? 0).toBeGreaterThanOrEqual(600);
    const none = await env.browser.tool(
      'screenshot_on',
      { trigger: 'request_failed', timeoutMs: 400 },
      { tabId, mode: 'ask' },
    );
    expect(none.ok && none.data).toMatchObject({ fired: null, note: 'no request_failed within 400 ms' });
    await page.close();
  });
});
