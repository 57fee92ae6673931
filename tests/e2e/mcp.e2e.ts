// The MCP bridge (issue 29, docs/mcp.md) end to end: a real MCP client from the SDK starts the real
// `weaverbird-mcp` binary, which reaches the extension through the native-messaging host Chromium
// itself starts (installed with `weaverbird-mcp install` into a temporary HOME and this profile).
// Judged by the fixture page's own state and by what the panel shows.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useExtension } from './support/setup';
import { startFixtureServer, type FixtureServer } from './support/server';
import { MCP_ATTACKS, OTHER_TAB_SECRET, buttonRef } from './red-team/attacks-mcp';

// Chromium's own WebMCP too, for the native `toolchange` case (docs/webmcp.md).
const env = useExtension({ args: ['--enable-features=WebMCP,WebMCPTesting'] });
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules', '.bin', 'weaverbird-mcp');
let home: string;

let installed: { status: number | null; out: string };

beforeAll(() => {
  home = mkdtempSync(path.join(os.tmpdir(), 'wb-mcp-home-'));
  // What a user runs once; the browser reads the manifest when the extension first connects.
  installed = cli(
    'install',
    '--browser',
    'chromium',
    '--user-data-dir',
    env.browser.profile,
    '--extension-id',
    env.browser.extensionId,
  );
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

function cli(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(BIN, args, { env: { ...process.env, HOME: home }, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

async function setMcp(mode: 'ask' | 'act' | 'dev', enabled = true): Promise<void> {
  const r = await env.browser.worker.evaluate(
    (mcp) =>
      globalThis.wb.settings.set({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-unused-by-mcp-0000', mcp }),
    { enabled, mode },
  );
  expect(r.ok).toBe(true);
}

/** The previous client's session is over (the host takes one client at a time). */
async function noClient(): Promise<void> {
  await expect
    .poll(() => env.browser.worker.evaluate(() => globalThis.wb.mcp().client), { timeout: 20_000 })
    .toBe(null);
}

async function connectClient(): Promise<Client> {
  await noClient();
  // The host Chromium starts must be up (its socket in the temporary HOME) before the server dials it.
  await expect.poll(() => existsSync(path.join(home, '.weaverbird-mcp', 'host.sock')), { timeout: 20_000 }).toBe(true);
  const client = new Client({ name: 'e2e-coding-agent', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: BIN,
    args: [],
    env: { ...process.env, HOME: home },
    stderr: 'pipe',
  });
  await client.connect(transport);
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content.map((c: { type: string; text?: string }) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}

async function openPanel(tabId: number): Promise<Page> {
  const panel = await env.browser.context.newPage();
  await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html?tabId=${tabId}`);
  return panel;
}

/** The user ticks (or unticks) `other` in the tab picker of the panel of the session's start tab. */
async function tickInPanel(panel: Page, other: number, on: boolean): Promise<void> {
  const banner = panel.getByTestId('driver-banner');
  const picker = banner.getByTestId('driver-tabs');
  if ((await picker.count()) === 0) await banner.getByRole('button', { name: 'Tabs' }).click();
  const box = picker.locator(`[data-tab-id="${other}"] input[type=checkbox]`);
  await expect.poll(() => box.count(), { timeout: 10_000 }).toBe(1);
  if (on) await box.check();
  else await box.uncheck();
  await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(on);
}

describe('MCP bridge', () => {
  it('install writes the host manifest for this profile and under HOME, for the named browser only', () => {
    const r = installed;
    expect(r.status, r.out).toBe(0);
    const inProfile = path.join(env.browser.profile, 'NativeMessagingHosts', 'com.weaverbird.mcp.json');
    const manifest: unknown = JSON.parse(readFileSync(inProfile, 'utf8'));
    expect(manifest).toMatchObject({
      name: 'com.weaverbird.mcp',
      type: 'stdio',
      allowed_origins: [`chrome-extension://${env.browser.extensionId}/`],
    });
    expect(existsSync(path.join(home, '.config', 'chromium', 'NativeMessagingHosts', 'com.weaverbird.mcp.json'))).toBe(
      true,
    );
    expect(existsSync(path.join(home, '.config', 'google-chrome'))).toBe(false);
    expect(existsSync(path.join(home, '.mozilla'))).toBe(false);
    expect(r.out).toContain(`wrote ${inProfile}`);
  });

  it('Ask mode: lists read tools only, reads the tree, is refused a click; Stop in the panel ends the session', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/mcp-account.html'));
    await page.bringToFront();
    await setMcp('ask');
    const client = await connectClient();
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('get_accessibility_tree');
      expect(names).not.toContain('click_ax');
      expect(names).not.toContain('execute_js');
      const tree = textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: {} }));
      const greet = buttonRef(tree, 'Show greeting');
      const refused = await client.callTool({ name: 'click_ax', arguments: { ref_id: greet } });
      expect(textOf(refused)).toMatch(/tool_not_allowed: click_ax is not allowed: Ask mode is read-only/);
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({ greeted: 0 });

      const panel = await openPanel(tabId);
      const banner = panel.getByTestId('driver-banner');
      await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toContain('Driven by e2e-coding-agent');
      await banner.getByRole('button', { name: 'Stop' }).click();
      await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(0);
      const after = await client.callTool({ name: 'get_accessibility_tree', arguments: {} });
      expect(after.isError).toBe(true);
      expect(textOf(after)).toMatch(/stopped by the user/);
      await panel.close();
    } finally {
      await client.close();
    }
  });

  it('Act mode: a benign click changes the page; "Delete account" waits for the panel, denied → refused, page unchanged', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/mcp-account.html'));
    await page.bringToFront();
    await setMcp('act');
    const client = await connectClient();
    try {
      const tree = textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: {} }));
      expect(tree).toContain('button "Delete account"');
      const clicked = await client.callTool({
        name: 'click_ax',
        arguments: { ref_id: buttonRef(tree, 'Show greeting') },
      });
      expect(clicked.isError, textOf(clicked)).toBeFalsy();
      expect(textOf(clicked)).not.toContain('siteToolsNow');
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({ greeted: 1 });

      // Another tab: refused, naming the session's own.
      const other = await client.callTool({ name: 'get_accessibility_tree', arguments: { tabId: tabId + 1000 } });
      expect(textOf(other)).toMatch(/not one this session may use/);

      const panel = await openPanel(tabId);
      const pending = client.callTool({ name: 'click_ax', arguments: { ref_id: buttonRef(tree, 'Delete account') } });
      const approval = panel.getByTestId('approval');
      await expect.poll(() => approval.count(), { timeout: 15_000 }).toBe(1);
      expect(await approval.textContent()).toContain('Delete account');
      await approval
        .getByRole('button', { name: /deny|don.t/i })
        .first()
        .click();
      const denied = textOf(await pending);
      expect(denied).toMatch(/REFUSED BY THE USER: the user denied/);
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({ deleted: false });

      // Stop while a call waits for approval: that call returns "stopped by the user", nothing happens.
      const again = client.callTool({ name: 'click_ax', arguments: { ref_id: buttonRef(tree, 'Delete account') } });
      await expect.poll(() => approval.count(), { timeout: 15_000 }).toBe(1);
      await panel.getByTestId('driver-banner').getByRole('button', { name: 'Stop' }).click();
      const stopped = await again;
      expect(stopped.isError).toBe(true);
      expect(textOf(stopped)).toMatch(/STOPPED: stopped by the user/);
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({ deleted: false });
      await panel.close();
    } finally {
      await client.close();
    }
  });
});

