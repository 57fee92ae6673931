/**
 * `sample` and `act_and_sample` in real Chromium (content-scripts/reads/sample.ts, background/tools/sample.ts):
 * a growing feed's scrollHeight is seen growing; a panel that opens for 400 ms after a click is seen open by
 * act_and_sample, where a read after the click finds it closed.
 */
import { describe, expect, it } from 'vitest';
import { isRecord } from '../../shared/result';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

function summaryOf(data: unknown): Record<string, unknown> {
  if (!isRecord(data) || !isRecord(data.summary)) throw new Error(`no summary in ${JSON.stringify(data)}`);
  return data.summary;
}

describe('sample', () => {
  it('sees an infinite feed grow (document scrollHeight over 1 s)', async () => {
    const { tabId } = await env.browser.open(env.server.url('/sample-feed.html'));
    const r = await env.browser.tool(
      'sample',
      { metric: 'scrollHeight', durationMs: 1000, intervalMs: 50 },
      { tabId, mode: 'ask' },
    );
    if (!r.ok) throw new Error(r.error.message);
    const s = summaryOf(r.data);
    expect(s.changes).toBeGreaterThanOrEqual(3);
    expect(Number(s.last)).toBeGreaterThan(Number(s.first));
    expect(isRecord(r.data) && r.data.scope).toBe('document');
  });

  it('refuses what it cannot sample, saying why', async () => {
    const { tabId } = await env.browser.open(env.server.url('/sample-feed.html'));
    const bbox = await env.browser.tool('sample', { metric: 'bboxHeight', durationMs: 100 }, { tabId, mode: 'ask' });
    expect(bbox.ok ? '' : bbox.error.message).toMatch(/needs an element/);
    const none = await env.browser.tool(
      'sample',
      { metric: 'clientHeight', selector: '#nope', durationMs: 100 },
      { tabId, mode: 'ask' },
    );
    expect(none.ok ? '' : none.error.message).toMatch(/matched 0 elements/);
    const js = await env.browser.tool('sample', { metric: 'document.cookie' }, { tabId, mode: 'ask' });
    expect(js.ok ? '' : js.error.code).toBe('bad_arguments');
  });

  it('act_and_sample sees the panel a click opens for 400 ms; a read after the click does not', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/sample-feed.html'));
    await page.waitForTimeout(3200); // the feed has stopped growing
    const refresh = await env.browser.tool('find', { query: 'Refresh button' }, { tabId, mode: 'act' });
    const ref = /\[(ref_\d+)\]/.exec(JSON.stringify(refresh))?.[1];
    expect(ref).toBeDefined();
    const r = await env.browser.tool(
      'act_and_sample',
      {
        action: { tool: 'click_ax', args: { ref_id: ref } },
        metric: 'clientHeight',
        selector: '#panel',
        durationMs: 1200,
        intervalMs: 30,
      },
      { tabId, mode: 'act' },
    );
    if (!r.ok) throw new Error(r.error.message);
    const text = String(r.data);
    expect(text).toMatch(/^action click_ax ok/);
    const summary = JSON.parse(text.slice(text.indexOf('{', text.indexOf('sample ok')))) as unknown;
    const s = summaryOf(summary);
    expect(s).toMatchObject({ first: 0, max: 200, last: 0 });
    expect(Number(s.firstChangeMs)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.getElementById('panel')?.clientHeight)).toBe(0);
  });
});
