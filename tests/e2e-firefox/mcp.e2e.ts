/**
 * The MCP bridge in the Firefox build (docs/mcp.md "Firefox"): `weaverbird-mcp install --browser firefox`
 * writes the host manifest under a temporary HOME (the one Firefox runs with), Firefox itself starts the
 * native host when Settings → MCP is on, and an MCP client built on the SDK reads a page through it and
 * is refused a click in Ask mode, judged by the page's own state, and reads the tree resource. In Act
 * mode the approval prompt appears in the panel (opened as a page: WebDriver BiDi cannot drive Firefox's
 * sidebar) and is denied there, and the panel's Stop ends the session while a call waits.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../e2e/support/paths';
import { firefoxSuite } from './support/suite';

const BIN = path.join(ROOT, 'node_modules', '.bin', 'weaverbird-mcp');
const home = mkdtempSync(path.join(os.tmpdir(), 'wb-mcp-ff-home-'));
const { run, env } = firefoxSuite({}, { HOME: home });

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content.map((c: { type: string; text?: string }) => (c.type === 'text' ? (c.text ?? '') : '')).join('\n');
}

/** Settings → MCP on, in `mode`, through the background page's `wb.settings.set`. */
async function setMcp(mode: 'ask' | 'act'): Promise<void> {
  const { ff } = env();
  const saved = await ff.panel.evaluate(async (m: string) => {
    const bg = await chrome.runtime.getBackgroundPage();
    const wb: unknown = bg ? Reflect.get(bg, 'wb') : undefined;
    const settings: unknown = typeof wb === 'object' && wb !== null ? Reflect.get(wb, 'settings') : undefined;
    const set: unknown = typeof settings === 'object' && settings !== null ? Reflect.get(settings, 'set') : undefined;
    if (typeof set !== 'function') throw new Error('wb.settings.set is missing');
    const r: unknown = await Reflect.apply(set, settings, [
      { provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-unused-by-mcp-0000', mcp: { enabled: true, mode: m } },
    ]);
    return JSON.stringify(r);
  }, mode);
  expect(JSON.parse(saved)).toMatchObject({ ok: true });
}

async function connectClient(name: string): Promise<Client> {
  const { ff } = env();
  // The host takes one client at a time: the previous test's session must be over.
  await expect
    .poll(
      async () => {
        const state = await ff.wb('mcp');
        return typeof state === 'object' && state !== null ? Reflect.get(state, 'client') : 'unknown';
      },
      { timeout: 30_000 },
    )
    .toBe(null);
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: BIN, args: [], env: { ...process.env, HOME: home }, stderr: 'pipe' }),
  );
  return client;
}

function refOf(tree: string, button: string): string {
  const ref = tree
    .split('\n')
    .find((l) => l.includes(`button "${button}"`))
    ?.match(/ref_\d+/)?.[0];
  if (!ref) throw new Error(`no button "${button}" in the tree: ${tree.slice(0, 400)}`);
  return ref;
}

const lastText = (page: Page, selector: string): Promise<string> =>
  page.evaluate((s: string) => [...document.querySelectorAll(s)].at(-1)?.textContent ?? '', selector);

/** Clicks the panel's button named `name` inside `scope` (a test id), as the user would. */
async function clickIn(page: Page, scope: string, name: RegExp): Promise<void> {
  await page.waitForFunction(
    (sc: string, src: string) =>
      [...document.querySelectorAll(`[data-testid="${sc}"] button`)].some((b) =>
        new RegExp(src, 'i').test(b.textContent ?? ''),
      ),
    { timeout: 30_000 },
    scope,
    name.source,
  );
  await page.evaluate(
    (sc: string, src: string) => {
      const b = [...document.querySelectorAll(`[data-testid="${sc}"] button`)].find((x) =>
        new RegExp(src, 'i').test(x.textContent ?? ''),
      );
      if (b instanceof HTMLElement) b.click();
    },
    scope,
    name.source,
  );
}

