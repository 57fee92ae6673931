// Loads the code that docs are generated from and checked against, in Node: the tool registry
// (background/tools), the `wb` console API (background/console-api.ts) and the settings schemas
// (shared/settings.ts). Shared by generate.mjs (docs/tools.md) and check-identifiers.mjs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Bundles and imports the sources. The modules only reference `chrome.*` inside handlers and
 * listeners, never to compute a tool's name, schema or exposure or the console API's members, so a
 * stand-in `chrome` that accepts any property access and call is enough to import them.
 */
export async function loadSources() {
  const out = path.join(ROOT, 'tests/.out/scripts/doc-sources.mjs');
  mkdirSync(path.dirname(out), { recursive: true });
  await build({
    stdin: {
      contents: [
        "import { registerAllTools } from './background/tools/index';",
        "import { allTools, toolsFor } from './background/tools/registry';",
        "export { createConsoleApi } from './background/console-api';",
        "export { SettingsSchema, PublicSettingsSchema } from './shared/settings';",
        'registerAllTools();',
        'export { allTools, toolsFor };',
        "export { toJSONSchema } from 'zod';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    banner: {
      js: [
        'const __wbStub = new Proxy(function () {}, {',
        "  get: (_t, key) => (key === 'then' ? undefined : __wbStub),",
        '  apply: () => __wbStub,',
        '  construct: () => __wbStub,',
        '});',
        'globalThis.chrome ??= __wbStub;',
      ].join('\n'),
    },
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // npm packages load from node_modules as they are (the AI SDK's Node parts use require()).
    packages: 'external',
  });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}