describe('MCP tab picker (docs/mcp.md "Tabs")', () => {
  it('another tab is refused until the user ticks it in the panel, works after, and is refused again when unticked', async () => {
    const other = await env.browser.open(env.server.url('/mcp-secret.html'));
    const { page, tabId } = await env.browser.open(env.server.url('/mcp-account.html'));
    await page.bringToFront();
    await setMcp('ask');
    const client = await connectClient();
    const readOther = async () =>
      textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: { tabId: other.tabId } }));
    try {
      const before = await readOther();
      expect(before).toMatch(
        /not one this session may use.*Only the user can give it another tab.*Weaverbird's panel/s,
      );
      expect(before).not.toContain(OTHER_TAB_SECRET);

      const panel = await openPanel(tabId);
      const banner = panel.getByTestId('driver-banner');
      await banner.getByRole('button', { name: 'Tabs' }).click();
      const picker = banner.getByTestId('driver-tabs');
      // By tab id: earlier tests leave tabs with the same titles open.
      const start = picker.locator(`[data-tab-id="${tabId}"] input[type=checkbox]`);
      await expect.poll(() => start.isChecked(), { timeout: 10_000 }).toBe(true);
      expect(await start.isDisabled()).toBe(true);
      const box = picker.locator(`[data-tab-id="${other.tabId}"] input[type=checkbox]`);
      expect(await picker.locator(`[data-tab-id="${other.tabId}"]`).textContent()).toContain('MCP: another tab');
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(true);

      // Picked: the session reads it (and now acts there); the tab id of the start tab turns it back.
      expect(await readOther()).toContain(OTHER_TAB_SECRET);
      // Its requests are recorded from the pick on, as the start tab's are from the session's start.
      await other.page.evaluate(() => fetch('/webmcp-offers.html?via=picked-tab'));
      const net = await client.readResource({ uri: 'weaverbird://tab/network' });
      const netText = net.contents[0] && 'text' in net.contents[0] ? String(net.contents[0].text) : '';
      expect(netText).toMatch(/GET[^\n]*200[^\n]*webmcp-offers\.html/);
      const home = textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: { tabId } }));
      expect(home).toContain('button "Delete account"');
      expect(home).not.toContain(OTHER_TAB_SECRET);

      await box.uncheck();
      await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(false);
      const after = await readOther();
      expect(after).toMatch(/not one this session may use/);
      expect(after).not.toContain(OTHER_TAB_SECRET);
      await panel.close();
    } finally {
      await client.close();
      await other.page.close();
      await page.close();
    }
  });
});

