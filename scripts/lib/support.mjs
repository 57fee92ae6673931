// Loads the e2e harness (TypeScript under tests/e2e/support) from plain Node scripts: esbuild bundles
// it once into tests/.out/scripts/, playwright-core and esbuild staying external. The output sits
// three directories below the root, like tests/e2e/support, so the harness's ROOT/DIST paths
// (computed from import.meta.url) still point at this checkout.
import { existsSync } from 'node:fs';
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
export async function ensureDist({ force = false } = {}) {
  const manifest = path.join(ROOT, 'dist/manifest.json');
  if (!force && existsSync(manifest)) return false;
  const { build: viteBuild } = await import('vite');
  await viteBuild({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
