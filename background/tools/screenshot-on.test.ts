import { describe, expect, it } from 'vitest';
import { screenshotAround, ScreenshotOnArgsSchema } from './screenshot-on';

const parse = (a: unknown) => ScreenshotOnArgsSchema.safeParse(a);

describe('screenshot_on arguments', () => {
  it('takes each trigger with only its own arguments', () => {
    expect(parse({ trigger: 'console_error', timeoutMs: 3000 }).success).toBe(true);
    expect(parse({ trigger: 'region_appears', selector: '#toast' }).success).toBe(true);
    expect(parse({ trigger: 'region_appears', ref_id: 'f1:ref_3' }).success).toBe(true);
    expect(parse({ trigger: 'every', everyMs: 250, count: 5 }).success).toBe(true);
    expect(parse({ trigger: 'region_appears' }).success).toBe(false);
    expect(parse({ trigger: 'region_appears', selector: '#a', ref_id: 'ref_1' }).success).toBe(false);
    expect(parse({ trigger: 'console_error', selector: '#a' }).success).toBe(false);
    expect(parse({ trigger: 'request_failed', count: 2 }).success).toBe(false);
  });

  it('bounds the window, the count and the interval', () => {
    expect(parse({ trigger: 'console_error', timeoutMs: 10_001 }).success).toBe(false);
    expect(parse({ trigger: 'every', count: 6 }).success).toBe(false);
    expect(parse({ trigger: 'every', everyMs: 100 }).success).toBe(false);
    // 4 gaps of 3 s is 12 s: past the 10 s window.
    expect(parse({ trigger: 'every', everyMs: 3000, count: 5 }).success).toBe(false);
  });

  it('refuses compounds and user tools as the action', () => {
    for (const tool of ['batch', 'act_and_sample', 'screenshot_on', 'ask_user', 'propose_plan', 'sample'])
      expect(parse({ trigger: 'every', action: { tool } }).success).toBe(false);
    expect(parse({ trigger: 'every', action: { tool: 'click_ax', args: { ref_id: 'ref_1' } } }).success).toBe(true);
  });
});

describe('screenshotAround', () => {
  it('arms the capture before the action and awaits both', async () => {
    const order: string[] = [];
    const out = await screenshotAround(
      { trigger: 'console_error', action: { tool: 'click_ax', args: { ref_id: 'ref_1' } } },
      async (s) => {
        order.push(`arm ${s.trigger}`);
        await new Promise((r) => setTimeout(r, 200));
        order.push('captured');
        return { ok: true, text: '{"image":"img_1"}' };
      },
      (tool) => {
        order.push(`act ${tool}`);
        return Promise.resolve({ ok: true, text: 'clicked' });
      },
    );
    expect(order).toEqual(['arm console_error', 'act click_ax', 'captured']);
    expect(out.ok).toBe(true);
    expect(out.text).toMatch(/^action click_ax ok:\nclicked\ncapture ok:\n\{"image":"img_1"\}$/);
    expect(out.shot.text).toBe('{"image":"img_1"}');
  });

  it('fails when the action fails, keeping both outcomes', async () => {
    const out = await screenshotAround(
      { trigger: 'every', count: 1, action: { tool: 'click_ax' } },
      () => Promise.resolve({ ok: true, text: 'shot' }),
      () => Promise.resolve({ ok: false, text: 'ERROR needs_approval: denied' }),
    );
    expect(out.ok).toBe(false);
    expect(out.text).toMatch(/action click_ax failed:\nERROR needs_approval: denied\ncapture ok:\nshot/);
  });
});
