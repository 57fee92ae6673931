import { existsSync } from 'node:fs';
import { build } from 'vite';
import { bundleFixtureApps } from './bundle-fixtures';
import { CHROMIUM, ROOT } from './paths';

/** Builds `dist/` and the fixture apps once per run, and fails fast without a browser. */
export default async function setup(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install Debian's package: sudo apt-get update && sudo apt-get install -y chromium (or set WB_CHROMIUM).`,
    );
  }
  if (process.env.WB_SKIP_BUILD !== '1') {
    await build({ root: ROOT, configFile: `${ROOT}/vite.config.ts`, logLevel: 'warn' });
  }
  await bundleFixtureApps();
}
