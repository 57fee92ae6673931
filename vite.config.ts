import { crx, type CrxPlugin, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { ON_DEMAND_SCRIPTS } from './background/page-scripts';
import manifest from './manifest.json' with { type: 'json' };

/**
 * Page scripts that are built like content scripts (self-contained IIFE, no loader) but injected by
 * the service worker on demand (`chrome.scripting.executeScript`) instead of into every frame: the
 * page actions, which most frames never need. They are listed in manifest.json so crxjs builds them,
 * and dropped from the built manifest here; the worker injects the same files (`background/page-scripts.ts`).
 */
const ON_DEMAND_PAGE_SCRIPTS: readonly string[] = Object.values(ON_DEMAND_SCRIPTS).flat();

function onDemandPageScripts(): CrxPlugin {
  return {
    name: 'weaverbird:on-demand-page-scripts',
    renderCrxManifest(built) {
      built.content_scripts = built.content_scripts?.filter(
        (cs) => !(cs.js ?? []).some((file) => ON_DEMAND_PAGE_SCRIPTS.includes(file)),
      );
      return built;
    },
  };
}

// The page scripts are built as self-contained IIFE files: no dynamic-import loader and no
// web_accessible_resources, so a page cannot probe for the extension's files.
export default defineConfig({
  plugins: [
    preact(),
    crx({
      manifest: manifest as ManifestV3Export,
      contentScripts: {
        standaloneFiles: [
          'content-scripts/accessibility-tree.ts',
          'content-scripts/content.ts',
          'content-scripts/actions-entry.ts',
        ],
      },
    }),
    onDemandPageScripts(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'chrome116',
    minify: true,
    sourcemap: false,
  },
  server: { cors: { origin: [/chrome-extension:\/\//] } },
});
