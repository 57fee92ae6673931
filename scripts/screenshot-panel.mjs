#!/usr/bin/env node
// `node scripts/screenshot-panel.mjs`: the README's picture of the side panel, taken from the real
// build: headless Chromium with dist/, a fixture shop page, and a fake OpenAI-compatible provider on
// 127.0.0.1 that clicks "Show details" and reports back (no real model, no key leaves the machine).
// Writes docs/img/side-panel.png.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ensureDist, ROOT } from './lib/support.mjs';

const OUT = path.join(ROOT, 'tests/.out/scripts/screenshot-support.mjs');
await build({
  stdin: {
    contents: [
      "export { launchWithExtension } from './tests/e2e/support/browser';",
      "export { startFixtureServer } from './tests/e2e/support/server';",
      "export { bundleFixtureApps } from './tests/e2e/support/bundle-fixtures';",
      "export { startFakeProviders } from './tests/fake-providers/server';",
      "export { clickThenReport } from './tests/fake-providers/policies';",
      "export { configure, fakeSettings, FAKE_KEY } from './tests/e2e/agent-helpers';",
    ].join('\n'),
    resolveDir: ROOT,
    loader: 'ts',
  },
  outfile: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['playwright-core', 'esbuild', 'vite', 'vitest'],
  logLevel: 'warning',
});
const s = await import(pathToFileURL(OUT).href);

await ensureDist();
await s.bundleFixtureApps();
const server = await s.startFixtureServer();
const fake = await s.startFakeProviders();
const policy = s.clickThenReport(/show details/i, /Details shown/);
// Test connection and the title ping send no tools: answer them plainly.
fake.scenario('shot', {
  apiKey: s.FAKE_KEY,
  policy: (turn) => (turn.tools.length === 0 ? { text: 'OK' } : policy(turn)),
});
const browser = await s.launchWithExtension();
try {
  await s.configure(browser, { ...s.fakeSettings('openai', fake.baseURL('shot', 'openai')), model: 'gpt-4o-mini' });
  const shop = await browser.open(server.url('/agent-shop.html'));
  const panel = await browser.context.newPage();
  await panel.emulateMedia({ colorScheme: 'light' });
  await panel.setViewportSize({ width: 400, height: 640 });
  await panel.goto(`chrome-extension://${browser.extensionId}/sidepanel/index.html?tabId=${shop.tabId}`);
  await panel.getByRole('radio', { name: 'Act' }).check();
  const box = panel.getByLabel('Message', { exact: true });
  await box.fill('Open the order details and tell me what they say.');
  await box.press('Enter');
  await panel
    .getByTestId('msg-assistant')
    .last()
    .getByText(/Details shown/)
    .waitFor({ timeout: 60_000 });
  await panel.waitForTimeout(300);
  const file = path.join(ROOT, 'docs/img/side-panel.png');
  await panel.screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
} finally {
  await browser.close();
  await fake.close();
  await server.close();
}
