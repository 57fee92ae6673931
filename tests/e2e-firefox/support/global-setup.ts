import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { bundleFixtureApps } from '../../e2e/support/bundle-fixtures';
import { DIST, ROOT } from '../../e2e/support/paths';
import { firefoxAvailable } from './firefox';

/**
 * Builds dist-firefox/ (and, when missing, Chrome's dist/ for the agreement test: the e2e project's own
 * setup rebuilds it in a full run) and the fixture apps. Without Firefox, nothing is built: the files skip.
 */
export default async function setup(): Promise<void> {
  if (!firefoxAvailable()) return;
  if (process.env.WB_SKIP_BUILD !== '1') {
    await build({ root: ROOT, configFile: `${ROOT}/vite.config.ts`, logLevel: 'warn', mode: 'firefox' });
    if (!existsSync(path.join(DIST, 'manifest.json'))) {
      await build({ root: ROOT, configFile: `${ROOT}/vite.config.ts`, logLevel: 'warn' });
    }
  }
  await bundleFixtureApps();
}
