#!/usr/bin/env node
// `npm run package [-- --no-build]`: builds dist/ and zips it as weaverbird-<version>.zip, the file the
// Chrome Web Store takes (manifest.json at the zip's root). The version comes from package.json only;
// the build writes it into dist/manifest.json (vite.config.ts), and this script checks they agree.
// `npm run package:firefox` (`--firefox`): the same from dist-firefox/ as weaverbird-<version>-firefox.zip,
// the file addons.mozilla.org takes, then Mozilla's `web-ext lint` on it: any error fails (docs/firefox.md).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIREFOX = process.argv.includes('--firefox');
const DIST = path.join(ROOT, FIREFOX ? 'dist-firefox' : 'dist');

if (!process.argv.includes('--no-build')) {
  const { build } = await import('vite');
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    ...(FIREFOX ? { mode: 'firefox' } : {}),
  });
}

const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
let built;
try {
  built = JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8'));
} catch {
  console.error(
    `package: ${path.relative(ROOT, DIST)}/manifest.json not found: run without --no-build (or npm run build${FIREFOX ? ':firefox' : ''} first)`,
  );
  process.exit(1);
}
if (built.version !== version) {
  console.error(`package: dist/ is version ${built.version}, package.json says ${version}: rebuild (drop --no-build)`);
  process.exit(1);
}

/** Every file under dist/, as zip entries with forward-slash paths relative to dist/. */
function collect(dir, out = {}) {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else out[path.relative(DIST, full).split(path.sep).join('/')] = readFileSync(full);
  }
  return out;
}
const files = collect(DIST);
// A fixed timestamp keeps the zip byte-identical for identical dist/ contents.
const zip = zipSync(files, { level: 9, mtime: new Date('2020-01-01T00:00:00Z') });
const out = path.join(ROOT, `weaverbird-${version}${FIREFOX ? '-firefox' : ''}.zip`);
writeFileSync(out, zip);
console.log(
  `package: wrote ${path.relative(ROOT, out)} (${Object.keys(files).length} files, ${(zip.length / 1024).toFixed(1)} KB)`,
);

if (FIREFOX) {
  // The zip holds exactly dist-firefox/, so linting the directory lints what the zip ships.
  const lint = spawnSync(
    'npx',
    ['web-ext', 'lint', '--source-dir', DIST, '--output', 'json', '--no-config-discovery'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  let report;
  try {
    report = JSON.parse(lint.stdout);
  } catch {
    console.error(`package: web-ext lint gave no report (exit ${lint.status}): ${lint.stderr.slice(0, 2000)}`);
    process.exit(1);
  }
  const { errors, warnings, notices } = report.summary;
  for (const e of report.errors) console.error(`web-ext lint error ${e.code} ${e.file ?? ''}: ${e.message}`);
  console.log(`package: web-ext lint: ${errors} errors, ${warnings} warnings, ${notices} notices`);
  if (errors > 0) process.exit(1);
}
