/**
 * Segmented date and time fields (react-aria-components DateField and TimeField from npm, issue 25):
 * each part is its own spinbutton with no text input underneath. The agent reads the segments as
 * spinbuttons and types each part; judged by the field's own value (window.__appState).
 */
import { describe, expect, it } from 'vitest';
import { appState, refFor } from './support/actions';
import { readTree } from './support/tree';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });

describe('segmented date fields', () => {
  it('types month, day and year into a DateField, and hour, minute and AM/PM into a TimeField', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-dates.html'));
    const tree = (await readTree(env.browser, tabId)).tree;
    const parts: [RegExp, string][] = [
      [/spinbutton "month/, '12'],
      [/spinbutton "day/, '24'],
      [/spinbutton "year/, '1990'],
    ];
    for (const [pattern, text] of parts) {
      const r = await act('type_ax', { ref_id: await refFor(env.browser, tabId, pattern), text }, tabId);
      if (!r.ok) throw new Error(`${pattern}: ${r.error.message}\n${tree}`);
    }
    await expect.poll(async () => (await appState<{ date: string }>(page)).date).toBe('1990-12-24');
    const time: [RegExp, string][] = [
      [/spinbutton "hour/, '2'],
      [/spinbutton "minute/, '30'],
    ];
    for (const [pattern, text] of time) {
      const r = await act('type_ax', { ref_id: await refFor(env.browser, tabId, pattern), text }, tabId);
      if (!r.ok) throw new Error(`${pattern}: ${r.error.message}\n${tree}`);
    }
    const ampm = await act(
      'type_ax',
      { ref_id: await refFor(env.browser, tabId, /spinbutton "AM\/PM/), text: 'P' },
      tabId,
    );
    if (!ampm.ok) throw new Error(`AM/PM: ${ampm.error.message}\n${tree}`);
    await expect.poll(async () => (await appState<{ time: string }>(page)).time).toBe('14:30:00');
    await page.close();
  });
});
