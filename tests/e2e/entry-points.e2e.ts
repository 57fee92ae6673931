/**
 * Reaching Weaverbird from anywhere (issue 15 item 7), in Chromium: the keyboard command is declared
 * and the toolbar action opens the side panel; "Ask Weaverbird about this" on a selection attaches it
 * to the tab's next task (the menu handler's own mapping is unit-tested in shared/attachment.test.ts;
 * Chrome offers no way to click a native context menu from a test, so `wb.attach` plays the click).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer } from '../fake-providers/reading';
import { configure, FAKE_KEY, fakeSettings, run } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true, partner: true });

describe('entry points', () => {
  it('declares the keyboard command and opens the panel from the toolbar action', async () => {
    const setup = await env.browser.worker.evaluate(async () => ({
      commands: await chrome.commands.getAll(),
      behavior: await chrome.sidePanel.getPanelBehavior(),
      manifest: chrome.runtime.getManifest().commands,
    }));
    const action = setup.commands.find((c) => c.name === '_execute_action');
    expect(action).toBeDefined();
    expect(setup.manifest?._execute_action?.description).toBe('Open the Weaverbird side panel');
    expect(setup.manifest?._execute_action?.suggested_key).toEqual({ default: 'Alt+Shift+W', mac: 'MacCtrl+Shift+W' });
    // Chrome binds a suggested key on install unless it is taken; an extension loaded from the command
    // line (as here) is left unbound. Either way it is that key or nothing, and the user can set it at
    // chrome://extensions/shortcuts.
    expect(['Alt+Shift+W', '']).toContain(action?.shortcut);
    expect(setup.behavior.openPanelOnActionClick).toBe(true);
  });

  it('a selection asked about starts a chat whose first message carries it, fenced as page content', async () => {
    env.fake.scenario('attach', { apiKey: FAKE_KEY, policy: () => answer('It means profit went up.') });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('attach', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/tree-article.html'));
    const selected = await page.evaluate(() => {
      const p = document.querySelector('p');
      if (!p) throw new Error('no paragraph');
      getSelection()?.selectAllChildren(p);
      return getSelection()?.toString().trim() ?? '';
    });
    expect(selected.length).toBeGreaterThan(20);
    const attached = await env.browser.worker.evaluate(
      ([id, text]) => globalThis.wb.attach(id, { selectionText: text }),
      [tabId, selected] as const,
    );
    expect(attached).toMatchObject({ ok: true, data: { kind: 'selection' } });

    const panel = await env.browser.context.newPage();
    await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
    const chip = panel.getByTestId('attachment');
    await expect.poll(() => chip.textContent()).toContain(`Asking about selected text “${selected.slice(0, 30)}`);
    const box = panel.getByLabel('Message', { exact: true });
    await expect.poll(() => box.inputValue()).toBe('Explain this selection.');
    await box.press('Enter');
    await expect
      .poll(() => panel.getByTestId('msg-assistant').last().textContent(), { timeout: 30_000 })
      .toContain('It means profit went up.');
    await expect.poll(() => chip.count()).toBe(0);

    const request = env.fake.requests.filter((r) => r.scenario === 'attach').at(-1);
    const first = z.string().parse(request?.turn.messages.find((m) => m.role === 'user')?.text);
    expect(first.startsWith('Explain this selection.\n\nThe user attached this selection from the page')).toBe(true);
    expect(first).toMatch(
      /<<WB-UNTRUSTED [0-9a-f]+>> source=attached-selection\npage: http:\/\/127\.0\.0\.1:\d+\/tree-article\.html\ntext:\n/,
    );
    expect(first).toContain(selected.slice(0, 60));
    const left = await env.browser.worker.evaluate(async (id: number) => {
      const key = `wb.attachment.${id}`;
      return (await chrome.storage.session.get(key))[key];
    }, tabId);
    expect(left).toBeUndefined();
    await page.close();
    await panel.close();
  });

  it('an attachment is tied to its site: used after the tab moved to another origin, it is labelled so', async () => {
    env.fake.scenario('attach-moved', { apiKey: FAKE_KEY, policy: () => answer('Noted.') });
    await configure(env.browser, fakeSettings('openai', env.fake.baseURL('attach-moved', 'openai')));
    const { page, tabId } = await env.browser.open(env.server.url('/tree-article.html'));
    const attached = await env.browser.worker.evaluate(
      (id) => globalThis.wb.attach(id, { selectionText: 'recovery code MAIL-CARRY-7731' }),
      tabId,
    );
    expect(attached).toMatchObject({ ok: true });
    // The user (or a page) takes the tab to another site before the next task starts.
    await page.goto(env.partner.url('/tree-article.html'));
    const report = await run(env.browser, { tabId, task: 'Search this site for it.', mode: 'ask' });
    expect(report.status).toBe('done');
    const request = env.fake.requests.filter((r) => r.scenario === 'attach-moved').at(-1);
    const first = z.string().parse(request?.turn.messages.find((m) => m.role === 'user')?.text);
    const label = first.slice(0, first.indexOf('<<WB-UNTRUSTED'));
    expect(label).toContain(
      `on ${env.server.origin}, another site than the one this task runs on (${env.partner.origin})`,
    );
    expect(label).not.toContain('MAIL-CARRY-7731');
    await page.close();
  });
});
