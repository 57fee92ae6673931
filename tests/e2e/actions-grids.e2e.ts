/**
 * Data grids from npm (tests/fixtures/apps/actions-grids): AG Grid Community and Tabulator. A cell is
 * edited the keyboard way (focus it, Enter opens the editor, type, Enter commits), a header sorts, a
 * header filter narrows the rows; each judged by the grid's own data model. A cell is also edited the
 * mouse way: `click_ax {clickCount: 2}` opens AG Grid's editor (its default start-editing gesture).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { readTree } from './support/tree';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

interface Row {
  name: string;
  city: string;
  qty: number;
}
interface State {
  ag: { data: Row[]; displayed: string[]; edits: number };
  tab: { data: Row[]; displayed: string[]; edits: number };
}

async function open(): Promise<{ page: Page; tabId: number }> {
  const opened = await env.browser.open(env.server.url('/actions-grids.html'));
  await opened.page.waitForFunction(() => document.body.dataset.ready === '1' && document.querySelector('.ag-row'));
  return opened;
}

/** A cell's own ref: a compact row line prints several cells, `gridcell "Rome" [ref_34]` among them. */
async function cellRef(tabId: number, name: string): Promise<string> {
  const { tree } = await readTree(env.browser, tabId);
  const ref = new RegExp(`gridcell "${name}" \\[(ref_\\d+)\\]`).exec(tree)?.[1];
  if (!ref) throw new Error(`no gridcell "${name}" in:\n${tree}`);
  return ref;
}

/** The ref of the first editor line (a textbox or spinbutton) in what an action said appeared. */
function editorIn(r: Record<string, unknown>): string | undefined {
  const changes = r.changes as { appeared?: string[] } | undefined;
  const line = (changes?.appeared ?? []).find((l) => /^\s*(textbox|spinbutton)\b/.test(l));
  return /\[(ref_\d+)\]/.exec(line ?? '')?.[1];
}

describe('AG Grid Community', () => {
  it('edits a cell the keyboard way: Enter opens the editor (listed as appeared), type, Enter commits', async () => {
    const { page, tabId } = await open();
    const cell = await cellRef(tabId, 'Oslo');
    data(await act('click_ax', { ref_id: cell }, tabId));
    const enter = data(await act('press_key', { key: 'Enter', ref_id: cell }, tabId));
    const editor = editorIn(enter) ?? (await refFor(env.browser, tabId, /textbox[^\n]*Input Editor|textbox "City/));
    const typed = data(await act('type_ax', { ref_id: editor, text: 'Paris' }, tabId));
    expect(typed.success, JSON.stringify(typed)).toBe(true);
    data(await act('press_key', { key: 'Enter', ref_id: editor }, tabId));
    await expect.poll(async () => (await appState<State>(page)).ag.data[0]?.city).toBe('Paris');
    expect((await appState<State>(page)).ag.edits).toBe(1);
    await page.close();
  });

  it('edits a cell the mouse way: a double-click (clickCount 2) opens the editor, type, Enter commits', async () => {
    const { page, tabId } = await open();
    const dbl = data(await act('click_ax', { ref_id: await cellRef(tabId, 'Lima'), clickCount: 2 }, tabId));
    const editor = editorIn(dbl) ?? (await refFor(env.browser, tabId, /textbox[^\n]*Input Editor|textbox "City/));
    const typed = data(await act('type_ax', { ref_id: editor, text: 'Accra' }, tabId));
    expect(typed.success, JSON.stringify(typed)).toBe(true);
    data(await act('press_key', { key: 'Enter', ref_id: editor }, tabId));
    await expect.poll(async () => (await appState<State>(page)).ag.data[1]?.city).toBe('Accra');
    expect((await appState<State>(page)).ag.edits).toBe(1);
    await page.close();
  });

  it('sorts by a header click and filters through the floating header filter', async () => {
    const { page, tabId } = await open();
    data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /columnheader "Quantity"/) }, tabId));
    await expect.poll(async () => (await appState<State>(page)).ag.displayed).toEqual(['Lamp', 'Mug', 'Chair']);
    const filter = await refFor(env.browser, tabId, /textbox "Product Filter Input"/);
    const typed = data(await act('type_ax', { ref_id: filter, text: 'am' }, tabId));
    expect(typed.success, JSON.stringify(typed)).toBe(true);
    await expect.poll(async () => (await appState<State>(page)).ag.displayed).toEqual(['Lamp']);
    await page.close();
  });
});

describe('Tabulator', () => {
  it('edits a cell: a click opens the editor (listed as appeared), typing commits', async () => {
    const { page, tabId } = await open();
    const click = data(await act('click_ax', { ref_id: await cellRef(tabId, 'Rome') }, tabId));
    const editor = editorIn(click);
    expect(editor, JSON.stringify(click)).toBeDefined();
    // Tabulator's input editor commits on `change`, which type_ax fires: no Enter is needed.
    const typed = data(await act('type_ax', { ref_id: editor, text: 'Quito' }, tabId));
    expect(typed.success, JSON.stringify(typed)).toBe(true);
    await expect.poll(async () => (await appState<State>(page)).tab.data[1]?.city).toBe('Quito');
    expect((await appState<State>(page)).tab.edits).toBe(1);
    await page.close();
  });

  it('sorts by a header click (aria-sort headers get a ref) and filters through the header filter', async () => {
    const { page, tabId } = await open();
    const { tree } = await readTree(env.browser, tabId);
    const header = /columnheader "Count"[^\n]*\[(ref_\d+)\]/.exec(tree)?.[1];
    expect(header, tree).toBeDefined();
    data(await act('click_ax', { ref_id: header }, tabId));
    await expect.poll(async () => (await appState<State>(page)).tab.displayed).toEqual(['Lamp', 'Mug', 'Chair']);
    const typed = data(
      await act('type_ax', { ref_id: await refFor(env.browser, tabId, /searchbox "Item"/), text: 'ch' }, tabId),
    );
    expect(typed.success, JSON.stringify(typed)).toBe(true);
    await expect.poll(async () => (await appState<State>(page)).tab.displayed).toEqual(['Chair']);
    await page.close();
  });
});
