// `node scripts/bench/token-parts.mjs [--only NAME] [--out DIR]`: where the tree's tokens go on the bench's
// tree-* pages (docs/tree.md#where-the-tokens-go). For each page it reads our uncut tree (filter all,
// maxTextChars 0) and Playwright's ariaSnapshot({mode:'ai'}), the two texts `npm run bench` compares, and
// prints the token ratio (o200k), the share of refs, quotes and indent, the text and names alone, and the
// ratio each candidate change of the line grammar would give, applied to the printed text. It changes
// nothing; --out writes both texts per page for a diff.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { ensureDist, loadSupport } from '../lib/support.mjs';
import { BENCH_PAGES } from './pages.mjs';

const { values } = parseArgs({ options: { only: { type: 'string' }, out: { type: 'string' } } });

// The bench's fixture pages (the synthetic ones are generated, all one shape).
const PAGES = BENCH_PAGES.filter((p) => !p.synthetic && (!values.only || p.name.includes(values.only)));

const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

/** Candidate grammar changes, each applied to the printed tree (measured, never made here). */
const VARIANTS = {
  'no space before a ref': (t) => t.replace(/" \[ref_/g, '"[ref_'),
  'refN for ref_N': (t) => t.replace(/ref_(\d+)/g, 'ref$1'),
  'inline text unquoted': (t) => t.replace(/: "((?:[^"\\]|\\.)*)"$/gm, ': $1'),
  'no indent': (t) => t.replace(/^ +/gm, ''),
};

function parts(ours, pw) {
  const total = countTokens(ours);
  const saved = (re, by = '') => total - countTokens(ours.replace(re, by));
  const textAlone = countTokens([...ours.matchAll(QUOTED)].map((m) => m[1]).join('\n'));
  const ratio = (t) => Math.round((countTokens(t) / pw) * 1000) / 1000;
  const variants = Object.fromEntries(Object.entries(VARIANTS).map(([k, f]) => [k, ratio(f(ours))]));
  const firstThree = ['no space before a ref', 'refN for ref_N', 'inline text unquoted'];
  variants['those three together'] = ratio(firstThree.reduce((t, k) => VARIANTS[k](t), ours));
  return {
    ours: total,
    playwright: pw,
    ratio: ratio(ours),
    refs: (ours.match(/\[ref_\d+\]/g) ?? []).length,
    refTokens: saved(/ \[ref_\d+\]/g),
    quoteTokens: saved(/"/g),
    indentTokens: saved(/^ +/gm),
    textAndNamesAlone: textAlone,
    textAndNamesRatio: Math.round((textAlone / pw) * 1000) / 1000,
    variants,
  };
}

await ensureDist({ force: false });
const { launchWithExtension, startFixtureServer, bundleFixtureApps } = await loadSupport();
await bundleFixtureApps();
const server = await startFixtureServer();
const browser = await launchWithExtension();
try {
  for (const spec of PAGES) {
    const { page, tabId } = await browser.open(server.url(spec.path));
    await page.locator(spec.ready).first().waitFor({ state: 'attached' });
    const reply = await browser.tool(
      'get_accessibility_tree',
      { filter: 'all', maxChars: 1_000_000, maxTextChars: 0 },
      { tabId },
    );
    if (!reply.ok) throw new Error(`${spec.name}: ${reply.error.message}`);
    const pw = await page.ariaSnapshot({ mode: 'ai' });
    if (values.out) {
      mkdirSync(values.out, { recursive: true });
      writeFileSync(path.join(values.out, `${spec.name}.ours.txt`), reply.data.tree);
      writeFileSync(path.join(values.out, `${spec.name}.playwright.txt`), pw);
    }
    console.log(spec.name, JSON.stringify(parts(reply.data.tree, countTokens(pw)), null, 1));
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
