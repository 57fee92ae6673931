// Opens Chromium with the freshly built extension in its own profile, for trying Weaverbird by hand.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.WB_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: sudo apt-get install -y chromium (or set WB_CHROMIUM)`);
  process.exit(1);
}
const dist = path.resolve('dist');
const profile = process.env.WB_PROFILE ?? path.join(os.homedir(), '.weaverbird-profile');
mkdirSync(profile, { recursive: true });
const url = process.argv[2] ?? 'https://example.com/';
const args = [
  `--user-data-dir=${profile}`,
  `--disable-extensions-except=${dist}`,
  `--load-extension=${dist}`,
  '--no-first-run',
  url,
];
if (process.getuid?.() === 0) args.unshift('--no-sandbox');
console.log(`Starting ${chromium} with ${dist} (profile ${profile})`);
spawn(chromium, args, { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 0));
