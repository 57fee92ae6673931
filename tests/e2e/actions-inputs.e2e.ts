/**
 * Typing that widgets hear, and native inputs, in real Chromium (tests/fixtures/apps/actions-inputs):
 * jQuery UI autocomplete (searches on `input`/keydown after a delay), a MiniWoB-style use-autocomplete
 * on the same library, a keys-only suggestion list (filters on keyup), and time, datetime-local,
 * month, week, color and range inputs. Each case checks the widget's own state.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { readTree } from './support/tree';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

interface State {
  langSearches: string[];
  langChosen: string;
  tagsChosen: string;
  cityKeyups: number;
  citySuggestions: string[];
  natives: Record<string, { input: string[]; change: string[] }>;
}

async function open(): Promise<{ page: Page; tabId: number }> {
  const opened = await env.browser.open(env.server.url('/actions-inputs.html'));
  await opened.page.waitForFunction(() => document.querySelector('.ui-autocomplete'));
  return opened;
}

/** The tree line of an option, once the widget has drawn it (suggestions come after the widget's delay). */
async function optionRef(tabId: number, name: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const { tree } = await readTree(env.browser, tabId);
        const line = tree.split('\n').find((l) => name.test(l) && /\[ref_\d+\]/.test(l));
        found = line ?? '';
        return found !== '';
      },
      { timeout: 4000, interval: 300 },
    )
    .toBe(true);
  return refFor(env.browser, tabId, name);
}

describe('typing that keyboard-driven widgets hear', () => {
  it('jQuery UI autocomplete: type_ax makes it search and show suggestions; clicking one selects it', async () => {
    const { page, tabId } = await open();
    const typed = data(
      await act(
        'type_ax',
        { ref_id: await refFor(env.browser, tabId, /textbox "Programming language"/), text: 'Cl' },
        tabId,
      ),
    );
    expect(typed).toMatchObject({ success: true, value: 'Cl' });
    const ref = await optionRef(tabId, /"Clojure"/);
    await act('click_ax', { ref_id: ref }, tabId);
    await expect.poll(async () => (await appState<State>(page)).langChosen).toBe('Clojure');
    expect((await appState<State>(page)).langSearches).toContain('Cl');
    expect(await page.locator('#lang').inputValue()).toBe('Clojure');
    await page.close();
  });

  it('MiniWoB-style use-autocomplete: type the prefix, pick the item that ends with "na"', async () => {
    const { page, tabId } = await open();
    const field = await refFor(env.browser, tabId, /textbox "Enter an item that starts with/);
    data(await act('type_ax', { ref_id: field, text: 'Ba' }, tabId));
    await act('click_ax', { ref_id: await optionRef(tabId, /"Banana"/) }, tabId);
    await expect.poll(async () => (await appState<State>(page)).tagsChosen).toBe('Banana');
    await page.close();
  });

  it('a keys-only list (filters on keyup, ignores input): type_ax sends key events it hears', async () => {
    const { page, tabId } = await open();
    const typed = data(
      await act('type_ax', { ref_id: await refFor(env.browser, tabId, /textbox "City \(keys\)"/), text: 'Li' }, tabId),
    );
    expect(typed).toMatchObject({ success: true, method: 'keys', value: 'Li' });
    const s = await appState<State>(page);
    expect(s.cityKeyups).toBeGreaterThanOrEqual(2);
    expect(s.citySuggestions).toEqual(['Lisbon', 'Lima']);
    await page.close();
  });
});

describe('native inputs take their canonical value and fire input/change like an edit', () => {
  const CASES: [RegExp, string, string, string][] = [
    [/"Meeting time"/, 'time', '14:30', '2:30 PM'],
    [/"Departure"/, 'datetime-local', '2026-12-24T18:05', '24/12/2026'],
    [/"Billing month"/, 'month', '2026-12', '12/2026'],
    [/"Sprint week"/, 'week', '2026-W52', 'week 52'],
    [/"Accent colour"/, 'color', '#ff8800', 'orange'],
    [/"Volume"/, 'range', '75', 'loud'],
  ];
  it.each(CASES)('%s (%s) takes %s and refuses %s, saying the format', async (name, type, value, bad) => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, name);
    const wrong = await act('type_ax', { ref_id: ref, text: bad }, tabId);
    expect(wrong).toMatchObject({ ok: false, error: { code: 'bad_format' } });
    if (!wrong.ok) expect(wrong.error.message).toContain(`${type} input`);
    const r = data(await act('type_ax', { ref_id: ref, text: value }, tabId));
    expect(r).toMatchObject({ success: true, value });
    const s = await appState<State>(page);
    expect(s.natives[type]).toEqual({ input: [value], change: [value] });
    await page.close();
  });

  it('a range input refuses a value it would clamp or round, naming its bounds and step', async () => {
    const { page, tabId } = await open();
    const ref = await refFor(env.browser, tabId, /"Volume"/);
    for (const text of ['150', '72']) {
      const r = await act('type_ax', { ref_id: ref, text }, tabId);
      expect(r).toMatchObject({ ok: false, error: { code: 'bad_format' } });
      if (!r.ok) expect(r.error.message).toContain('from 0 to 100 in steps of 5');
    }
    expect((await appState<State>(page)).natives.range).toEqual({ input: [], change: [] });
    await page.close();
  });
});
