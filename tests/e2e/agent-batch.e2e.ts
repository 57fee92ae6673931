/**
 * `batch` in a whole agent run (built extension, AI SDK, fake provider; background/agent/loop/batch-exec.ts):
 * one call fills a 10-field form and saves it, judged by the form's own values; a batch whose expect
 * misses stops there and leaves the rest undone; `verify_predicate` checks the last call without a page read.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ScriptView, step } from '../fake-providers/script';
import { run, useScript } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

const FIELDS: [RegExp, string][] = [
  [/First name/, 'Ada'],
  [/Last name/, 'Lovelace'],
  [/Email/, 'ada@example.com'],
  [/Phone/, '+44 20 7946 0000'],
  [/Street/, '12 St James Square'],
  [/City/, 'London'],
  [/Postcode/, 'SW1Y 4JH'],
  [/Country/, 'United Kingdom'],
  [/Company/, 'Analytical Engines Ltd'],
  [/Notes/, 'Prefers email.'],
];

const typeCalls = (v: ScriptView, fields: [RegExp, string][]) =>
  fields.map(([name, text]) => ({ tool: 'type_ax', args: { ref_id: v.ref(/textbox/, name), text } }));

const values = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map((e) => e.value),
  );

describe('agent: batch', () => {
  it('fills a 10-field form and saves it in one call; every expect held', async () => {
    const task = 'Add Ada Lovelace as a new customer.';
    await useScript(
      env,
      'batch-fill',
      {
        [task]: {
          steps: [
            step('get_accessibility_tree', {}),
            step('batch', (v) => ({
              calls: [
                ...typeCalls(v, FIELDS),
                { tool: 'click_ax', args: { ref_id: v.ref(/button/, /Save customer/) } },
                {
                  tool: 'verify',
                  args: { check: 'text', selector: '#state', text: 'saved' },
                  expect: { kind: 'equals', key: 'data.holds', value: true },
                },
              ],
            })),
            step('verify_predicate', { predicate: { kind: 'contains', key: 'text', value: 'every expect held' } }),
          ],
          final: () => 'Ada Lovelace is saved.',
        },
      },
      { tier: 'full' },
    );
    const { page, tabId } = await env.browser.open(env.server.url('/batch-form.html'));
    const report = await run(env.browser, { tabId, task, mode: 'act' });
    expect(report.status).toBe('done');
    expect(report.steps.map((s) => s.tool)).toEqual(['get_accessibility_tree', 'batch', 'verify_predicate']);
    expect(report.steps[1]?.ok).toBe(true);
    expect(report.steps[1]?.result).toMatch(/all 12 calls ran/);
    expect(report.steps[2]?.result).toContain('"holds":true');
    expect(await values(page)).toEqual(FIELDS.map(([, t]) => t));
    expect(await page.textContent('#state')).toBe('saved');
  });

  it('stops at the first missed expect: later calls do not run', async () => {
    const task = 'Start a customer record for Grace.';
    await useScript(
      env,
      'batch-stop',
      {
        [task]: {
          steps: [
            step('get_accessibility_tree', {}),
            step('batch', (v) => ({
              calls: [
                ...typeCalls(v, [[/First name/, 'Grace']]),
                {
                  tool: 'verify',
                  args: { check: 'text', selector: '#state', text: 'saved' },
                  expect: { kind: 'equals', key: 'data.holds', value: true },
                },
                ...typeCalls(v, [[/Last name/, 'Hopper']]),
              ],
            })),
          ],
          final: () => 'Stopped: the record is not saved yet.',
        },
      },
      { tier: 'full' },
    );
    const { page, tabId } = await env.browser.open(env.server.url('/batch-form.html'));
    const report = await run(env.browser, { tabId, task, mode: 'act' });
    expect(report.status).toBe('done');
    const batch = report.steps[1];
    expect(batch?.ok).toBe(false);
    expect(batch?.result).toMatch(/batch stopped: call 2 \(verify\) missed its expect: data\.holds equals true/);
    expect(batch?.result).toMatch(/2 of 3 calls ran\. Not run: \[3\] type_ax/);
    const [first, last] = await values(page);
    expect(first).toBe('Grace');
    expect(last).toBe('');
  });
});
