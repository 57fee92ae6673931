/**
 * A phone input with a country picker (intl-tel-input 29 from npm, issue 25): typing an
 * international number lets the widget detect the country; choosing a country in its own searchable
 * list and typing the national number gives that country's E.164 number. Judged by the widget's own
 * getSelectedCountry() and getNumber(), mirrored to window.__appState.
 */
import { describe, expect, it } from 'vitest';
import { appState, data, refFor } from './support/actions';
import { readTree } from './support/tree';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

interface Phone {
  country: string;
  number: string;
  valid: boolean;
}

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

describe('intl-tel-input', () => {
  it('an international number typed into the field selects its country', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-phone.html'));
    data(
      await act(
        'type_ax',
        { ref_id: await refFor(env.browser, tabId, /textbox "Phone number"/), text: '+44 20 7946 0958' },
        tabId,
      ),
    );
    await expect
      .poll(() => appState<Phone>(page))
      .toMatchObject({ country: 'gb', number: '+442079460958', valid: true });
    await page.close();
  });

  it("a country picked in the widget's own list, then the national number", async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-phone.html'));
    const before = (await readTree(env.browser, tabId)).tree;
    const picker = before.split('\n').find((l) => /combobox|button/.test(l) && /United States|\+1/.test(l));
    if (!picker) throw new Error(`no country picker in the tree:\n${before}`);
    data(
      await act(
        'click_ax',
        { ref_id: await refFor(env.browser, tabId, new RegExp(escape(picker.trim().slice(0, 30)))) },
        tabId,
      ),
    );
    const search = await refFor(env.browser, tabId, /(searchbox|textbox|combobox) "Search/);
    data(await act('type_ax', { ref_id: search, text: 'Germany' }, tabId));
    data(await act('click_ax', { ref_id: await refFor(env.browser, tabId, /option "Germany/) }, tabId));
    await expect.poll(async () => (await appState<Phone>(page)).country).toBe('de');
    data(
      await act(
        'type_ax',
        { ref_id: await refFor(env.browser, tabId, /textbox "Phone number"/), text: '030 1234567' },
        tabId,
      ),
    );
    await expect.poll(() => appState<Phone>(page)).toMatchObject({ country: 'de', number: '+49301234567' });
    await page.close();
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
