/**
 * click_ax's button, clickCount and modifiers, covered targets and key chords (issue 25), in real
 * Chromium, judged by the page's own state (window.__appState): a custom context menu opened by a
 * right-click and then read and clicked like any overlay; double-click to edit in place; a cell that
 * takes only a trusted double-click (one CDP double-click); Control- and Shift-click multi-select;
 * a middle click's auxclick; a button under a cookie banner refused with the banner and its Close
 * button named; press_key "Shift+A" with the modifier's own keydown and keyup around the key; a list
 * that takes only trusted keys moved by press_key's one trusted (CDP) retry, Shift's own events included.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../shared/result';
import { appState, data, refFor } from './support/actions';
import { readTree } from './support/tree';
import { useExtension } from './support/setup';

interface PointerState {
  menuFor: string | null;
  action: string | null;
  selected: string[];
  clickDetails: number[];
  dblclicks: number;
  editing: boolean;
  trustedDblclicks: number;
  untrustedDblclicks: number;
  aux: { button: number; ctrl: boolean }[];
  keys: string[];
  trustedKeys: string[];
  untrustedKeys: number;
  listActive: string;
  subscribed: number;
  bannerClosed: boolean;
}

const env = useExtension({ shared: true });
const act = (name: string, args: unknown, tabId: number): Promise<Result<unknown>> =>
  env.browser.tool(name, args, { tabId, mode: 'act' });
const open = () => env.browser.open(env.server.url('/actions-pointer.html'));

describe('click_ax presses', () => {
  it('right-clicks open the page’s own context menu, which reads and clicks like any overlay', async () => {
    const { page, tabId } = await open();
    const r = data(
      await act(
        'click_ax',
        { ref_id: await refFor(env.browser, tabId, /option "Budget.xlsx"/), button: 'right' },
        tabId,
      ),
    );
    expect(r).toMatchObject({ success: true, verified: true });
    expect(String((r.changes as { popupOpened?: string }).popupOpened)).toMatch(/^menu "File actions"/);
    expect((await appState<PointerState>(page)).menuFor).toBe('Budget.xlsx');
    const { tree } = await readTree(env.browser, tabId);
    expect(tree).toMatch(/menuitem "Delete" \[ref_\d+\]/);
    data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /menuitem "Rename"/) }, tabId));
    const s = await appState<PointerState>(page);
    expect(s.action).toBe('rename Budget.xlsx');
    // A right-click selects nothing: no click reached the list.
    expect(s.selected).toEqual([]);
    await page.close();
  });

  it('double-clicks with the full sequence (click detail 1 and 2, then dblclick): edit in place', async () => {
    const { page, tabId } = await open();
    const r = data(
      await act(
        'click_ax',
        { ref_id: await refFor(env.browser, tabId, /"Double-click to edit"/), clickCount: 2 },
        tabId,
      ),
    );
    expect(r).toMatchObject({ success: true, verified: true, method: 'synthetic' });
    const s = await appState<PointerState>(page);
    expect(s).toMatchObject({ clickDetails: [1, 2], dblclicks: 1, editing: true });
    expect(await page.locator('input[aria-label="Title"]').inputValue()).toBe('Quarterly plan');
    await page.close();
  });

  it('sends one trusted double-click (CDP clickCount 2) where the page ignores synthetic ones', async () => {
    const { page, tabId } = await open();
    const r = data(
      await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Trusted cell"/), clickCount: 2 }, tabId),
    );
    expect(r).toMatchObject({ method: 'cdp', verified: true });
    const s = await appState<PointerState>(page);
    expect(s.trustedDblclicks).toBe(1);
    expect(s.untrustedDblclicks).toBe(1);
    expect(await page.locator('#cell').textContent()).toBe('editing');
    await page.close();
  });

  it('holds modifiers: Control-click toggles, Shift-click extends a multi-select', async () => {
    const { page, tabId } = await open();
    const ref = (name: RegExp) => refFor(env.browser, tabId, name);
    data(await act('click_ax', { ref_id: await ref(/option "Report.pdf"/) }, tabId));
    data(await act('click_ax', { ref_id: await ref(/option "Notes.txt"/), modifiers: ['Control'] }, tabId));
    expect((await appState<PointerState>(page)).selected).toEqual(['Report.pdf', 'Notes.txt']);
    data(await act('click_ax', { ref_id: await ref(/option "Budget.xlsx"/), modifiers: ['Shift'] }, tabId));
    expect((await appState<PointerState>(page)).selected).toEqual(['Report.pdf', 'Budget.xlsx']);
    await page.close();
  });

  it('middle-clicks fire auxclick with button 1 and the held modifiers', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /"Open in background"/);
    await act('click_ax', { ref_id: ref, button: 'middle', modifiers: ['Control'] }, tabId);
    expect((await appState<PointerState>(page)).aux[0]).toEqual({ button: 1, ctrl: true });
    await page.close();
  });
});

describe('covered targets', () => {
  it('never reports a covered click: names the banner and its Close control, which then clears the way', async () => {
    const { page, tabId } = await open();
    const subscribe = await refFor(env.browser, tabId, /button "Subscribe to updates"/);
    const r = await act('click_ax', { ref_id: subscribe }, tabId);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('target_covered');
    expect(r.error.message).toMatch(/is covered by region "Cookie consent" \[ref_\d+\]/);
    const close = /click_ax on button "Close" \[(ref_\d+)\]/.exec(r.error.message)?.[1];
    expect(close).toBeDefined();
    expect((await appState<PointerState>(page)).subscribed).toBe(0);
    data(await act('click_ax', { ref_id: close }, tabId));
    expect((await appState<PointerState>(page)).bannerClosed).toBe(true);
    data(await act('click_ax', { ref_id: subscribe }, tabId));
    expect((await appState<PointerState>(page)).subscribed).toBe(1);
    await page.close();
  });
});

describe('key chords', () => {
  it('press_key "Shift+A" sends Shift’s own keydown and keyup around the key, in order', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /textbox "Shortcut recorder"/);
    data(await act('press_key', { key: 'Shift+A', ref_id: ref }, tabId));
    data(await act('press_key', { key: 'Control+Shift+k', ref_id: ref }, tabId));
    expect((await appState<PointerState>(page)).keys).toEqual([
      'keydown:Shift+shift',
      'keydown:A+shift',
      'keyup:A+shift',
      'keyup:Shift',
      'keydown:Control+ctrl',
      'keydown:Shift+shift+ctrl',
      'keydown:k+shift+ctrl',
      'keyup:k+shift+ctrl',
      'keyup:Shift+ctrl',
      'keyup:Control',
    ]);
    await page.close();
  });

  it('type_ax types a capital with Shift’s own keydown and keyup around it', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /textbox "Shortcut recorder"/);
    const typed = data(await act('type_ax', { ref_id: ref, text: 'Hi' }, tabId));
    expect(typed.success, JSON.stringify(typed)).toBe(true);
    expect((await appState<PointerState>(page)).keys).toEqual([
      'keydown:Shift+shift',
      'keydown:H+shift',
      'keyup:H+shift',
      'keyup:Shift',
      'keydown:i',
      'keyup:i',
    ]);
    await page.close();
  });

  it('a list that ignores synthetic keys moves by one trusted (CDP) key press, with Shift’s own events', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /listbox "Trusted-only list"/);
    const down = data(await act('press_key', { key: 'ArrowDown', ref_id: ref }, tabId));
    expect(String(down.fallback), JSON.stringify(down)).toMatch(/one trusted \(CDP\) key press was sent/);
    expect('trustedToken' in down).toBe(false);
    await expect.poll(async () => (await appState<PointerState>(page)).listActive).toBe('Beta');
    data(await act('press_key', { key: 'Shift+ArrowDown', ref_id: ref }, tabId));
    const s = await appState<PointerState>(page);
    expect(s.listActive).toBe('Gamma');
    expect(s.trustedKeys).toEqual([
      'keydown:ArrowDown',
      'keyup:ArrowDown',
      'keydown:Shift+shift',
      'keydown:ArrowDown+shift',
      'keyup:ArrowDown+shift',
      'keyup:Shift',
    ]);
    // Each press was tried synthetically first (down and up, plus Shift's own two for the chord).
    expect(s.untrustedKeys).toBe(6);
    await page.close();
  });
});
