// The debug-log export redacts like every other surface (issue 24 item 10): a real task types a
// password, reads a page whose URL holds a reset token and whose text holds cookies and a JWT, and the
// file the panel's Export button saves is grepped for every seeded secret.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { step } from '../fake-providers/script';
import { FAKE_KEY, run, useScript } from './agent-helpers';
import { useExtension } from './support/setup';

const PASSWORD = 'Pw-Export-Secret-771';
const RESET = 'RsT9kQ2mX7vB4nL8pW3zQ';
const SESSION = 'sessVal-9f8e7d6c5b4a';
const CSRF = 'csrfVal-1a2b3c4d5e6f';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.sigPartXyZ123';
const TASK = 'Sign me in.';

const env = useExtension({ fake: true });

const LOGIN = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body>
<h1>Sign in</h1>
<p>Debug: cookies sid=${SESSION}; csrftoken=${CSRF}</p>
<p>Debug: bearer ${JWT}</p>
<p>Reset link: ${'http'}://127.0.0.1/reset?token=${RESET}</p>
<form><label>User <input name="user"></label><label>Password <input type="password" name="pw"></label></form>
</body></html>`;

describe('debug-log export', () => {
  it('holds none of the seeded secrets', async () => {
    env.server.route('/export-login', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(LOGIN);
    });
    const scripts = new Map([
      [
        TASK,
        {
          steps: [
            step('get_accessibility_tree', {}),
            step('type_ax', (v) => ({ ref_id: v.ref(/textbox/, /Password/), text: PASSWORD })),
          ],
          final: () => 'Typed your password.',
        },
      ],
    ]);
    await useScript(env, 'export', scripts);
    const { page, tabId } = await env.browser.open(env.server.url(`/export-login?token=${RESET}`));
    const report = await run(env.browser, { tabId, task: TASK, mode: 'act' });
    expect(report.status).toBe('done');
    expect(await page.locator('input[name=pw]').inputValue()).toBe(PASSWORD);
    // The secrets reached the provider, so the checks below are not vacuous.
    const sent = JSON.stringify(env.fake.requests.map((r) => r.body));
    for (const s of [PASSWORD, RESET, SESSION, JWT]) expect(sent).toContain(s);

    const panel = await env.browser.context.newPage();
    await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
    await panel.getByTestId('verbose-toggle').click({ modifiers: ['Shift'] });
    const log = panel.getByTestId('debug-log');
    await expect.poll(() => log.getByTestId('log-entry').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const [download] = await Promise.all([panel.waitForEvent('download'), log.getByTestId('export-log').click()]);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toContain('type_ax');
    for (const secret of [PASSWORD, RESET, SESSION, CSRF, JWT, FAKE_KEY]) expect(text).not.toContain(secret);
    // What the panel shows of an entry is redacted the same way.
    await log.locator('details').first().click();
    const shown = (await log.locator('pre').first().textContent()) ?? '';
    expect(shown.length).toBeGreaterThan(100);
    for (const secret of [PASSWORD, RESET, SESSION, JWT]) expect(shown).not.toContain(secret);
    await panel.close();
    await page.close();
  });
});