describe('MCP resources (docs/mcp.md "Resources")', () => {
  it("Ask mode lists the tab tree, console and network log; a read gives the tool's text, fenced", async () => {
    const { page } = await env.browser.open(env.server.url('/mcp-account.html'));
    await page.bringToFront();
    await setMcp('ask');
    const client = await connectClient();
    try {
      const uris = (await client.listResources()).resources.map((r) => r.uri);
      expect(uris).toEqual(['weaverbird://tab/tree', 'weaverbird://tab/console', 'weaverbird://tab/network']);
      const read = async (uri: string) => {
        const r = await client.readResource({ uri });
        const first = r.contents[0];
        return first && 'text' in first && typeof first.text === 'string' ? first.text : '';
      };
      const tree = await read('weaverbird://tab/tree');
      const viaTool = textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: {} }));
      expect(tree).toContain('button "Delete account"');
      // The same text the tool gives (the fence's nonce is the task's, so it is the same too; refs and
      // the tree's revision count up with each read).
      const same = (t: string) => t.replace(/ref_\d+/g, 'ref').replace(/tree_revision \S+?-\d+/g, 'rev');
      expect(same(tree)).toBe(same(viaTool));
      expect(tree).toMatch(/UNTRUSTED/i);
      // The session's task has surely started now (its reads ran): the logs record from its start, as the
      // panel's do, so what the page does from here is in them.
      await page.evaluate(async () => {
        console.warn('mcp-resource-console-7731');
        await fetch('/mcp-secret.html?via=resource');
      });
      expect(await read('weaverbird://tab/console')).toContain('mcp-resource-console-7731');
      expect(await read('weaverbird://tab/network')).toMatch(/GET[^\n]*200[^\n]*mcp-secret\.html/);
      await expect(client.readResource({ uri: 'weaverbird://tab/cookies' })).rejects.toThrow(/unknown_resource/);
    } finally {
      await client.close();
      await page.close();
    }
  });
});

describe('WebMCP toolchange through MCP (docs/webmcp.md)', () => {
  for (const fire of ['modelContext', 'document', 'native'] as const) {
    it(`a site tool that adds a tool (toolchange: ${fire}) returns the page's tools now`, async (t) => {
      const q = fire === 'modelContext' ? '' : `?fire=${fire}`;
      const { page } = await env.browser.open(env.server.url(`/webmcp-offers.html${q}`));
      await page.bringToFront();
      await setMcp('ask');
      const client = await connectClient();
      try {
        const info = textOf(await client.callTool({ name: 'get_page_info', arguments: {} }));
        if (fire === 'native' && !/siteToolApi[^\n]*native/.test(info)) {
          console.log('[webmcp] native toolchange skipped: this Chromium has no document.modelContext');
          t.skip();
        }
        expect(info).toContain('list_offers');
        expect(info).not.toContain('apply_coupon');
        const r = await client.callTool({ name: 'site_tool', arguments: { name: 'list_offers' } });
        const text = textOf(r);
        expect(r.isError, text).toBeFalsy();
        expect(text).toContain('Offers: SAVE10');
        expect(text).toMatch(/siteToolsNow[\s\S]*apply_coupon: Applies a coupon code\./);
        expect(await page.locator('#status').textContent()).toBe('Offers listed');
        // A call that changes nothing says nothing more.
        const again = textOf(await client.callTool({ name: 'site_tool', arguments: { name: 'list_offers' } }));
        expect(again).toContain('Offers: SAVE10');
        expect(again).not.toContain('siteToolsNow');
      } finally {
        await client.close();
        await page.close();
      }
    });
  }
});

