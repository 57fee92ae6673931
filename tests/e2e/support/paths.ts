import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = path.join(ROOT, 'dist');
export const FIXTURE_PAGES = path.join(ROOT, 'tests/fixtures/pages');
export const FIXTURE_APPS = path.join(ROOT, 'tests/fixtures/apps');
/** Fixture apps bundled at test time from npm packages; never committed. */
export const FIXTURE_BUILD = path.join(ROOT, 'tests/.out/fixtures');
export const CHROMIUM = process.env.WB_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for every headless Chromium the tests and scripts launch (with or without the extension). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
