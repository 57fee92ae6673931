/**
 * Actions on native controls, React 19 controlled inputs and Vue 3 v-model, in real Chromium. Each
 * case checks the application's own state (window.__appState / the DOM it renders) afterwards.
 */
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

describe('native controls', () => {
  it('selects, checks, picks a radio, fills a date, a textarea, a stand-in checkbox, then submits the form', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-native.html'));
    const ref = (p: RegExp) => refFor(env.browser, tabId, p);

    const sel = data(await act('select_option', { ref_id: await ref(/combobox "City"/), label: 'berlin' }, tabId));
    expect(sel).toMatchObject({ success: true, method: 'native', selected: 'Berlin', value: 'ber' });
    expect(await page.locator('#city').inputValue()).toBe('ber');

    const news = data(await act('click_ax', { ref_id: await ref(/checkbox "Newsletter"/) }, tabId));
    expect(news).toMatchObject({ success: true, method: 'synthetic', verified: true, tag: 'input' });
    expect(news.changes).toMatchObject({ states: ['checked: false → true'] });
    expect(await page.locator('#news').isChecked()).toBe(true);

    expect(data(await act('click_ax', { ref_id: await ref(/radio "Pro"/) }, tabId))).toMatchObject({ verified: true });
    expect(await page.locator('#plan-pro').isChecked()).toBe(true);

    const dateRef = await ref(/textbox "Start date"/);
    const badDate = await act('type_ax', { ref_id: dateRef, text: '03/15/2024' }, tabId);
    expect(badDate).toMatchObject({ ok: false, error: { code: 'bad_format' } });
    if (!badDate.ok) expect(badDate.error.message).toContain('yyyy-mm-dd');
    expect(data(await act('type_ax', { ref_id: dateRef, text: '2024-03-15' }, tabId))).toMatchObject({
      success: true,
      value: '2024-03-15',
    });
    expect(await page.locator('#start').inputValue()).toBe('2024-03-15');

    const notes = data(await act('type_ax', { ref_id: await ref(/textbox "Notes"/), text: 'line one' }, tabId));
    expect(notes).toMatchObject({ success: true, method: 'value-setter' });
    const appended = data(
      await act('type_ax', { ref_id: await ref(/textbox "Notes"/), text: ' and two', clear: false }, tabId),
    );
    expect(appended.value).toBe('line one and two');

    // The real input is 1px and transparent; a person clicks the label's box.
    const terms = data(await act('click_ax', { ref_id: await ref(/checkbox "Accept terms"/) }, tabId));
    expect(terms).toMatchObject({ success: true, method: 'stand-in', verified: true });
    expect(String(terms.standIn)).toContain('label');
    expect(await page.locator('#terms').isChecked()).toBe(true);

    const submit = data(
      await act('focus_type', { ref_id: await ref(/textbox "Name"/), text: 'Grace', submit: true }, tabId),
    );
    expect(submit).toMatchObject({ success: true, submitted: 'form.requestSubmit()' });
    const state = await appState<{ submits: Record<string, string>[] }>(page);
    expect(state.submits).toEqual([
      {
        city: 'ber',
        news: 'on',
        plan: 'pro',
        start: '2024-03-15',
        notes: 'line one and two',
        name: 'Grace',
        terms: 'on',
      },
    ]);
    await page.close();
  });

  it('refuses non-typeable targets with what to use instead', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-native.html'));
    const box = await act(
      'type_ax',
      { ref_id: await refFor(env.browser, tabId, /checkbox "Newsletter"/), text: 'x' },
      tabId,
    );
    expect(box).toMatchObject({ ok: false, error: { code: 'not_typeable' } });
    if (!box.ok) expect(box.error.message).toMatch(/checkbox.*use click_ax to toggle it/);
    const file = await act(
      'type_ax',
      { ref_id: await refFor(env.browser, tabId, /button "Upload"/), text: 'a.txt' },
      tabId,
    );
    expect(file).toMatchObject({ ok: false, error: { code: 'not_typeable' } });
    const button = await act(
      'type_ax',
      { ref_id: await refFor(env.browser, tabId, /button "Refresh rows"/), text: 'x' },
      tabId,
    );
    if (!button.ok) expect(button.error.message).toContain('use click_ax');
    const select = await act(
      'type_ax',
      { ref_id: await refFor(env.browser, tabId, /combobox "City"/), text: 'Paris' },
      tabId,
    );
    if (!select.ok) expect(select.error.message).toContain('select_option');
    expect(button.ok || select.ok).toBe(false);
    const unknown = await act(
      'select_option',
      { ref_id: await refFor(env.browser, tabId, /combobox "City"/), label: 'Madrid' },
      tabId,
    );
    expect(unknown).toMatchObject({ ok: false, error: { code: 'option_not_found' } });
    if (!unknown.ok) expect(unknown.error.message).toContain('"Rome"');
    const askMode = await env.browser.tool('click_ax', { ref_id: 'ref_1' }, { tabId, mode: 'ask' });
    expect(askMode).toMatchObject({ ok: false, error: { code: 'tool_not_allowed' } });
    await page.close();
  });

  it('clicks a <span> link with only a click listener and reports the URL change', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-native.html'));
    const r = data(
      await act('click_ax', { ref_id: await refFor(env.browser, tabId, /generic \[ref_\d+\]: "Show details"/) }, tabId),
    );
    expect(r).toMatchObject({ success: true, method: 'synthetic', verified: true, tag: 'span' });
    expect(String((r.changes as { url?: string }).url)).toMatch(/#…$/);
    expect((await appState<{ spanClicks: number }>(page)).spanClicks).toBe(1);
    expect(await page.locator('#details').isVisible()).toBe(true);
    await page.close();
  });

  it('gives the documented not-found error with nearby refs for a ref whose element was re-rendered', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-native.html'));
    const alpha = await refFor(env.browser, tabId, /button "Open Alpha"/);
    data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Refresh rows"/) }, tabId));
    expect((await appState<{ rowsVersion: number }>(page)).rowsVersion).toBe(2);
    const stale = await act('click_ax', { ref_id: alpha }, tabId);
    expect(stale).toMatchObject({ ok: false, error: { code: 'ref_not_found' } });
    if (!stale.ok)
      expect(stale.error.message).toMatch(
        new RegExp(`${alpha} not found: the element left the page; nearby refs: ref_\\d+`),
      );
    await page.close();
  });

  it('presses keys with browser defaults emulated, hovers a CSS-only tooltip, scrolls', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-native.html'));
    const tab = data(
      await act('press_key', { key: 'Tab', ref_id: await refFor(env.browser, tabId, /textbox "Notes"/) }, tabId),
    );
    expect(tab).toMatchObject({ success: true, key: 'Tab', defaultPrevented: false });
    expect(String(tab.emulated)).toContain('textbox "Name"');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('plain-name');
    data(await act('press_key', { key: 'Escape' }, tabId));
    expect((await appState<{ keys: string[] }>(page)).keys).toEqual(['Tab', 'Escape']);
    expect(await act('press_key', { key: 'Hyper+Q' }, tabId)).toMatchObject({ ok: false, error: { code: 'bad_key' } });

    // :hover cannot be scripted; the real mouse (CDP) shows the tooltip.
    const hover = data(await act('hover', { ref_id: await refFor(env.browser, tabId, /"Hover me"/) }, tabId));
    expect(hover).toMatchObject({ success: true, method: 'cdp' });
    // What appeared is printed as tree lines, with the ref the tree gives (content-scripts/actions/appeared.ts).
    expect(JSON.stringify(hover.appeared)).toMatch(/Tooltip text.*\[ref_\d+\]|\[ref_\d+\].*Tooltip text/);
    expect(await page.locator('#tip').isVisible()).toBe(true);

    const down = data(await act('scroll', { direction: 'down', amount: 400 }, tabId));
    expect(down).toMatchObject({ success: true, container: 'page', before: { y: 0 }, after: { y: 400 } });
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
    const into = data(
      await act('scroll', { ref_id: await refFor(env.browser, tabId, /button "Refresh rows"/) }, tabId),
    );
    expect(into.success).toBe(true);
    const top = data(await act('scroll', { direction: 'up', amount: 100_000 }, tabId));
    expect(top).toMatchObject({ atEnd: true, after: { y: 0 } });
    await page.close();
  });
});

