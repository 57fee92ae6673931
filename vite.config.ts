import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

// Both page scripts are built as self-contained IIFE files: no dynamic-import loader and no
// web_accessible_resources, so a page cannot probe for the extension's files.
export default defineConfig({
  plugins: [
    preact(),
    crx({
      manifest: manifest as ManifestV3Export,
      contentScripts: {
        standaloneFiles: ['content-scripts/accessibility-tree.ts', 'content-scripts/content.ts'],
      },
    }),
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
