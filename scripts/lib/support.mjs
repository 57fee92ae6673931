// Loads the e2e harness (TypeScript under tests/e2e/support) from plain Node scripts: esbuild bundles
// it once into tests/.out/scripts/, playwright-core and esbuild staying external. The output sits
// three directories below the root, like tests/e2e/support, so the harness's ROOT/DIST paths
// (computed from import.meta.url) still point at this checkout.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'tests/.out/scripts/support.mjs');

/** @returns {Promise<{launchWithExtension: Function, CHROMIUM_ARGS: string[], CHROMIUM: string, startFixtureServer: Function, bundleFixtureApps: Function}>} */
export async function loadSupport() {
  await build({
    stdin: {
      contents: [
        "export { launchWithExtension } from './tests/e2e/support/browser';",
        "export { CHROMIUM, CHROMIUM_ARGS } from './tests/e2e/support/paths';",
        "export { startFixtureServer } from './tests/e2e/support/server';",
        "export { bundleFixtureApps } from './tests/e2e/support/bundle-fixtures';",
        "export { makeReportPdf } from './tests/e2e/support/pdf-fixtures';",
        "export { startFakeProviders } from './tests/fake-providers/server';",
        "export { scriptPolicy, step } from './tests/fake-providers/script';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    outfile: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['playwright-core', 'esbuild', 'vite'],
    logLevel: 'warning',
  });
  return import(pathToFileURL(OUT).href);
}

/** Builds dist/ with Vite when it is missing (or when forced), like the e2e global setup does. */
/** The newest modification time under the extension's sources (what a build of dist/ reads). */
function newestSource() {
  let newest = 0;
  const visit = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && !e.startsWith('.')) visit(path.join(p, e));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const d of [
    'background',
    'content-scripts',
    'sidepanel',
    'shared',
    'manifest.json',
    'vite.config.ts',
    'package-lock.json',
  ])
    if (existsSync(path.join(ROOT, d))) visit(path.join(ROOT, d));
  return newest;
}

/**
 * Builds dist/ when asked, when it is missing, or when a source is newer than it: a figure measured
 * on a stale build would describe code that is no longer there.
 */
export async function ensureDist({ force = false } = {}) {
  const manifest = path.join(ROOT, 'dist/manifest.json');
  if (!force && existsSync(manifest) && statSync(manifest).mtimeMs >= newestSource()) return false;
  const { build: viteBuild } = await import('vite');
  await viteBuild({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
