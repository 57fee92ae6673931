/**
 * Saved prompts in the real side panel (issue 15 item 4): saved from the composer with a mode, found by
 * typing "/" and two letters, run in their mode, exported to a file and imported back, and still there
 * after the browser restarts with the same profile.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { answer } from '../fake-providers/reading';
import { startFakeProviders, type FakeProviders } from '../fake-providers/server';
import { configure, FAKE_KEY, fakeSettings } from './agent-helpers';
import { launchWithExtension, type ExtensionBrowser } from './support/browser';
import { startFixtureServer, type FixtureServer } from './support/server';

const profile = mkdtempSync(path.join(os.tmpdir(), 'wb-shortcuts-profile-'));
let fake: FakeProviders;
let server: FixtureServer;
let browser: ExtensionBrowser;

afterAll(async () => {
  await browser?.close();
  await Promise.all([fake?.close(), server?.close()]);
  rmSync(profile, { recursive: true, force: true });
});

async function openPanel(): Promise<{ panel: Page; tabId: number }> {
  const { tabId } = await browser.open(server.url('/agent-shop.html'));
  const panel = await browser.context.newPage();
  await panel.setViewportSize({ width: 400, height: 720 });
  await panel.goto(`chrome-extension://${browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
  await panel.getByTestId('chat-list').waitFor();
  return { panel, tabId };
}

const box = (panel: Page) => panel.getByLabel('Message', { exact: true });

describe('shortcuts', () => {
  it('saves a prompt with its mode, finds it with "/" and two letters, and runs it in that mode', async () => {
    [fake, server] = await Promise.all([startFakeProviders(), startFixtureServer()]);
    fake.scenario('shortcuts', { apiKey: FAKE_KEY, policy: () => answer('Summary done.') });
    browser = await launchWithExtension([], undefined, profile);
    await configure(browser, fakeSettings('openai', fake.baseURL('shortcuts', 'openai')));
    const { panel } = await openPanel();

    await panel.getByRole('radio', { name: 'Act' }).check();
    await box(panel).fill('Summarize the checkout page in one line.');
    await panel.getByRole('button', { name: 'Save as shortcut' }).click();
    await panel.getByLabel('Shortcut name').fill('Checkout summary');
    await panel.getByRole('button', { name: 'Save shortcut' }).click();
    await expect.poll(() => panel.locator('.composer-status').textContent()).toContain('Saved "/Checkout summary"');

    await panel.getByRole('radio', { name: 'Ask' }).check();
    await box(panel).fill('');
    await box(panel).pressSequentially('/ch');
    const option = panel.getByRole('option', { name: /Checkout summary/ });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await box(panel).getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await box(panel).press('Enter');
    await expect.poll(() => box(panel).inputValue()).toBe('Summarize the checkout page in one line.');
    expect(await panel.getByRole('radio', { name: 'Act' }).isChecked()).toBe(true);

    await box(panel).press('Enter');
    await expect
      .poll(() => panel.getByTestId('msg-assistant').last().textContent(), { timeout: 30_000 })
      .toContain('Summary done.');
    const request = fake.requests.filter((r) => r.scenario === 'shortcuts').at(-1);
    expect(request?.turn.system).toMatch(/ACT mode/);
    expect(JSON.stringify(request?.turn.messages)).toContain('Summarize the checkout page in one line.');

    // Escape closes the palette without touching the text; no match says so.
    await box(panel).fill('/zz');
    await expect.poll(() => panel.locator('.palette-empty').textContent()).toMatch(/No shortcut matches/);
    await box(panel).press('Escape');
    await expect.poll(() => panel.locator('.palette-empty').count()).toBe(0);
    expect(await box(panel).inputValue()).toBe('/zz');
    await panel.close();
  });

  it('exports to a file and imports it back into an empty list', async () => {
    const { panel } = await openPanel();
    await panel.getByRole('button', { name: 'Settings' }).click();
    const section = panel.getByTestId('shortcuts-settings');
    await section.waitFor();
    const [download] = await Promise.all([
      panel.waitForEvent('download'),
      section.getByRole('button', { name: 'Export…' }).click(),
    ]);
    const file = await download.path();
    const exported: unknown = JSON.parse(readFileSync(file, 'utf8'));
    expect(exported).toEqual({
      kind: 'weaverbird-shortcuts',
      version: 1,
      shortcuts: [{ name: 'Checkout summary', prompt: 'Summarize the checkout page in one line.', mode: 'act' }],
    });

    await section.getByRole('button', { name: 'Delete shortcut Checkout summary' }).click();
    await expect.poll(() => section.textContent()).toContain('None saved yet.');
    await section.getByTestId('import-shortcuts').setInputFiles(file);
    await expect
      .poll(() => section.getByTestId('shortcuts-status').textContent())
      .toBe('Imported 1 new and 0 replaced shortcut(s).');
    await expect.poll(() => section.textContent()).toContain('/Checkout summary');

    // A file that is not an export is refused with a reason, and loses nothing.
    await section.getByTestId('import-shortcuts').setInputFiles({
      name: 'x.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": 1}'),
    });
    await expect
      .poll(() => section.getByTestId('shortcuts-status').textContent())
      .toMatch(/Not imported: this JSON is not/);
    await expect.poll(() => section.textContent()).toContain('/Checkout summary');
    await panel.close();
  });

  it('keeps shortcuts across a browser restart with the same profile', async () => {
    await browser.close();
    browser = await launchWithExtension([], undefined, profile);
    const { panel } = await openPanel();
    await box(panel).pressSequentially('/ch');
    await panel.getByRole('option', { name: /Checkout summary/ }).waitFor();
    await panel.close();
  });
});