describe('WebMCP tool list change after an action (docs/webmcp.md)', () => {
  it("a click that registers a site tool says so in the click's own result; a click that changes nothing does not", async () => {
    const { page } = await env.browser.open(env.server.url('/webmcp-offers.html'));
    await page.bringToFront();
    await setMcp('act');
    const client = await connectClient();
    try {
      const info = textOf(await client.callTool({ name: 'get_page_info', arguments: {} }));
      expect(info).toContain('list_offers');
      expect(info).not.toContain('apply_coupon');
      const tree = textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: {} }));
      const hello = await client.callTool({ name: 'click_ax', arguments: { ref_id: buttonRef(tree, 'Say hello') } });
      expect(hello.isError, textOf(hello)).toBeFalsy();
      expect(await page.locator('#status').textContent()).toBe('Hello');
      expect(textOf(hello)).not.toContain('siteToolsNow');
      const shown = await client.callTool({
        name: 'click_ax',
        arguments: { ref_id: buttonRef(tree, 'Show coupon field') },
      });
      const text = textOf(shown);
      expect(shown.isError, text).toBeFalsy();
      // Inside the fence with the rest of the result: the tool's name and description are the page's words.
      expect(text).toMatch(/siteToolsNow[\s\S]*apply_coupon: Applies a coupon code\.[\s\S]*<<\/WB-UNTRUSTED/);
      const used = textOf(await client.callTool({ name: 'site_tool', arguments: { name: 'list_offers' } }));
      expect(used).toContain('Offers: SAVE10');
      expect(used).not.toContain('siteToolsNow');
    } finally {
      await client.close();
      await page.close();
    }
  });
});

describe('red team through the MCP door (tests/e2e/red-team/attacks-mcp.ts)', () => {
  let attacker: FixtureServer;
  // Another site than the session's (its own port: another origin), for a tab the user gives and takes back.
  let bank: FixtureServer;
  beforeAll(async () => {
    [attacker, bank] = await Promise.all([startFixtureServer('127.0.0.1'), startFixtureServer('127.0.0.1')]);
  });
  afterAll(() => Promise.all([attacker?.close(), bank?.close()]));

  for (const attack of MCP_ATTACKS) {
    it(`${attack.id} [${attack.mode}]: ${attack.what}`, async () => {
      const otherServer = attack.givenThenTakenBack ? bank : env.server;
      const other = await env.browser.open(otherServer.url('/mcp-secret.html'));
      const { page, tabId } = await env.browser.open(env.server.url('/mcp-account.html'));
      const url = page.url();
      await page.bringToFront();
      await setMcp(attack.mode);
      const client = await connectClient();
      let asks = 0;
      let denying = true;
      // The user denies every prompt, as it appears (the console's path to the same resolver as the panel).
      const denier = (async () => {
        while (denying) {
          const r = await env.browser.worker.evaluate(
            (id) => globalThis.wb.approve({ tabId: id, decision: 'deny' }),
            tabId,
          );
          if (r.ok) asks++;
          await new Promise((res) => setTimeout(res, 150));
        }
      })();
      const texts: string[] = [];
      try {
        const tree = textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: {} }));
        if (attack.givenThenTakenBack) {
          const panel = await openPanel(tabId);
          await tickInPanel(panel, other.tabId, true);
          const given = await client.callTool({ name: 'get_accessibility_tree', arguments: { tabId: other.tabId } });
          expect(textOf(given)).toContain(OTHER_TAB_SECRET);
          if (attack.givenThenTakenBack === 'close') await other.page.close();
          else await tickInPanel(panel, other.tabId, false);
          await panel.close();
        }
        const v = { tree, otherTab: other.tabId, otherSite: otherServer.origin, attacker: attacker.origin };
        for (const call of attack.calls(v))
          texts.push(textOf(await client.callTool({ name: call.name, arguments: call.args })));
      } finally {
        denying = false;
        await denier;
        await client.close();
      }
      const all = texts.join('\n---\n');
      expect(all).toMatch(attack.result);
      expect(all).not.toContain(OTHER_TAB_SECRET);
      expect(asks).toBeGreaterThanOrEqual(attack.asks ?? 0);
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({
        greeted: 0,
        deleted: false,
      });
      expect(page.url()).toBe(url);
      expect(await page.title()).not.toBe('pwned');
      expect(attacker.requests).toEqual([]);
      await other.page.close();
      await page.close();
    });
  }
});

describe('MCP set-up, last', () => {
  it('uninstall removes exactly what install wrote', () => {
    const r = cli('uninstall', '--browser', 'chromium', '--user-data-dir', env.browser.profile);
    expect(r.status, r.out).toBe(0);
    expect(existsSync(path.join(env.browser.profile, 'NativeMessagingHosts', 'com.weaverbird.mcp.json'))).toBe(false);
    expect(existsSync(path.join(home, '.config', 'chromium', 'NativeMessagingHosts', 'com.weaverbird.mcp.json'))).toBe(
      false,
    );
  });
});
