#!/usr/bin/env node
// @ts-check
// One binary, three roles (docs/mcp.md): no arguments → the stdio MCP server a coding agent starts;
// started by a browser (Chrome passes the caller's `chrome-extension://…/` origin, Firefox the host
// manifest's path and the add-on id) → the native-messaging host; `install` / `uninstall` → set-up.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BROWSERS, install, uninstall } from '../lib/install.mjs';
import { runHost } from '../lib/host.mjs';
import { bridgeDir, socketPath } from '../lib/paths.mjs';
import { runServer } from '../lib/server.mjs';

const USAGE = `weaverbird-mcp                 run the MCP server (stdio); what Claude Code, Cursor or VS Code start
weaverbird-mcp install --browser chrome|chromium|firefox [--user-data-dir DIR] [--extension-id ID]
weaverbird-mcp uninstall --browser chrome|chromium|firefox [--user-data-dir DIR]`;

/** @param {string[]} argv */
function isBrowserLaunch(argv) {
  const first = argv[0] ?? '';
  return first.startsWith('chrome-extension://') || (first.endsWith('.json') && path.isAbsolute(first));
}

/** @param {string[]} argv @param {'install' | 'uninstall'} verb */
function setup(argv, verb) {
  const { values } = parseArgs({
    args: argv,
    options: {
      browser: { type: 'string' },
      'user-data-dir': { type: 'string' },
      'extension-id': { type: 'string' },
    },
  });
  const browser = BROWSERS.find((b) => b === values.browser);
  if (!browser) throw new Error(`--browser is required: ${BROWSERS.join(', ')}\n${USAGE}`);
  const common = {
    browser,
    ...(values['user-data-dir'] ? { userDataDir: values['user-data-dir'] } : {}),
    ...(values['extension-id'] ? { extensionId: values['extension-id'] } : {}),
    home: process.env.HOME || os.homedir(),
    platform: process.platform,
    env: process.env,
    nodePath: process.execPath,
    binPath: fileURLToPath(import.meta.url),
  };
  const paths = verb === 'install' ? install(common) : uninstall(common);
  const said = verb === 'install' ? 'wrote' : 'removed';
  if (paths.length === 0) console.log(`nothing to remove for ${browser}`);
  for (const p of paths) console.log(`${said} ${p}`);
}

async function main() {
  const argv = process.argv.slice(2);
  if (isBrowserLaunch(argv)) {
    await runHost({
      input: process.stdin,
      output: process.stdout,
      dir: bridgeDir(),
      log: (l) => process.stderr.write(`weaverbird-mcp host: ${l}\n`),
    });
    process.exit(0);
  }
  if (argv[0] === 'install' || argv[0] === 'uninstall') return setup(argv.slice(1), argv[0]);
  if (argv.length > 0) {
    console.log(USAGE);
    process.exit(argv[0] === '--help' || argv[0] === '-h' ? 0 : 2);
  }
  await runServer(socketPath());
}

main().catch((e) => {
  process.stderr.write(`weaverbird-mcp: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
