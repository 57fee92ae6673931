// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { HOST_NAME, bridgeDir, ensurePrivateDir } from './paths.mjs';

/** @typedef {'chrome' | 'chromium' | 'firefox'} BrowserName */

export const BROWSERS = /** @type {const} */ (['chrome', 'chromium', 'firefox']);
/** The Firefox build's add-on id (scripts/build/firefox-manifest.ts `GECKO_ID`). */
export const FIREFOX_EXTENSION_ID = 'weaverbird@weaverbird.dev';
const CHROME_ID = /^[a-p]{32}$/;

/**
 * Where each browser looks for a user's host manifests
 * (https://developer.chrome.com/docs/extensions/develop/concepts/native-messaging#native-messaging-host-location,
 * https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/Native_manifests#manifest_location).
 * Windows reads them from the registry, which this installer does not write.
 * @param {BrowserName} browser
 * @param {string} home
 * @param {NodeJS.Platform} platform
 */
export function userManifestDir(browser, home, platform) {
  if (platform === 'darwin') {
    const base = path.join(home, 'Library', 'Application Support');
    if (browser === 'chrome') return path.join(base, 'Google', 'Chrome', 'NativeMessagingHosts');
    if (browser === 'chromium') return path.join(base, 'Chromium', 'NativeMessagingHosts');
    return path.join(base, 'Mozilla', 'NativeMessagingHosts');
  }
  if (platform === 'win32')
    throw new Error('Windows registers native hosts in the registry; see docs/mcp.md for the manual steps');
  if (browser === 'chrome') return path.join(home, '.config', 'google-chrome', 'NativeMessagingHosts');
  if (browser === 'chromium') return path.join(home, '.config', 'chromium', 'NativeMessagingHosts');
  return path.join(home, '.mozilla', 'native-messaging-hosts');
}

/**
 * @typedef {object} InstallOptions
 * @property {BrowserName} browser
 * @property {string} [userDataDir] A Chromium profile directory (`--user-data-dir`): Chrome also reads
 *   `<dir>/NativeMessagingHosts/`, the one place a non-default profile looks.
 * @property {string} [extensionId]
 * @property {string} home
 * @property {NodeJS.Platform} platform
 * @property {NodeJS.ProcessEnv} env
 * @property {string} nodePath The node binary the launcher runs (the browser's PATH may not have one).
 * @property {string} binPath This package's bin script.
 */

/** @param {InstallOptions} o */
function plan(o) {
  if (!BROWSERS.includes(o.browser)) throw new Error(`--browser must be one of ${BROWSERS.join(', ')}`);
  if (o.browser === 'firefox' && o.userDataDir)
    throw new Error(
      'Firefox has no per-profile host folder: drop --user-data-dir (the manifest under $HOME serves every profile)',
    );
  const extensionId = o.extensionId ?? (o.browser === 'firefox' ? FIREFOX_EXTENSION_ID : undefined);
  if (!extensionId)
    throw new Error(
      `--extension-id is required for ${o.browser}: copy Weaverbird's id from chrome://extensions (an unpacked extension's id depends on its folder)`,
    );
  if (o.browser !== 'firefox' && !CHROME_ID.test(extensionId))
    throw new Error(`--extension-id ${extensionId} is not a Chrome extension id (32 letters a-p)`);
  const dirs = [userManifestDir(o.browser, o.home, o.platform)];
  if (o.userDataDir) dirs.push(path.join(path.resolve(o.userDataDir), 'NativeMessagingHosts'));
  const bridge = bridgeDir({ ...o.env, HOME: o.home });
  const launcher = path.join(bridge, `native-host-${o.browser}.sh`);
  const manifest = {
    name: HOST_NAME,
    description: 'Weaverbird MCP bridge (lets a coding agent use this browser through Weaverbird)',
    path: launcher,
    type: 'stdio',
    ...(o.browser === 'firefox'
      ? { allowed_extensions: [extensionId] }
      : { allowed_origins: [`chrome-extension://${extensionId}/`] }),
  };
  return { bridge, launcher, manifests: dirs.map((d) => path.join(d, `${HOST_NAME}.json`)), manifest };
}

/** @param {string} s */
const shellQuote = (s) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * Writes the launcher and the manifest(s); returns every path written.
 * @param {InstallOptions} o
 */
export function install(o) {
  const p = plan(o);
  ensurePrivateDir(p.bridge);
  // The launcher pins node, this package and the socket directory: a browser starts hosts with its own
  // environment, which may have neither node on PATH nor the HOME the coding agent's server sees.
  const script = [
    '#!/bin/sh',
    '# Written by `weaverbird-mcp install`; removed by `weaverbird-mcp uninstall`.',
    `WEAVERBIRD_MCP_DIR=${shellQuote(p.bridge)} exec ${shellQuote(o.nodePath)} ${shellQuote(o.binPath)} "$@"`,
    '',
  ].join('\n');
  fs.writeFileSync(p.launcher, script, { mode: 0o700 });
  fs.chmodSync(p.launcher, 0o700);
  for (const file of p.manifests) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(p.manifest, null, 2)}\n`);
  }
  return [p.launcher, ...p.manifests];
}

/**
 * Removes what `install` with the same options wrote (and nothing else); returns the paths removed.
 * @param {Omit<InstallOptions, 'extensionId'> & { extensionId?: string }} o
 */
export function uninstall(o) {
  // The id only shapes the manifest's content, not where it lives: any valid one finds the files.
  const p = plan({
    ...o,
    extensionId: o.extensionId ?? (o.browser === 'firefox' ? FIREFOX_EXTENSION_ID : 'a'.repeat(32)),
  });
  const removed = [];
  for (const file of [...p.manifests, p.launcher]) {
    if (!fs.existsSync(file)) continue;
    if (file !== p.launcher && !isOurManifest(file)) continue;
    fs.rmSync(file);
    removed.push(file);
  }
  return removed;
}

/** @param {string} file */
function isOurManifest(file) {
  try {
    const m = JSON.parse(fs.readFileSync(file, 'utf8'));
    return m?.name === HOST_NAME;
  } catch {
    return false;
  }
}
