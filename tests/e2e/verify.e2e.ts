/**
 * verify and wait_for in real Chromium: a truth table per check (holding and failing cases, every
 * visibility reason) on a fixture page, closed shadow roots searched by selector, could-not-run errors,
 * password values masked, and wait_for catching a toast that appears a second after a click.
 */
import { describe, expect, it } from 'vitest';
import { refOfLine } from '../../shared/tree-line';
import { appState, refFor } from './support/actions';
import { useExtension } from './support/setup';

const env = useExtension({ shared: true });

interface Row {
  args: Record<string, unknown>;
  holds: boolean;
  /** failure.actual when it fails. */
  actual?: string | number;
}

const ask = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'ask' });

const TABLE: Record<string, Row[]> = {
  visible: [
    { args: { selector: '#save' }, holds: true },
    { args: { selector: '#status' }, holds: true },
    { args: { selector: '#nope' }, holds: false, actual: 'not in DOM' },
    { args: { selector: '#dn' }, holds: false, actual: 'display:none' },
    { args: { selector: '#dn-child' }, holds: false, actual: 'display:none' },
    { args: { selector: '#vh' }, holds: false, actual: 'visibility:hidden' },
    { args: { selector: '#op' }, holds: false, actual: 'opacity 0' },
    { args: { selector: '#op-child' }, holds: false, actual: 'opacity 0' },
    { args: { selector: '#zero' }, holds: false, actual: 'zero size' },
    { args: { selector: '#empty' }, holds: false, actual: 'zero size' },
    { args: { selector: '#offscreen' }, holds: false, actual: 'off-screen' },
    { args: { selector: '#offleft' }, holds: false, actual: 'off-screen' },
    { args: { selector: '#clipped' }, holds: false, actual: 'off-screen' },
    { args: { selector: '#under' }, holds: false, actual: 'covered' },
    { args: { selector: '.inner-btn' }, holds: true },
  ],
  text: [
    { args: { selector: '#status', text: 'order 42' }, holds: true },
    { args: { selector: '#status', text: 'Order 42 saved', exact: true }, holds: true },
    { args: { selector: '.inner-msg', text: 'closed root' }, holds: true },
    { args: { selector: '#status', text: 'order 42 saved', exact: true }, holds: false, actual: 'Order 42 saved' },
    { args: { selector: '#status', text: 'Order 43' }, holds: false, actual: 'Order 42 saved' },
    { args: { selector: '#toast', text: 'Profile saved' }, holds: false, actual: 'not in DOM' },
  ],
  value: [
    { args: { selector: '#name', value: 'Ada' }, holds: true },
    { args: { selector: '#size', value: 'm' }, holds: true },
    { args: { selector: '#notes', value: 'line one' }, holds: true },
    { args: { selector: '#editor', value: 'Draft text' }, holds: true },
    { args: { selector: '.inner-input', value: 'secret-free' }, holds: true },
    { args: { selector: '#name', value: 'ada' }, holds: false, actual: 'Ada' },
    { args: { selector: '#name', value: 'Ada ' }, holds: false, actual: 'Ada' },
    { args: { selector: '#size', value: 'Medium' }, holds: false, actual: 'm' },
    { args: { selector: '#status', value: 'x' }, holds: false, actual: '(no value: not a form control)' },
  ],
  count: [
    { args: { selector: '#list .item', n: 3 }, holds: true },
    { args: { text: 'wrong type', n: 2 }, holds: true },
    { args: { selector: '.inner-btn', n: 1 }, holds: true },
    { args: { text: 'Wrong Type', exact: true, n: 1 }, holds: true },
    { args: { selector: '#list .item', n: 2 }, holds: false, actual: 3 },
    { args: { text: 'Wrong Type', n: 0 }, holds: false, actual: 2 },
    { args: { selector: '.missing', n: 1 }, holds: false, actual: 0 },
  ],
  attribute: [
    { args: { selector: '#toggle', attr: 'aria-pressed', value: 'true' }, holds: true },
    { args: { selector: '#toggle', attr: 'data-state' }, holds: true },
    { args: { selector: '#toggle', attr: 'aria-pressed', value: 'false' }, holds: false, actual: 'true' },
    { args: { selector: '#plain', attr: 'aria-pressed' }, holds: false, actual: '(absent)' },
    { args: { selector: '#toggle', attr: 'data-state', value: 'Open' }, holds: false, actual: 'open' },
  ],
};

