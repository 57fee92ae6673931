// @ts-check
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIREFOX_EXTENSION_ID, install, uninstall, userManifestDir } from './install.mjs';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
/** @type {string} */
let home;

beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-mcp-install-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

/** @param {'chrome' | 'chromium' | 'firefox'} browser @param {object} [extra] */
const opts = (browser, extra = {}) => ({
  browser,
  home,
  platform: /** @type {NodeJS.Platform} */ ('linux'),
  env: {},
  nodePath: '/usr/bin/node',
  binPath: '/opt/weaverbird/mcp/bin/weaverbird-mcp.mjs',
  ...extra,
});

/** Every file under home, relative. @param {string} dir @returns {string[]} */
function files(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(home, path.join(d.parentPath, d.name)))
    .sort();
}

describe('install / uninstall', () => {
  it('chromium: the per-user manifest, the profile folder, a private launcher; nothing for other browsers', () => {
    const profile = path.join(home, 'profile');
    const wrote = install(opts('chromium', { userDataDir: profile, extensionId: ID }));
    expect(files(home)).toEqual([
      '.config/chromium/NativeMessagingHosts/com.weaverbird.mcp.json',
      '.weaverbird-mcp/native-host-chromium.sh',
      'profile/NativeMessagingHosts/com.weaverbird.mcp.json',
    ]);
    expect(wrote).toHaveLength(3);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(profile, 'NativeMessagingHosts', 'com.weaverbird.mcp.json'), 'utf8'),
    );
    expect(manifest).toEqual({
      name: 'com.weaverbird.mcp',
      description: expect.any(String),
      path: path.join(home, '.weaverbird-mcp', 'native-host-chromium.sh'),
      type: 'stdio',
      allowed_origins: [`chrome-extension://${ID}/`],
    });
    expect(fs.statSync(path.join(home, '.weaverbird-mcp')).mode & 0o777).toBe(0o700);
    const launcher = fs.readFileSync(manifest.path, 'utf8');
    expect(launcher).toContain(
      `WEAVERBIRD_MCP_DIR='${path.join(home, '.weaverbird-mcp')}' exec '/usr/bin/node' '/opt/weaverbird/mcp/bin/weaverbird-mcp.mjs' "$@"`,
    );
    expect(uninstall(opts('chromium', { userDataDir: profile }))).toHaveLength(3);
    expect(files(home)).toEqual([]);
  });

  it('chrome writes under google-chrome; firefox under ~/.mozilla with the add-on id', () => {
    install(opts('chrome', { extensionId: ID }));
    install(opts('firefox'));
    expect(files(home)).toEqual([
      '.config/google-chrome/NativeMessagingHosts/com.weaverbird.mcp.json',
      '.mozilla/native-messaging-hosts/com.weaverbird.mcp.json',
      '.weaverbird-mcp/native-host-chrome.sh',
      '.weaverbird-mcp/native-host-firefox.sh',
    ]);
    const ff = JSON.parse(
      fs.readFileSync(path.join(home, '.mozilla/native-messaging-hosts/com.weaverbird.mcp.json'), 'utf8'),
    );
    expect(ff.allowed_extensions).toEqual([FIREFOX_EXTENSION_ID]);
    expect(ff.allowed_origins).toBeUndefined();
    // Uninstalling one browser leaves the other's files alone.
    uninstall(opts('firefox'));
    expect(files(home)).toEqual([
      '.config/google-chrome/NativeMessagingHosts/com.weaverbird.mcp.json',
      '.weaverbird-mcp/native-host-chrome.sh',
    ]);
  });

  it('refuses what it cannot do well, saying why', () => {
    expect(() => install(opts('chrome'))).toThrow(/--extension-id is required/);
    expect(() => install(opts('chrome', { extensionId: 'not-an-id' }))).toThrow(/32 letters a-p/);
    expect(() => install(opts('firefox', { userDataDir: '/tmp/p' }))).toThrow(/Firefox has no per-profile/);
    expect(() => userManifestDir('chrome', home, 'win32')).toThrow(/registry/);
    expect(files(home)).toEqual([]);
  });

  it('leaves a manifest of another host at the same path alone', () => {
    const dir = path.join(home, '.config', 'chromium', 'NativeMessagingHosts');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'com.weaverbird.mcp.json'), '{"name":"someone.else"}');
    expect(uninstall(opts('chromium'))).toEqual([]);
  });

  it('macOS paths', () => {
    expect(userManifestDir('chrome', '/Users/u', 'darwin')).toBe(
      '/Users/u/Library/Application Support/Google/Chrome/NativeMessagingHosts',
    );
    expect(userManifestDir('firefox', '/Users/u', 'darwin')).toBe(
      '/Users/u/Library/Application Support/Mozilla/NativeMessagingHosts',
    );
  });
});