describe.skipIf(!run)('MCP bridge in Firefox', () => {
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('Firefox starts the installed host; an SDK client reads the page and is refused a click in Ask mode', async () => {
    const installed = spawnSync(BIN, ['install', '--browser', 'firefox'], {
      env: { ...process.env, HOME: home },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(installed.status, `${installed.stdout}${installed.stderr}`).toBe(0);
    const manifestPath = path.join(home, '.mozilla', 'native-messaging-hosts', 'com.weaverbird.mcp.json');
    const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
    expect(manifest).toMatchObject({ name: 'com.weaverbird.mcp', allowed_extensions: ['weaverbird@weaverbird.dev'] });

    const { ff, server } = env();
    const { page } = await ff.open(server.url('/mcp-account.html'));
    await page.bringToFront();
    await setMcp('ask');
    // Firefox started the host (it listens on its socket under the temporary HOME).
    await expect
      .poll(() => existsSync(path.join(home, '.weaverbird-mcp', 'host.sock')), { timeout: 30_000 })
      .toBe(true);

    const client = new Client({ name: 'ff-coding-agent', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: BIN, args: [], env: { ...process.env, HOME: home }, stderr: 'pipe' }),
    );
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('get_accessibility_tree');
      expect(names).not.toContain('click_ax');
      const tree = textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: {} }));
      expect(tree).toContain('button "Delete account"');
      const ref = tree
        .split('\n')
        .find((l) => l.includes('button "Show greeting"'))
        ?.match(/ref_\d+/)?.[0];
      expect(ref).toBeDefined();
      const refused = textOf(await client.callTool({ name: 'click_ax', arguments: { ref_id: ref } }));
      expect(refused).toMatch(/tool_not_allowed: click_ax is not allowed: Ask mode is read-only/);
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({ greeted: 0 });
      // A resource is the tool's read through the same path.
      const read = await client.readResource({ uri: 'weaverbird://tab/tree' });
      const first = read.contents[0];
      expect(first && 'text' in first ? first.text : '').toContain('button "Delete account"');
    } finally {
      await client.close();
    }
  });
  it("Act mode: a benign click changes the page; 'Delete account' asks in the panel, denied → refused; Stop while a call waits ends the session", async () => {
    const { ff, server } = env();
    const { page, tabId } = await ff.open(server.url('/mcp-account.html?ff-act'));
    await page.bringToFront();
    await setMcp('act');
    const client = await connectClient('ff-act-agent');
    // The session starts in the active tab of the last focused window: read the page before the panel's
    // own window opens.
    const tree = textOf(await client.callTool({ name: 'get_accessibility_tree', arguments: {} }));
    const panel = await ff.openPanelPage(`?tabId=${tabId}`);
    try {
      const greeted = await client.callTool({ name: 'click_ax', arguments: { ref_id: refOf(tree, 'Show greeting') } });
      expect(greeted.isError, textOf(greeted)).toBeFalsy();
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({ greeted: 1 });
      await expect
        .poll(() => lastText(panel, '[data-testid="driver-banner"]'), { timeout: 30_000 })
        .toContain('Driven by ff-act-agent');

      // The approval prompt appears in the session's panel; the user denies it there.
      const pending = client.callTool({ name: 'click_ax', arguments: { ref_id: refOf(tree, 'Delete account') } });
      await panel.waitForSelector('[data-testid="approval"]', { timeout: 45_000 });
      expect(await lastText(panel, '[data-testid="approval"]')).toContain('Delete account');
      await clickIn(panel, 'approval', /^\s*(deny|don.t)/);
      expect(textOf(await pending)).toMatch(/REFUSED BY THE USER: the user denied/);
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({ deleted: false });

      // Stop while a call waits for approval: that call says so, nothing happens, later calls are refused.
      const again = client.callTool({ name: 'click_ax', arguments: { ref_id: refOf(tree, 'Delete account') } });
      await expect
        .poll(() => panel.evaluate(() => document.querySelectorAll('[data-testid="approval"]').length), {
          timeout: 45_000,
        })
        .toBe(1);
      await clickIn(panel, 'driver-banner', /^\s*Stop\s*$/);
      const stopped = await again;
      expect(stopped.isError).toBe(true);
      expect(textOf(stopped)).toMatch(/STOPPED: stopped by the user/);
      const after = await client.callTool({ name: 'get_accessibility_tree', arguments: {} });
      expect(textOf(after)).toMatch(/stopped by the user/);
      expect(await page.evaluate(() => Reflect.get(window, '__appState'))).toMatchObject({ deleted: false });
    } finally {
      await client.close();
      await panel.close();
    }
  });
});
