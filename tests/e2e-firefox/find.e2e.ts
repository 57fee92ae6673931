/**
 * `find` in real Firefox (docs/find.md): a query finds elements by text and by label (closed shadow
 * roots too, read through Firefox's openOrClosedShadowRoot), each printed as the tree line with the
 * ref a get_accessibility_tree read prints; actionability from Firefox's own layout and hit test; the
 * hidden-section warning names the opener (a closed <details>, and collapsed sections in closed
 * shadow roots) with the tree's ref; click_ax on the refs find returns acts, synthetic-only. Judged
 * by the pages' own state.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseTreeLine } from '../../shared/tree-line';
import { TreeResultSchema } from '../../shared/tree-contract';
import { okData } from '../e2e/support/frames';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite();

const call = (name: string, args: Record<string, unknown>, tabId: number) =>
  env().ff.tool(name, args, { tabId, mode: 'act', tier: 'full' });
const findText = async (query: string, tabId: number) => z.string().parse(okData(await call('find', { query }, tabId)));

interface Entry {
  ref: string;
  line: string;
  rest: string;
}

function entries(out: string): Entry[] {
  const found: Entry[] = [];
  for (const l of out.split('\n')) {
    const m = /^\d+\. (.*?) · (score .*)$/.exec(l);
    const ref = m?.[1] !== undefined ? parseTreeLine(m[1])?.ref : undefined;
    if (m?.[1] !== undefined && m[2] !== undefined && ref) found.push({ ref, line: m[1], rest: m[2] });
  }
  return found;
}

async function first(query: string, tabId: number): Promise<Entry> {
  const out = await findText(query, tabId);
  const top = entries(out)[0];
  if (!top) expect.fail(`find ${query}: no candidate\n${out}`);
  return top;
}

async function tree(tabId: number): Promise<string> {
  const r = await call('get_accessibility_tree', { filter: 'all', maxChars: 1_000_000 }, tabId);
  return TreeResultSchema.parse(okData(r)).tree;
}

/** The control the hidden-section warning names, as its tree line; fails when find matched something. */
async function openerOf(query: string, tabId: number): Promise<string> {
  const out = await findText(query, tabId);
  expect(entries(out), out).toEqual([]);
  const opener =
    /hidden section\(s\) \(collapsed, closed or display:none\) contain these words\. To show them, click: (.*?); then find again\./.exec(
      out,
    )?.[1];
  if (!opener) expect.fail(`find ${query}: no opener named\n${out}`);
  return opener;
}

async function click(ref: string, tabId: number): Promise<void> {
  okData(await call('click_ax', { ref_id: ref }, tabId));
}

const attr = (page: Page, selector: string, name: string) => page.$eval(selector, (e, n) => e.getAttribute(n), name);

describe.skipIf(!run)('find in Firefox', () => {
  it('finds by text and label with the refs the tree prints, and says what is not actionable', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/find-extra.html'));
    const t = await tree(tabId);
    const cont = await first('continue', tabId);
    expect(cont.line).toMatch(/^button "Continue" \[ref_\d+\]$/);
    expect(cont.rest).toMatch(/· actionable · box \d+,\d+ \d+×\d+/);
    // By label: a field named by its <label>, and controls in closed shadow roots.
    const promo = await first('promo code', tabId);
    expect(promo.line).toMatch(/^textbox "Promo code" \[ref_\d+\]/);
    const upgrade = await first('upgrade plan', tabId);
    expect(upgrade.line).toMatch(/^button "Upgrade plan" \[ref_\d+\]$/);
    for (const e of [cont, promo, upgrade]) expect(t).toContain(e.line.replace(/ \{.*\}$/, ''));
    // Table context and actionability from Firefox's layout and hit test.
    const download = await first('download the invoice from May 13', tabId);
    expect(download.rest).toMatch(/in table "Invoices" row "May 13"/);
    expect((await first('dismiss banner', tabId)).rest).toMatch(/· covered · box /);
    expect((await first('export report', tabId)).rest).toMatch(/· disabled ·/);
    expect((await first('show archived projects', tabId)).rest).toMatch(/· off-screen · no visible box/);
    expect(await findText('subscribe to the newsletter', tabId)).toMatch(
      /warning: no visible candidate: all \d+ match\(es\) are off-screen \(scrolled away or clipped\)\./,
    );
    await page.close();
  });

  it('names the opener of a hidden match with the tree ref; clicking it shows the element, actionable', async () => {
    // A closed <details>: the summary, with the ref the tree prints; click_ax opens it (the page's own state).
    const { page, tabId } = await env().ff.open(env().server.url('/tree-clickables.html'));
    const more = await openerOf('hidden', tabId);
    expect(more).toMatch(/"More details" \[ref_\d+\]/);
    const moreRef = parseTreeLine(more)?.ref ?? '';
    expect(await tree(tabId)).toContain(`"More details" [${moreRef}]`);
    await click(moreRef, tabId);
    await expect.poll(() => attr(page, 'details', 'open')).toBe('');
    const shown = entries(await findText('hidden', tabId));
    expect(shown.find((e) => /^button "Hidden button" \[ref_\d+\]$/.test(e.line))?.rest).toMatch(/· actionable ·/);
    await page.close();
  });

  it('collapsed sections in closed shadow roots: named, opened, and the controls inside act', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/find-closed-sections.html'));
    await page.waitForSelector('body[data-ready]');
    const t = await tree(tabId);
    const advanced = await openerOf('two-factor sign-in', tabId);
    expect(advanced).toMatch(/^button "Advanced settings" \[ref_\d+\] \{collapsed\}$/);
    const advRef = parseTreeLine(advanced)?.ref ?? '';
    expect(t).toContain(`button "Advanced settings" [${advRef}]`);
    const tools = await openerOf('export archive', tabId);
    expect(tools).toMatch(/^button "More tools" \[ref_\d+\] \{collapsed\}$/);
    expect(t).toContain(`"More tools" [${parseTreeLine(tools)?.ref ?? ''}]`);
    expect(await openerOf('download receipts', tabId)).toMatch(/"Billing" \[ref_\d+\]/);

    await click(advRef, tabId);
    await expect.poll(() => attr(page, '#panel', 'data-open')).toBe('true');
    const tf = await first('two-factor sign-in', tabId);
    expect(tf.line).toMatch(/^checkbox "Enable two-factor sign-in" \[ref_\d+\]/);
    expect(tf.rest).toMatch(/· actionable ·/);
    await click(tf.ref, tabId);
    await click(parseTreeLine(tools)?.ref ?? '', tabId);
    await expect.poll(() => attr(page, '#fold', 'data-open')).toBe('true');
    const exp = await first('export archive', tabId);
    expect(exp.line).toMatch(/^button "Export archive" \[ref_\d+\]$/);
    await click(exp.ref, tabId);
    await expect.poll(() => page.$eval('#state', (e) => e.textContent)).toBe('security: strong; copies: saved');
    await page.close();
  });
});
