/**
 * The Firefox build acting on real pages in real Firefox: React and Vue apps through the synthetic
 * path only, refs stable within a document and never reused across documents, a frame through the
 * content scripts in every frame, a closed shadow root through Firefox's openOrClosedShadowRoot, and
 * a click Chrome would retry with a trusted CDP event, which Firefox reports it cannot.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { TreeResultSchema } from '../../shared/tree-contract';
import { FrameTreeSchema, FramesReplySchema, okData, refOnLine } from '../e2e/support/frames';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite();

async function act(name: string, args: Record<string, unknown>, tabId: number, mode = 'act') {
  return env().ff.tool(name, args, { tabId, mode });
}

async function tree(tabId: number): Promise<string> {
  const r = await act('get_accessibility_tree', { filter: 'all', maxChars: 1_000_000 }, tabId);
  return TreeResultSchema.parse(okData(r)).tree;
}

function record(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null) throw new Error(`expected an object, got ${JSON.stringify(v)}`);
  return Object.fromEntries(Object.entries(v));
}

async function appState(page: Page): Promise<Record<string, unknown>> {
  return record(await page.evaluate(() => JSON.parse(JSON.stringify(Reflect.get(window, '__appState'))) as unknown));
}

const refNumbers = (t: string): number[] => [...t.matchAll(/\bref_(\d+)\b/g)].map((m) => Number(m[1]));

describe.skipIf(!run)('the Firefox build on real pages', () => {
  it('React 19: types into controlled fields, selects, checks and submits; React state agrees', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/actions-react.html'));
    await page.waitForSelector('form');
    const t = await tree(tabId);
    const typed = record(
      okData(await act('type_ax', { ref_id: refOnLine(t, /textbox "Full name"/), text: 'Ada' }, tabId)),
    );
    expect(typed).toMatchObject({ success: true, value: 'Ada' });
    okData(await act('type_ax', { ref_id: refOnLine(t, /textbox "Email"/), text: 'ada@example.org' }, tabId));
    const sel = record(
      okData(await act('select_option', { ref_id: refOnLine(t, /combobox "Country"/), value: 'jp' }, tabId)),
    );
    expect(sel).toMatchObject({ success: true, selected: 'Japan' });
    const click = record(okData(await act('click_ax', { ref_id: refOnLine(t, /checkbox "I agree"/) }, tabId)));
    expect(click).toMatchObject({ verified: true, method: 'synthetic' });
    const sub = record(
      okData(
        await act('focus_type', { ref_id: refOnLine(t, /textbox "Full name"/), text: 'Ada King', submit: true }, tabId),
      ),
    );
    expect(sub).toMatchObject({ success: true });
    expect(await appState(page)).toMatchObject({
      name: 'Ada King',
      email: 'ada@example.org',
      country: 'jp',
      agree: true,
    });
    expect(await page.$eval('output', (o) => o.textContent)).toBe('Ada King|ada@example.org|jp|yes');
    await page.close();
  });

  it('Vue 3: v-model text, select and checkbox bindings update', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/actions-vue.html'));
    await page.waitForSelector('input');
    const t = await tree(tabId);
    okData(await act('type_ax', { ref_id: refOnLine(t, /textbox "Title"/), text: 'Printer jam' }, tabId));
    okData(await act('select_option', { ref_id: refOnLine(t, /combobox "Size"/), label: 'Large' }, tabId));
    okData(await act('click_ax', { ref_id: refOnLine(t, /checkbox "Urgent"/) }, tabId));
    expect(await appState(page)).toMatchObject({ title: 'Printer jam', size: 'l', urgent: true });
    await page.close();
  });

  it('keeps refs within a document and never reuses them in the next one', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/trust-refs.html?p=a'));
    const a1 = await tree(tabId);
    const a2 = await tree(tabId);
    const archiveA = refOnLine(a1, /button "Archive note"/);
    expect(refOnLine(a2, /button "Archive note"/)).toBe(archiveA);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.goto(env().server.url('/trust-refs.html?p=b')),
    ]);
    await new Promise((r) => setTimeout(r, 500));
    const b = await tree(tabId);
    expect(Math.min(...refNumbers(b))).toBeGreaterThan(Math.max(...refNumbers(a1)));
    const stale = await act('click_ax', { ref_id: archiveA }, tabId);
    expect(stale.ok ? 'ok' : stale.error.code).toBe('stale_ref');
    expect((await appState(page)).archives).toBe(0);
    await page.close();
  });

  it('reads and types in a frame through its own content scripts, with frame-qualified refs', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/frames-main.html'));
    const frames = FramesReplySchema.parse(okData(await act('get_frames', {}, tabId, 'dev'))).frames;
    const form = frames.find((f) => f.url.includes('/frames-form.html'));
    expect(form).toMatchObject({ parent: 'f0', scripts: 'ready' });
    const read = FrameTreeSchema.parse(okData(await act('iframe_read', { urlFilter: 'frames-form' }, tabId, 'dev')));
    const email = refOnLine(read.tree, /textbox "Email"/);
    expect(email.startsWith(`${read.frameId}:`)).toBe(true);
    okData(await act('type_ax', { ref_id: email, text: 'fox@example.org' }, tabId));
    okData(await act('click_ax', { ref_id: refOnLine(read.tree, /button "Send"/) }, tabId));
    const frame = page.frames().find((f) => f.url().includes('/frames-form.html'));
    if (!frame) throw new Error('the form frame is missing');
    await expect.poll(() => frame.$eval('#status', (s) => s.textContent)).toBe('sent fox@example.org');
    await page.close();
  });

  it('reads into a closed shadow root (the page itself cannot) and acts there', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/shadow-components.html'));
    await page.waitForSelector('pay-widget');
    expect(await page.evaluate(() => document.getElementById('pay')?.shadowRoot ?? null)).toBeNull();
    const t = await tree(tabId);
    const card = refOnLine(t, /textbox "Card number"/);
    const payNow = refOnLine(t, /button "Pay now"/);
    okData(await act('type_ax', { ref_id: card, text: '4242' }, tabId));
    okData(await act('click_ax', { ref_id: payNow }, tabId));
    await expect.poll(() => page.$eval('#paid', (p) => p.textContent)).toBe('paid 4242');
    const hosts = record(okData(await act('get_shadow_dom', {}, tabId, 'dev')));
    expect(JSON.stringify(hosts.hosts)).toMatch(/"tag":"pay-widget","mode":"closed"/);
    await page.close();
  });

  it('says "no trusted fallback in Firefox" where Chrome would send one trusted click', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/actions-cdp.html'));
    const t = await tree(tabId);
    const r = record(okData(await act('click_ax', { ref_id: refOnLine(t, /"Open report"/) }, tabId)));
    expect(r).toMatchObject({ method: 'synthetic', verified: false });
    expect(String(r.fallback)).toContain('no trusted fallback in Firefox');
    expect((await appState(page)).trustedClicks).toBe(0);
    await page.close();
  });
});
