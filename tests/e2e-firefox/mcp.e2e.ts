/**
 * The MCP bridge in the Firefox build (docs/mcp.md "Firefox"): `weaverbird-mcp install --browser firefox`
 * writes the host manifest under a temporary HOME (the one Firefox runs with), Firefox itself starts the
 * native host when Settings → MCP is on, and an MCP client built on the SDK reads a page through it and
 * is refused a click in Ask mode, judged by the page's own state, and reads the tree resource.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
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
    const saved = await ff.panel.evaluate(async () => {
      const bg = await chrome.runtime.getBackgroundPage();
      const wb: unknown = bg ? Reflect.get(bg, 'wb') : undefined;
      const settings: unknown = typeof wb === 'object' && wb !== null ? Reflect.get(wb, 'settings') : undefined;
      const set: unknown = typeof settings === 'object' && settings !== null ? Reflect.get(settings, 'set') : undefined;
      if (typeof set !== 'function') throw new Error('wb.settings.set is missing');
      const r: unknown = await Reflect.apply(set, settings, [
        {
          provider: 'openai',
          model: 'gpt-4o-mini',
          apiKey: 'sk-unused-by-mcp-0000',
          mcp: { enabled: true, mode: 'ask' },
        },
      ]);
      return JSON.stringify(r);
    });
    expect(JSON.parse(saved)).toMatchObject({ ok: true });
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
});
