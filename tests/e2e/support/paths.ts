import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DIST = path.join(ROOT, 'dist');
export const FIXTURE_PAGES = path.join(ROOT, 'tests/fixtures/pages');
export const FIXTURE_APPS = path.join(ROOT, 'tests/fixtures/apps');
/** Fixture apps bundled at test time from npm packages; never committed. */
export const FIXTURE_BUILD = path.join(ROOT, 'tests/.out/fixtures');
export const CHROMIUM = process.env.WB_CHROMIUM ?? '/usr/bin/chromium';
