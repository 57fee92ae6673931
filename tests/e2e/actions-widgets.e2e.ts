/**
 * Actions on widget libraries from npm: downshift autocomplete, Radix Dialog and Select (portals),
 * a Quill rich-text editor (contenteditable), Shoelace web components (shadow DOM, hidden input).
 * Each case checks the library's own state afterwards.
 */
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

interface WidgetState {
  fruit: string | null;
  veg: string | null;
  fruitInput: string;
  dialogOpen: boolean;
  dialogName: string;
  saved: string[];
  plan: string;
  editor: string;
}

describe('widget libraries', () => {
  it('downshift: focus_type with submit commits the first suggestion (ArrowDown + Enter)', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-widgets.html'));
    const r = data(
      await act(
        'focus_type',
        { ref_id: await refFor(env.browser, tabId, /combobox "Fruit"/), text: 'bl', submit: true },
        tabId,
      ),
    );
    expect(r).toMatchObject({ success: true, method: 'keys', value: 'Blueberry' });
    expect(String(r.submitted)).toContain('ArrowDown + Enter');
    expect((await appState<WidgetState>(page)).fruit).toBe('Blueberry');
    expect(await page.getByLabel('Chosen fruit').textContent()).toBe('Blueberry');
    await page.close();
  });

  it('an autocomplete without role=combobox (only aria-controls) still commits a suggestion on submit', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-widgets.html'));
    const bare = page.getByRole('textbox', { name: 'Vegetable' });
    expect(await bare.evaluate((el) => [el.getAttribute('role'), el.getAttribute('aria-autocomplete')])).toEqual([
      null,
      null,
    ]);
    const r = data(
      await act(
        'focus_type',
        { ref_id: await refFor(env.browser, tabId, /"Vegetable"/), text: 'le', submit: true },
        tabId,
      ),
    );
    expect(String(r.submitted)).toContain('ArrowDown + Enter');
    expect((await appState<WidgetState>(page)).veg).toBe('Leek');
    await page.close();
  });

  it('Radix Dialog: opens (dialogOpened), types in the portal, saves and closes', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-widgets.html'));
    const open = data(
      await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Edit profile"/) }, tabId),
    );
    expect(open).toMatchObject({ verified: true });
    expect(String((open.changes as { dialogOpened?: string }).dialogOpened)).toContain('dialog "Edit profile"');
    expect((await appState<WidgetState>(page)).dialogOpen).toBe(true);
    data(
      await act('type_ax', { ref_id: await refFor(env.browser, tabId, /textbox "Display name"/), text: 'Lin' }, tabId),
    );
    const save = data(
      await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Save changes"/) }, tabId),
    );
    expect(save).toMatchObject({ verified: true });
    const s = await appState<WidgetState>(page);
    expect(s).toMatchObject({ saved: ['Lin'], dialogOpen: false, dialogName: 'Lin' });
    await page.close();
  });

  it('Radix Dialog: Escape closes it', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-widgets.html'));
    data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Edit profile"/) }, tabId));
    expect((await appState<WidgetState>(page)).dialogOpen).toBe(true);
    data(await act('press_key', { key: 'Escape' }, tabId));
    expect((await appState<WidgetState>(page)).dialogOpen).toBe(false);
    await page.close();
  });

  it('Radix Select: opens on pointerdown, finds the option in its portal, chooses it', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-widgets.html'));
    const r = data(
      await act('select_option', { ref_id: await refFor(env.browser, tabId, /combobox "Plan"/), label: 'Team' }, tabId),
    );
    expect(r).toMatchObject({ success: true, method: 'aria-click', selected: 'Team' });
    expect((await appState<WidgetState>(page)).plan).toBe('team');
    await expect.poll(() => page.getByRole('combobox', { name: 'Plan' }).textContent()).toBe('Team');
    await page.close();
  });

  it('Quill: types into the contenteditable editor; Quill\u2019s own model has the text', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-widgets.html'));
    const ref = await refFor(env.browser, tabId, /"Comment" \[ref_\d+\] \{editable\}/);
    const r = data(await act('type_ax', { ref_id: ref, text: 'Looks good to me' }, tabId));
    expect(r).toMatchObject({ success: true, method: 'exec-command' });
    await expect.poll(async () => (await appState<WidgetState>(page)).editor).toBe('Looks good to me\n');
    const more = data(await act('type_ax', { ref_id: ref, text: ', ship it', clear: false }, tabId));
    expect(more).toMatchObject({ success: true });
    await expect.poll(async () => (await appState<WidgetState>(page)).editor).toBe('Looks good to me, ship it\n');
    const replaced = data(await act('type_ax', { ref_id: ref, text: 'Rewritten' }, tabId));
    expect(replaced).toMatchObject({ success: true });
    await expect.poll(async () => (await appState<WidgetState>(page)).editor).toBe('Rewritten\n');
    await page.close();
  });
});

describe('Shoelace (shadow DOM)', () => {
  it('toggles sl-checkbox through its visible stand-in, types into sl-input, clicks sl-button', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-shoelace.html'));
    await page.waitForFunction(() => customElements.get('sl-checkbox') !== undefined);
    const box = data(
      await act('click_ax', { ref_id: await refFor(env.browser, tabId, /checkbox "Remember me"/) }, tabId),
    );
    expect(box).toMatchObject({ success: true, verified: true, method: 'stand-in', tag: 'input' });
    expect(String(box.standIn)).toContain('label');
    expect((await appState<{ checked: boolean }>(page)).checked).toBe(true);
    expect(await page.locator('sl-checkbox').evaluate((el) => (el as HTMLInputElement).checked)).toBe(true);

    const typed = data(
      await act('type_ax', { ref_id: await refFor(env.browser, tabId, /textbox "Handle"/), text: 'wren' }, tabId),
    );
    expect(typed).toMatchObject({ success: true, value: 'wren' });
    expect((await appState<{ value: string }>(page)).value).toBe('wren');

    const go = data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /button "Continue"/) }, tabId));
    expect(go.success).toBe(true);
    expect((await appState<{ clicks: number }>(page)).clicks).toBe(1);
    await page.close();
  });
});
