/**
 * issue 25 in real Firefox, synthetic events only (no CDP there): a right-click opens the page's
 * context menu, a double-click edits in place, press_key "Shift+A" sends Shift's own key events, a
 * covered button is refused naming its cover, a native HTML5 kanban drag carries its DataTransfer,
 * SortableJS reorders and a noUiSlider handle moves; the trusted-only list is not moved and the result says no trusted drag
 * exists in this build. Monaco asked for its default EditContext mode falls back to its hidden
 * textarea (Firefox has no EditContext) and type_ax replaces and appends there. Judged by the pages'
 * own state.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { TreeResultSchema } from '../../shared/tree-contract';
import { okData, refOnLine } from '../e2e/support/frames';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite();

const act = (name: string, args: Record<string, unknown>, tabId: number) =>
  env().ff.tool(name, args, { tabId, mode: 'act' });

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

async function textRef(tabId: number, text: string): Promise<string> {
  const found = String(okData(await act('text_search', { text, exact: true }, tabId)));
  const ref = /\[(ref_\d+)\]/.exec(found)?.[1];
  if (!ref) throw new Error(`no ref for ${text}: ${found}`);
  return ref;
}

describe.skipIf(!run)('pointer and keys in Firefox', () => {
  it('right-click menu, double-click edit, Shift+A, a covered button', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/actions-pointer.html'));
    let t = await tree(tabId);
    const menu = record(
      okData(await act('click_ax', { ref_id: refOnLine(t, /option "Notes.txt"/), button: 'right' }, tabId)),
    );
    expect(menu).toMatchObject({ verified: true });
    t = await tree(tabId);
    okData(await act('click_ax', { ref_id: refOnLine(t, /menuitem "Delete"/) }, tabId));
    okData(await act('click_ax', { ref_id: refOnLine(t, /"Double-click to edit"/), clickCount: 2 }, tabId));
    okData(await act('press_key', { key: 'Shift+A', ref_id: refOnLine(t, /textbox "Shortcut recorder"/) }, tabId));
    const covered = await act('click_ax', { ref_id: refOnLine(t, /button "Subscribe to updates"/) }, tabId);
    expect(covered.ok).toBe(false);
    if (!covered.ok) expect(covered.error.message).toMatch(/covered by region "Cookie consent".*button "Close"/);
    const s = await appState(page);
    expect(s).toMatchObject({ action: 'delete Notes.txt', dblclicks: 1, editing: true, subscribed: 0 });
    expect(s.keys).toEqual(['keydown:Shift+shift', 'keydown:A+shift', 'keyup:A+shift', 'keyup:Shift']);
    await page.close();
  });

  it('drags: native kanban with its DataTransfer, SortableJS; a trusted-only list is not moved', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/actions-drag.html'));
    await page.waitForSelector('#kanban-todo li');
    const t = await tree(tabId);
    const card = refOnLine(t, /listitem \[ref_\d+\]: "Fix bug"/);
    const kanban = record(okData(await act('drag', { ref_id: card, to_ref_id: await textRef(tabId, 'Done') }, tabId)));
    expect(kanban).toMatchObject({ method: 'html5', verified: true });
    const sorted = record(
      okData(
        await act(
          'drag',
          { ref_id: await textRef(tabId, 'Butter'), to_ref_id: await textRef(tabId, 'Eggs'), position: 'before' },
          tabId,
        ),
      ),
    );
    expect(sorted).toMatchObject({ verified: true });
    const trusted = record(
      okData(
        await act(
          'drag',
          { ref_id: refOnLine(t, /button "Style"/), to_ref_id: refOnLine(t, /button "Security"/), position: 'before' },
          tabId,
        ),
      ),
    );
    expect(trusted).toMatchObject({ verified: false, fallback: 'not tried: this browser has no trusted input' });
    const track = await page.$('#price');
    const box = await track?.boundingBox();
    if (!box) throw new Error('no slider track');
    const slid = record(
      okData(
        await act(
          'drag',
          {
            ref_id: refOnLine(t, /slider "Minimum price"/),
            to: { x: box.x + box.width * 0.4, y: box.y + box.height / 2 },
          },
          tabId,
        ),
      ),
    );
    expect(slid).toMatchObject({ method: 'pointer', verified: true });
    const s = await appState(page);
    expect(s.kanban).toEqual({ todo: ['Write spec'], done: ['Ship v1', 'Fix bug'] });
    expect(s.dataTransferText).toBe('Fix bug');
    expect(s.sortable).toEqual(['Milk', 'Butter', 'Eggs', 'Bread']);
    expect(s.price).toEqual([40, 80]);
    await page.close();
  });

  it('Monaco asked for EditContext types through its textarea here: replace, then append', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/actions-monaco.html?ec=on'));
    await page.waitForSelector('.monaco-editor .view-lines');
    // No EditContext in Firefox: the element that takes the keys is Monaco's textarea.
    expect(await page.evaluate(() => 'EditContext' in window)).toBe(false);
    const ref = refOnLine(await tree(tabId), /textbox "Script editor"/);
    const r = record(okData(await act('type_ax', { ref_id: ref, text: 'let total = 2;' }, tabId)));
    expect(r, JSON.stringify(r)).toMatchObject({ success: true });
    await expect.poll(async () => (await appState(page)).text).toBe('let total = 2;');
    const a = record(okData(await act('type_ax', { ref_id: ref, text: ' // ok', clear: false }, tabId)));
    expect(a, JSON.stringify(a)).toMatchObject({ success: true });
    await expect.poll(async () => (await appState(page)).text).toBe('let total = 2; // ok');
    await page.close();
  });
});
