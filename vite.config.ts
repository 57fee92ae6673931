import { crx, type CrxPlugin, type ManifestV3Export } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { ON_DEMAND_SCRIPTS } from './background/page-scripts';
import { PDF_WORKER_FILE } from './background/pdf/pdf-worker-file';
import manifest from './manifest.json' with { type: 'json' };
import pkg from './package.json' with { type: 'json' };
import { finishFirefoxManifest, firefoxInputManifest } from './scripts/build/firefox-manifest';

/**
 * Page scripts that are built like content scripts (self-contained IIFE, no loader) but injected by
 * the service worker on demand (`chrome.scripting.executeScript`) instead of into every frame: the
 * tree builder, the handlers and the page actions, which most frames never need (only core.ts stays). They are listed in manifest.json so crxjs builds them,
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

/**
 * The dev server (`vite`, crxjs serve mode) loads the extension's code from http://localhost:PORT, opens
 * a websocket for hot reload and injects styles as inline <style>: the strict extension-page CSP of
 * manifest.json would block all three. Only in serve mode, allow exactly that dev origin; the built
 * extension (`vite build`, what users and the e2e tests load) keeps the manifest's policy unchanged.
 * The name starts with `crx:` because crxjs's dev-mode file writer runs only `crx:` plugins.
 */
function devServerCsp(): CrxPlugin {
  let serve = false;
  let port = 5173;
  return {
    name: 'crx:weaverbird-dev-server-csp',
    configResolved(config) {
      serve = config.command === 'serve';
      port = config.server.port ?? port;
    },
    renderCrxManifest(built) {
      const csp = built.content_security_policy?.extension_pages;
      if (!serve || csp === undefined) return built;
      const dev = `http://localhost:${port}`;
      const extra: Readonly<Record<string, string>> = {
        'script-src': dev,
        'style-src': `${dev} 'unsafe-inline'`,
        'img-src': dev,
        'connect-src': `${dev} ws://localhost:${port}`,
      };
      built.content_security_policy = {
        ...built.content_security_policy,
        extension_pages: csp
          .split(';')
          .map((d) => d.trim())
          .map((d) => {
            const name = d.split(' ')[0] ?? '';
            return extra[name] ? `${d} ${extra[name]}` : d;
          })
          .join('; '),
      };
      return built;
    },
  };
}

/**
 * pdf.js's worker file, copied unchanged to a fixed place in the package: pdf.js starts it as its
 * dedicated worker (background/pdf/pdf-reader.ts) where PDFs are parsed (docs/pdf.md#where-pdfjs-runs).
 */
function pdfWorkerFile(): Plugin {
  return {
    name: 'weaverbird:pdf-worker-file',
    generateBundle() {
      const source = readFileSync(
        new URL('./node_modules/pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url),
      );
      this.emitFile({ type: 'asset', fileName: PDF_WORKER_FILE, source });
    },
  };
}

/** Firefox only: the built manifest's side panel becomes a sidebar (scripts/build/firefox-manifest.ts). */
function firefoxSidebar(): CrxPlugin {
  return {
    name: 'weaverbird:firefox-sidebar',
    renderCrxManifest(built) {
      finishFirefoxManifest(built);
      return built;
    },
  };
}

// The page scripts are built as self-contained IIFE files: no dynamic-import loader and no
// web_accessible_resources, so a page cannot probe for the extension's files.
// `vite build` builds Chrome's dist/; `vite build --mode firefox` (npm run build:firefox) builds
// dist-firefox/ from the same sources, with `__WB_BROWSER__` (shared/browser-target.ts) set to 'firefox'.
export default defineConfig(({ mode }) => {
  const firefox = mode === 'firefox';
  const base = { ...manifest, version: pkg.version };
  return {
    define: { __WB_BROWSER__: JSON.stringify(firefox ? 'firefox' : 'chrome') },
    plugins: [
      preact(),
      crx({
        browser: firefox ? 'firefox' : 'chrome',
        // The version lives in package.json only; the built manifest takes it from there (docs/release.md).
        manifest: (firefox ? firefoxInputManifest(base) : base) as ManifestV3Export,
        contentScripts: {
          standaloneFiles: [
            'content-scripts/core.ts',
            'content-scripts/accessibility-tree.ts',
            'content-scripts/content.ts',
            'content-scripts/actions-entry.ts',
          ],
        },
      }),
      onDemandPageScripts(),
      pdfWorkerFile(),
      devServerCsp(),
      ...(firefox ? [firefoxSidebar()] : []),
    ],
    build: {
      // Chrome's offscreen document where pdf.js runs (background/pdf/pdf-source.ts); Firefox parses in its background page.
      ...(firefox ? {} : { rollupOptions: { input: { 'offscreen-pdf': 'offscreen/pdf.html' } } }),
      outDir: firefox ? 'dist-firefox' : 'dist',
      emptyOutDir: true,
      target: firefox ? 'firefox140' : 'chrome116',
      minify: true,
      sourcemap: false,
    },
    // `npm run dev`: crxjs serves the extension from this dev server (dist/ holds a loader pointing at it),
    // so the extension's pages fetch modules from localhost; CORS must admit chrome-extension:// origins.
    // A fixed port, because the built loader has the URL baked in. HMR reloads the side panel in place.
    server: {
      port: 5173,
      strictPort: true,
      cors: { origin: [/chrome-extension:\/\//] },
      hmr: { port: 5173 },
    },
  };
});