describe('verify truth tables', () => {
  it.each(Object.keys(TABLE))('check %s: every row holds or fails as the page says', async (check) => {
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const rows = TABLE[check] ?? [];
    expect(rows.filter((r) => r.holds).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => !r.holds).length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      const reply = await ask('verify', { check, ...row.args }, tabId);
      if (!reply.ok) throw new Error(`${check} ${JSON.stringify(row.args)}: ${reply.error.message}`);
      const got = reply.data as { holds: boolean; failure?: { kind: string; actual: unknown }; element?: string };
      expect({ args: row.args, holds: got.holds }).toEqual({ args: row.args, holds: row.holds });
      if (!row.holds)
        expect({ args: row.args, actual: got.failure?.actual }).toEqual({ args: row.args, actual: row.actual });
      if (!row.holds) expect(got.failure?.kind).toBe(check);
    }
    await page.close();
  });

  it('covers every visibility reason', () => {
    const reasons = new Set(TABLE.visible?.map((r) => r.actual).filter(Boolean));
    expect([...reasons].sort()).toEqual(
      ['covered', 'display:none', 'not in DOM', 'off-screen', 'opacity 0', 'visibility:hidden', 'zero size'].sort(),
    );
  });

  it('an element found by selector comes back as a tree line with the tree’s own ref', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const treeRef = await refFor(env.browser, tabId, /button "Save changes"/);
    const reply = await ask('verify', { check: 'visible', selector: '[data-testid="save"]' }, tabId);
    const got = reply.ok ? (reply.data as { element?: string }) : {};
    expect(got.element).toMatch(/^button "Save changes" \[ref_\d+\]/);
    expect(refOfLine(got.element ?? '')).toBe(treeRef);
    // The same ref works as a target, and resolves in the page's registry.
    const byRef = await ask('verify', { check: 'text', ref_id: treeRef, text: 'save' }, tabId);
    expect(byRef).toEqual({ ok: true, data: { holds: true } });
    await page.close();
  });

  it('could-not-run cases are errors that say what to do', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const several = await ask('verify', { check: 'text', selector: '.item', text: 'One' }, tabId);
    expect(several.ok).toBe(false);
    if (!several.ok) {
      expect(several.error.code).toBe('ambiguous_selector');
      expect(several.error.message).toMatch(
        /matches 3 elements \(listitem \[ref_\d+\]: "One"; listitem \[ref_\d+\]: "Two"/,
      );
    }
    const bad = await ask('verify', { check: 'visible', selector: 'div[' }, tabId);
    expect(bad.ok === false && bad.error.code).toBe('bad_selector');
    const never = await ask('verify', { check: 'visible', ref_id: 'ref_999999' }, tabId);
    expect(never.ok === false && never.error.code).toBe('ref_not_found');
    const missingArg = await ask('verify', { check: 'value', selector: '#name' }, tabId);
    expect(missingArg.ok === false && missingArg.error.message).toMatch(/needs value/);
    // A ref whose element left the page: not visible ("not in DOM"), not an error.
    const ref = await refFor(env.browser, tabId, /button "Plain"/);
    await page.evaluate(() => document.getElementById('plain')?.remove());
    const gone = await ask('verify', { check: 'visible', ref_id: ref }, tabId);
    expect(gone).toMatchObject({ ok: true, data: { holds: false, failure: { actual: 'not in DOM' } } });
    await page.close();
  });

  it('a password value is masked in actual and expected, and still compared exactly', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const secret = 'hunter2-Zebra!';
    await page.fill('#pw', secret);
    const right = await ask('verify', { check: 'value', selector: '#pw', value: secret }, tabId);
    expect(right.ok && (right.data as { holds: boolean }).holds).toBe(true);
    const wrong = await ask('verify', { check: 'value', selector: '#pw', value: 'guess' }, tabId);
    expect(wrong).toMatchObject({ ok: true, data: { holds: false, failure: { actual: '••••', expected: '••••' } } });
    expect(JSON.stringify([right, wrong])).not.toContain(secret);
    await page.close();
  });
});

describe('wait_for', () => {
  it('catches a toast that appears a second after a click', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const now = await ask('verify', { check: 'visible', selector: '#toast' }, tabId);
    expect(now).toMatchObject({ ok: true, data: { holds: false, failure: { actual: 'not in DOM' } } });
    await page.click('#toast-btn');
    const waited = await ask(
      'wait_for',
      { check: 'text', selector: '#toast', text: 'Profile saved', timeoutMs: 5000 },
      tabId,
    );
    expect(waited).toMatchObject({ ok: true, data: { holds: true } });
    const ms = waited.ok ? (waited.data as { waitedMs: number }).waitedMs : -1;
    expect(ms).toBeGreaterThanOrEqual(700);
    expect(ms).toBeLessThan(4000);
    await page.close();
  });

  it('times out as data, with the last failure', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const waited = await ask('wait_for', { check: 'visible', selector: '#dn', timeoutMs: 400 }, tabId);
    expect(waited).toMatchObject({ ok: true, data: { holds: false, failure: { actual: 'display:none' } } });
    await page.close();
  });

  it('wait_for_stable: quiet page settles, a ticking page does not', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/verify-checks.html'));
    const calm = await ask('wait_for_stable', { quietMs: 300, timeoutMs: 3000 }, tabId);
    expect(calm).toMatchObject({ ok: true, data: { stable: true } });
    await page.evaluate(() => {
      setInterval(() => {
        const s = document.getElementById('status');
        if (s) s.textContent = String(Date.now());
      }, 50);
    });
    const busy = await ask('wait_for_stable', { quietMs: 300, timeoutMs: 1000 }, tabId);
    expect(busy).toMatchObject({ ok: true, data: { stable: false } });
    await page.close();
  });
});