describe('React 19 controlled inputs and form', () => {
  it('types into controlled fields, selects, checks and submits; React state agrees', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-react.html'));
    const ref = (p: RegExp) => refFor(env.browser, tabId, p);
    expect(
      data(await act('type_ax', { ref_id: await ref(/textbox "Full name"/), text: 'Ada Lovelace' }, tabId)),
    ).toMatchObject({ success: true, method: 'keys', value: 'Ada Lovelace' });
    expect(
      data(await act('type_ax', { ref_id: await ref(/textbox "Email"/), text: 'ada@example.org' }, tabId)),
    ).toMatchObject({ success: true });
    const shout = data(await act('type_ax', { ref_id: await ref(/textbox "Shout"/), text: 'hello' }, tabId));
    expect(shout).toMatchObject({ success: true, value: 'HELLO' });
    expect(String(shout.hint)).toContain('reformatted');
    expect(
      data(await act('select_option', { ref_id: await ref(/combobox "Country"/), value: 'jp' }, tabId)),
    ).toMatchObject({ success: true, selected: 'Japan' });
    expect(data(await act('click_ax', { ref_id: await ref(/checkbox "I agree"/) }, tabId))).toMatchObject({
      verified: true,
    });
    const sub = data(
      await act('focus_type', { ref_id: await ref(/textbox "Full name"/), text: 'Ada King', submit: true }, tabId),
    );
    expect(sub).toMatchObject({ success: true, submitted: 'form.requestSubmit()' });
    const state = await appState<{
      name: string;
      email: string;
      upper: string;
      country: string;
      agree: boolean;
      submitted: unknown[];
    }>(page);
    expect(state).toMatchObject({
      name: 'Ada King',
      email: 'ada@example.org',
      upper: 'HELLO',
      country: 'jp',
      agree: true,
    });
    expect(state.submitted).toEqual([{ name: 'Ada King', email: 'ada@example.org', country: 'jp', agree: true }]);
    expect(await page.locator('output').textContent()).toBe('Ada King|ada@example.org|jp|yes');
    await page.close();
  });

  it('a ref to an element React remounted gives the not-found error', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-react.html'));
    const reload = await refFor(env.browser, tabId, /button "Reload items"/);
    data(await act('click_ax', { ref_id: reload }, tabId));
    expect((await appState<{ version: number }>(page)).version).toBe(1);
    const stale = await act('click_ax', { ref_id: reload }, tabId);
    expect(stale).toMatchObject({ ok: false, error: { code: 'ref_not_found' } });
    expect((await appState<{ version: number }>(page)).version).toBe(1);
    await page.close();
  });
});

describe('Vue 3 v-model', () => {
  it('updates v-model text, textarea, lazy, select and checkbox bindings', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-vue.html'));
    const ref = (p: RegExp) => refFor(env.browser, tabId, p);
    data(await act('type_ax', { ref_id: await ref(/textbox "Title"/), text: 'Printer jam' }, tabId));
    data(await act('type_ax', { ref_id: await ref(/textbox "Description"/), text: 'Tray 2\nstuck' }, tabId));
    data(await act('type_ax', { ref_id: await ref(/textbox "Reference"/), text: 'T-42' }, tabId));
    expect(
      data(await act('select_option', { ref_id: await ref(/combobox "Size"/), label: 'Large' }, tabId)),
    ).toMatchObject({ success: true });
    data(await act('click_ax', { ref_id: await ref(/checkbox "Urgent"/) }, tabId));
    expect(await appState(page)).toEqual({
      title: 'Printer jam',
      body: 'Tray 2\nstuck',
      size: 'l',
      urgent: true,
      lazy: 'T-42',
    });
    expect(await page.getByLabel('Preview').textContent()).toBe('Printer jam|Tray 2\nstuck|l|true|T-42');
    await page.close();
  });
});
