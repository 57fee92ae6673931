// The page both A/B tree scripts read (ab-cpu.mjs: CPU per build, dom-calls.mjs: browser calls per build):
// the bench's synthetic page in Debian's Chromium, with two tree builders installed beside each other,
// `__abBase` from the `--base` checkout and `__abNew` from this one. `shadowRootOf` is the source of the
// closed-root reader both builders get (the extension's API is not there outside the extension).
import { createServer } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { loadSupport, ROOT } from '../lib/support.mjs';
import { syntheticPage } from './synthetic.mjs';

async function bundle(root, name, shadowRootOf) {
  const out = await build({
    stdin: {
      contents: `import { installAxApi } from './content-scripts/ax/api';
const scope = {};
installAxApi(scope, document, { shadowRootOf: ${shadowRootOf} });
globalThis.${name} = scope.__wbAx;`,
      resolveDir: root,
      loader: 'ts',
    },
    nodePaths: [path.join(ROOT, 'node_modules')],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
  });
  return out.outputFiles[0].text;
}

/** @returns {Promise<{page: import('playwright-core').Page, close: () => Promise<void>}>} */
export async function openAbPage({ base, elements, shadowRootOf = '(el) => el.shadowRoot' }) {
  const { CHROMIUM } = await loadSupport();
  const { html } = syntheticPage(Number(elements));
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const close = async () => {
    await browser.close();
    server.close();
  };
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.addScriptTag({ content: await bundle(path.resolve(base), '__abBase', shadowRootOf) });
    await page.addScriptTag({ content: await bundle(ROOT, '__abNew', shadowRootOf) });
    return { page, close };
  } catch (e) {
    await close();
    throw e;
  }
}
