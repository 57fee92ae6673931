/**
 * wait_for_stable across frames (issue 28) in real Chromium: a quiet page whose embedded frame keeps
 * rendering is not stable, and names the frame; once the frame's own script stops, it is. In an agent
 * task, a frame of another site is left out without asking (the gate `watch` uses) and counted. A
 * frame frozen by its own script never answers: the wait still returns in time and names it as not judged.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { unfence } from '../../shared/fence';
import { step } from '../fake-providers/script';
import { run, useScript } from './agent-helpers';
import { data } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true, partner: true });

const stable = (tabId: number, args: Record<string, unknown>) =>
  env.browser.tool('wait_for_stable', args, { tabId, mode: 'ask' });

/** The tracker frame's tick count, from its own script. */
async function ticks(page: Page, id: string): Promise<number> {
  const frame = await (await page.$(`#${id}`))?.contentFrame();
  if (!frame) throw new Error(`no frame #${id}`);
  return frame.evaluate(() => Number(Reflect.get(window, 'ticks')));
}

describe('wait_for_stable across frames', () => {
  it('is not stable while a frame of the page keeps changing, and is once it stops', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/stable-frames.html'));
    await page.frameLocator('#own').locator('#clock').waitFor();
    const busy = data(await stable(tabId, { quietMs: 300, timeoutMs: 1500 }));
    expect(busy).toMatchObject({ stable: false, framesWatched: 1 });
    expect(String(busy.busy)).toMatch(/^frame f\d+ changed \d+ ms ago$/);
    // The frame really was changing all along (its own counter), and now stops.
    expect(await ticks(page, 'own')).toBeGreaterThan(10);
    const frame = await (await page.$('#own'))?.contentFrame();
    await frame?.evaluate(() => (Reflect.get(window, 'stopTicking') as () => void)());
    const calm = data(await stable(tabId, { quietMs: 300, timeoutMs: 5000 }));
    expect(calm).toMatchObject({ stable: true, framesWatched: 1 });
    await page.close();
  });

  it('a static data: frame does not keep the page busy', async () => {
    const dataUrl = encodeURIComponent('data:text/html,<p>static</p>');
    const { page, tabId } = await env.browser.open(env.server.url(`/stable-frames.html?inner=quiet&other=${dataUrl}`));
    await page.frameLocator('#own').locator('#clock').waitFor();
    expect(page.frames().some((f) => f.url().startsWith('data:'))).toBe(true);
    const r = data(await stable(tabId, { quietMs: 300, timeoutMs: 5000 }));
    expect(r).toMatchObject({ stable: true });
    await page.close();
  });

  it('a frame frozen by its own script is dropped after its first second: the wait returns in time and names it', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/stable-frames.html?inner=quiet'));
    await page.frameLocator('#own').locator('#clock').waitFor();
    // Added after the page loaded (its load event would wait for it), on the partner site: its own
    // renderer process, so only that frame is frozen, not the page or the quiet frame.
    const frozen = `${env.partner.origin}/stable-frames-frozen.html?ms=20000`;
    await page.evaluate((src) => {
      const f = document.createElement('iframe');
      f.id = 'frozen';
      f.src = src;
      document.body.append(f);
    }, frozen);
    const listed = () =>
      env.browser.worker.evaluate(
        async (t) => (await chrome.webNavigation.getAllFrames({ tabId: t }))?.some((f) => f.url.includes('frozen')),
        tabId,
      );
    await expect.poll(listed, { timeout: 10_000 }).toBe(true);
    const started = performance.now();
    const r = data(await stable(tabId, { quietMs: 300, timeoutMs: 4000 }));
    const took = performance.now() - started;
    expect(took, 'ms for the whole call').toBeLessThan(4000 + 1500);
    expect(r, JSON.stringify(r)).toMatchObject({ stable: true, framesWatched: 1 });
    expect(String(r.framesNotWatched)).toMatch(/^frame f\d+: never answered \(frozen by its script/);
    await page.close();
  });

  it('in a task, leaves a frame of another site out without asking and says so', async () => {
    const task = 'Wait for the order page to settle.';
    await useScript(env, 'stable-frames', {
      [task]: { steps: [step('wait_for_stable', { quietMs: 300, timeoutMs: 4000 })], final: () => 'Settled.' },
    });
    const other = `${env.partner.origin}/stable-frames-inner.html`;
    const url = env.server.url(`/stable-frames.html?inner=quiet&other=${encodeURIComponent(other)}`);
    const { page, tabId } = await env.browser.open(url);
    await page.frameLocator('#other').locator('#clock').waitFor();
    const before = await ticks(page, 'other');
    const report = await run(env.browser, { tabId, task, mode: 'ask' });
    expect(report.status).toBe('done');
    const body = unfence(report.steps[0]?.result ?? '')
      .split('\n')
      .filter((l) => !l.startsWith('NOTE: '))
      .join('\n');
    expect(JSON.parse(body)).toMatchObject({
      stable: true,
      framesWatched: 1,
      framesNotWatched: '1 iframe(s) of other sites',
    });
    // The other site's frame kept changing through the wait: it was left out, not quiet.
    // It ticks every 50 ms, so it changed several times within one 300 ms quiet window the wait needed.
    expect(await ticks(page, 'other')).toBeGreaterThan(before + 3);
    await page.close();
  });
});