describe('verify value after type_ax equals the app’s own state', () => {
  const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });
  const cases = [
    { page: '/actions-react.html', field: /textbox "Full name"/, text: 'Ada Lovelace', key: 'name' },
    { page: '/actions-react.html', field: /textbox "Shout"/, text: 'quiet please', key: 'upper' },
    { page: '/actions-vue.html', field: /textbox "Title"/, text: 'Printer jam', key: 'title' },
    { page: '/actions-vue.html', field: /textbox "Description"/, text: 'Paper stuck in tray 2', key: 'body' },
  ];
  it.each(cases)('$page $key', async ({ page: path, field, text, key }) => {
    const { page, tabId } = await env.browser.open(env.server.url(path));
    const ref = await refFor(env.browser, tabId, field);
    const typed = await act('type_ax', { ref_id: ref, text }, tabId);
    expect(typed.ok).toBe(true);
    const state = await appState<Record<string, unknown>>(page);
    const truth = String(state[key]);
    expect(truth.toLowerCase()).toBe(text.toLowerCase());
    // verify holds for exactly the app's value, and fails (with it as actual) for anything else.
    expect(await ask('verify', { check: 'value', ref_id: ref, value: truth }, tabId)).toEqual({
      ok: true,
      data: { holds: true },
    });
    const other = await ask('verify', { check: 'value', ref_id: ref, value: `${truth}!` }, tabId);
    expect(other).toMatchObject({ ok: true, data: { holds: false, failure: { actual: truth } } });
    await page.close();
  });
});

describe('web components: values live in the control inside the shadow root', () => {
  const act = (name: string, args: unknown, tabId: number) => env.browser.tool(name, args, { tabId, mode: 'act' });
  it('verify value on a Shoelace host equals the app’s own state after type_ax', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/actions-shoelace.html'));
    const ref = await refFor(env.browser, tabId, /textbox "Handle"/);
    expect((await act('type_ax', { ref_id: ref, text: 'ada_l' }, tabId)).ok).toBe(true);
    const state = await appState<{ value: string }>(page);
    expect(state.value).toBe('ada_l');
    // The content script cannot see sl-input's own `value` getter (isolated world): the host's value is
    // read from its inner <input>, the one type_ax typed into.
    expect(await ask('verify', { check: 'value', selector: '#handle', value: state.value }, tabId)).toMatchObject({
      ok: true,
      data: { holds: true },
    });
    expect(await ask('verify', { check: 'value', selector: '#handle', value: 'ada' }, tabId)).toMatchObject({
      ok: true,
      data: { holds: false, failure: { actual: 'ada_l' } },
    });
    await page.close();
  });

  it('a range, a select and a text field read through their hosts; extract reads the same values', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tree-shoelace.html'));
    await page.locator('body[data-ready]').waitFor({ state: 'attached' });
    expect(await ask('verify', { check: 'value', selector: 'sl-range', value: '40' }, tabId)).toMatchObject({
      ok: true,
      data: { holds: true },
    });
    // sl-select shows its label in a readonly input (its value input is a hidden helper).
    expect(await ask('verify', { check: 'value', selector: 'sl-select', value: 'Pro' }, tabId)).toMatchObject({
      ok: true,
      data: { holds: true },
    });
    const schema = {
      type: 'object',
      properties: {
        volume: { type: 'number', 'x-source': { selector: 'sl-range', value: true } },
        email: { type: 'string', 'x-source': { selector: 'sl-input[name="email"]', value: true } },
      },
    };
    expect(await ask('extract', { schema }, tabId)).toMatchObject({
      ok: true,
      data: { complete: true, data: { volume: 40, email: '' } },
    });
    await page.close();
  });
});

describe('frames', () => {
  it('frameId and frame-qualified refs route verify and inspect to the frame, refs come back qualified', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/frames-main.html'));
    const framesReply = await env.browser.tool('get_frames', {}, { tabId, mode: 'ask', tier: 'mid' });
    if (!framesReply.ok) throw new Error(framesReply.error.message);
    const frames = (framesReply.data as { frames: { frameId: string; url: string }[] }).frames;
    const form = frames.find((f) => f.url.endsWith('/frames-form.html'));
    expect(form).toBeDefined();
    const fid = form?.frameId ?? 'f1';
    // Not in the main page…
    const top = await ask('verify', { check: 'visible', selector: '#send' }, tabId);
    expect(top).toMatchObject({ ok: true, data: { holds: false, failure: { actual: 'not in DOM' } } });
    // …but in the frame, named by a frame-qualified ref.
    const inFrame = await ask('verify', { check: 'text', selector: '#send', text: 'send', frameId: fid }, tabId);
    expect(inFrame).toMatchObject({ ok: true, data: { holds: true } });
    const line = inFrame.ok ? ((inFrame.data as { element?: string }).element ?? '') : '';
    const ref = refOfLine(line) ?? '';
    expect(ref).toMatch(new RegExp(`^${fid}:ref_\\d+$`));
    const byRef = await env.browser.tool('inspect', { ref_id: ref }, { tabId, mode: 'ask', tier: 'mid' });
    expect(byRef).toMatchObject({ ok: true, data: { visible: true, element: line } });
    await page.close();
  });
});
