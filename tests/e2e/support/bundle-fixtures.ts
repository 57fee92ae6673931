import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { FIXTURE_APPS, FIXTURE_BUILD } from './paths';

/**
 * Bundles every fixture app (`tests/fixtures/apps/<name>/main.ts(x)`) with its real npm libraries
 * into `tests/.out/fixtures/<name>.js`, served at `/apps/<name>.js`.
 */
export async function bundleFixtureApps(): Promise<string[]> {
  if (!existsSync(FIXTURE_APPS)) return [];
  const names = readdirSync(FIXTURE_APPS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const entryPoints: Record<string, string> = {};
  for (const name of names) {
    const entry = ['main.tsx', 'main.ts'].map((f) => path.join(FIXTURE_APPS, name, f)).find((f) => existsSync(f));
    if (entry) entryPoints[name] = entry;
  }
  if (Object.keys(entryPoints).length === 0) return [];
  await build({
    entryPoints,
    outdir: FIXTURE_BUILD,
    bundle: true,
    format: 'iife',
    target: 'chrome116',
    jsx: 'automatic',
    loader: { '.css': 'css' },
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
    logLevel: 'warning',
  });
  return Object.keys(entryPoints);
}
