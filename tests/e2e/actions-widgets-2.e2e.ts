/**
 * Widgets that are not what they seem, from npm (tests/fixtures/apps/actions-widgets-2): react-select
 * opening on focus and toggling on mousedown, tabs whose handler sits on the inner link, tom-select over
 * a hidden native select and a hidden 1px listbox, choices.js, flatpickr's icon-only month arrows, and a
 * click that does nothing while the page churns. Each case checks the library's own state afterwards,
 * and that `verified` rests on a change of the target or what it controls.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { readTree } from './support/tree';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

interface State {
  country: string;
  countryMenuOpen: boolean;
  tab: string;
  city: string;
  visits: string[];
  colour: string;
  month: number;
  noopClicks: number;
}

async function open(): Promise<{ page: Page; tabId: number }> {
  const opened = await env.browser.open(env.server.url('/actions-widgets-2.html'));
  await opened.page.waitForFunction(() => document.querySelector('.ts-wrapper') && document.querySelector('.choices'));
  return opened;
}

describe('pointer sequence order and hit target', () => {
  it('react-select (opens on focus, toggles on mousedown): one click_ax leaves it open, verified', async () => {
    const { page, tabId } = await open();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /combobox "Country"/) }, tabId));
    expect(r).toMatchObject({ success: true, verified: true });
    expect(JSON.stringify(r.changes)).toContain('expanded: false → true');
    expect((await appState<State>(page)).countryMenuOpen).toBe(true);
    const pick = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /option "Spain"/) }, tabId));
    expect(pick).toMatchObject({ success: true, verified: true });
    expect((await appState<State>(page)).country).toBe('spain');
    await page.close();
  });

  it('a tab whose handler sits on the inner link: the click lands on the link, the tab is selected', async () => {
    const { page, tabId } = await open();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /tab "Billing"/) }, tabId));
    expect(r).toMatchObject({ success: true, verified: true });
    expect(JSON.stringify(r.changes)).toContain('selected: false → true');
    expect((await appState<State>(page)).tab).toBe('billing');
    expect(page.url()).not.toContain('#billing');
    await page.close();
  });

  it('a click that changes nothing is unverified although the page churns (a popup blinks elsewhere)', async () => {
    const { page, tabId } = await open();
    const r = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /"Nothing here"/) }, tabId));
    expect(r).toMatchObject({ success: true, verified: false });
    expect((await appState<State>(page)).noopClicks).toBeGreaterThan(0);
    await page.close();
  });
});

describe('selects and comboboxes that are not what they seem', () => {
  it('tom-select: select_option on the hidden native <select> operates the widget', async () => {
    const { page, tabId } = await open();
    const { tree } = await readTree(env.browser, tabId);
    const line = tree.split('\n').find((l) => /combobox[^\n]*\[ref_\d+\][^\n]*Pick a city/.test(l));
    expect(line, tree).toBeDefined();
    const ref = /\[(ref_\d+)\]/.exec(line ?? '')?.[1];
    const r = data(await act('select_option', { ref_id: ref, label: 'Porto' }, tabId));
    expect(r).toMatchObject({ success: true, selected: 'Porto', value: 'porto' });
    expect(String(r.hint)).toContain('operated instead');
    expect((await appState<State>(page)).city).toBe('porto');
    expect(await page.locator('#city + .ts-wrapper .ts-control .item').textContent()).toBe('Porto');
    await page.close();
  });

  it('tom-select: select_option on the combobox reads its own popup, not the open "Recent places" list', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /combobox "City"/);
    const r = data(await act('select_option', { ref_id: ref, label: 'Braga' }, tabId));
    expect(r).toMatchObject({ success: true, selected: 'Braga' });
    expect((await appState<State>(page)).city).toBe('braga');
    const again = data(await act('select_option', { ref_id: ref, label: 'Porto' }, tabId));
    expect(again).toMatchObject({ success: true, selected: 'Porto' });
    expect((await appState<State>(page)).city).toBe('porto');
    await page.close();
  });

  it('tom-select multi: the hidden 1px listbox option says what to use, then goes to the drawn option', async () => {
    const { page, tabId } = await open();
    const { tree } = await readTree(env.browser, tabId);
    const hidden = tree.split('\n').find((l) => /option "Lisbon" \[ref_\d+\]/.test(l) && !/\(popup of/.test(l));
    const hiddenRef = /\[(ref_\d+)\]/.exec(hidden ?? '')?.[1];
    expect(hiddenRef, tree).toBeDefined();
    const closed = await act('click_ax', { ref_id: hiddenRef }, tabId);
    expect(closed.ok).toBe(false);
    if (!closed.ok) {
      expect(closed.error.code).toBe('not_rendered');
      expect(closed.error.message).toMatch(/select_option on combobox "Visited" \[ref_\d+\]/);
    }
    data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /combobox "Visited"/) }, tabId));
    const r = data(await act('click_ax', { ref_id: hiddenRef }, tabId));
    expect(r).toMatchObject({ success: true, verified: true, method: 'stand-in' });
    expect(String(r.standIn)).toContain('option "Lisbon"');
    expect((await appState<State>(page)).visits).toEqual(['lisbon']);
    const more = data(await act('select_option', { ref_id: hiddenRef, label: 'Faro' }, tabId));
    expect(more).toMatchObject({ success: true, selected: 'Faro' });
    expect((await appState<State>(page)).visits).toEqual(['lisbon', 'faro']);
    await page.close();
  });

  it('choices.js: select_option on its combobox chooses in its own dropdown', async () => {
    const { page, tabId } = await open();
    const { tree } = await readTree(env.browser, tabId);
    const line = tree.split('\n').find((l) => /combobox[^\n]*\[ref_\d+\]/.test(l) && /Pick a colour/.test(l));
    const ref = /\[(ref_\d+)\]/.exec(line ?? '')?.[1];
    expect(ref, tree).toBeDefined();
    const r = data(await act('select_option', { ref_id: ref, label: 'Green' }, tabId));
    expect(r).toMatchObject({ success: true, selected: 'Green' });
    expect((await appState<State>(page)).colour).toBe('green');
    await page.close();
  });

  it('flatpickr: icon-only month arrows get hint labels and click_ax turns the month', async () => {
    const { page, tabId } = await open();
    expect((await appState<State>(page)).month).toBe(2);
    const next = await refFor(env.browser, tabId, /"next month" \[ref_\d+\]/);
    const r = data(await act('click_ax', { ref_id: next }, tabId));
    expect(r).toMatchObject({ success: true, verified: true, method: 'synthetic' });
    expect((await appState<State>(page)).month).toBe(3);
    const prevRef = await refFor(env.browser, tabId, /"prev month" \[ref_\d+\]/);
    const prev = data(await act('click_ax', { ref_id: prevRef }, tabId));
    expect(prev).toMatchObject({ success: true, verified: true });
    expect((await appState<State>(page)).month).toBe(2);
    await page.close();
  });
});
