/**
 * Firefox's website access (MV3 host permissions are the user's to grant or revoke there): when it is
 * withheld, the panel explains why and asks (sidepanel/components/host-access.tsx), tools say what is
 * missing, and the panel's button grants it. Firefox's own permission prompt is browser UI a WebDriver
 * client cannot answer, so this file runs with `extensions.webextOptionalPermissionPrompts` off: the
 * request the click sends is then granted as if the user had accepted, and everything up to it (the
 * explanation, the click as the user gesture `permissions.request` needs) is the real path.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { firefoxSuite } from './support/suite';

const { run, env } = firefoxSuite({ 'extensions.webextOptionalPermissionPrompts': false });

const ALL_SITES = { origins: ['<all_urls>'] };

async function hasAccess(page: Page): Promise<boolean> {
  return page.evaluate((p: { origins: string[] }) => chrome.permissions.contains(p), ALL_SITES);
}

describe.skipIf(!run)('website access in Firefox', () => {
  it('explains and asks when access is withheld, and the button grants it', async () => {
    const { page, tabId } = await env().ff.open(env().server.url('/vision-article.html'));
    const panel = await env().ff.openPanelPage();
    expect(await hasAccess(panel)).toBe(true);
    expect(await panel.$('[data-testid="host-access"]')).toBeNull();

    // The user revokes "Access your data for all websites" (Add-ons › Weaverbird › Permissions).
    expect(await panel.evaluate((p: { origins: string[] }) => chrome.permissions.remove(p), ALL_SITES)).toBe(true);
    const notice = await panel.waitForSelector('[data-testid="host-access"]', { timeout: 10_000 });
    const text = await notice?.evaluate((n) => n.textContent ?? '');
    expect(text).toMatch(/needs access to the websites you ask it about/);
    expect(text).toMatch(/nothing is read until you allow it/);

    // Without access the capture is refused with what to do, not a bare failure.
    const shot = await env().ff.tool('screenshot', {}, { tabId, mode: 'ask', tier: 'mid' });
    expect(shot.ok).toBe(false);
    if (!shot.ok) expect(shot.error.message).toMatch(/no access to this site.*Allow access to websites/);

    await panel.click('[data-testid="host-access"] button');
    await expect.poll(() => hasAccess(panel), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await panel.$('[data-testid="host-access"]')) === null).toBe(true);
    const again = await env().ff.tool('screenshot', {}, { tabId, mode: 'ask', tier: 'mid' });
    expect(again.ok, JSON.stringify(again)).toBe(true);
    await panel.close();
    await page.close();
  });
});
