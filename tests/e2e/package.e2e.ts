/**
 * The release zip (`npm run package`) is what users install: unzipped into a fresh folder it must
 * load in Chromium as is: the service worker starts, the side panel page renders, the icons the
 * manifest names are in it, and its version is package.json's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/paths';
import { useExtension } from './support/setup';

const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const ZIP = path.join(ROOT, `weaverbird-${version}.zip`);
const unpacked = mkdtempSync(path.join(os.tmpdir(), 'wb-release-'));

// Registered before useExtension's hook, so the zip exists and is unpacked before Chromium loads it.
beforeAll(() => {
  // dist/ was just built by the e2e global setup; the script zips it and checks its version.
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/package.mjs'), '--no-build'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm run package failed: ${run.stderr || run.stdout}`);
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(ZIP)))) {
    if (name.endsWith('/')) continue;
    const file = path.join(unpacked, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
});

const env = useExtension({ extensionDir: unpacked });

describe('the release zip', () => {
  it('holds a manifest at its root with package.json’s version and the four icons', () => {
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as {
      version: string;
      icons: Record<string, string>;
      action: { default_icon: Record<string, string> };
    };
    expect(manifest.version).toBe(version);
    expect(Object.keys(manifest.icons).sort()).toEqual(['128', '16', '32', '48']);
    for (const icon of [...Object.values(manifest.icons), ...Object.values(manifest.action.default_icon)]) {
      expect(existsSync(path.join(unpacked, icon)), icon).toBe(true);
    }
  });

  it('loads unpacked in Chromium: the service worker answers and the side panel opens', async () => {
    const tools = await env.browser.worker.evaluate(() => globalThis.wb.tools());
    expect(tools).toContain('get_accessibility_tree');
    const loaded = await env.browser.worker.evaluate(() => chrome.runtime.getManifest().version);
    expect(loaded).toBe(version);
    const panel = await env.browser.context.newPage();
    await panel.goto(`chrome-extension://${env.browser.extensionId}/sidepanel/index.html`);
    // First run (no key stored) opens Settings: the panel's own UI rendered from the zip's bundle.
    await panel
      .getByRole('heading', { name: /connect a model|settings/i })
      .first()
      .waitFor({ timeout: 15_000 });
    await panel.close();
  }, 60_000);
});
