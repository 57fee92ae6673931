/**
 * The Firefox build's tree in real Firefox, line for line against the Chrome build's tree in Chromium
 * on the same fixture pages. Refs are compared by position (`[ref]`), since each browser numbers its
 * own ref space. Every line one browser prints and the other does not is listed with its reason in
 * tests/known-failures/firefox-tree.json (support/known-list.ts: a new difference fails, a fixed one
 * must leave the list, line totals are pinned). WB_UPDATE_KNOWN=1 rewrites the list.
 */
import path from 'node:path';
import type { Page as ChromePage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TreeResultSchema } from '../../shared/tree-contract';
import { launchWithExtension, type ExtensionBrowser } from '../e2e/support/browser';
import { compareWithList, readKnownList, writeKnownList } from '../e2e/support/known-list';
import { ROOT } from '../e2e/support/paths';
import { startFixtureServer, type FixtureServer } from '../e2e/support/server';
import { firefoxAvailable, launchFirefox, type FirefoxExtension } from './support/firefox';

const KNOWN_FILE = path.join(ROOT, 'tests/known-failures/firefox-tree.json');
const WHOLE = { filter: 'all', maxChars: 1_000_000 } as const;

const PAGES: { path: string; ready: string }[] = [
  { path: '/tree-react.html', ready: 'h1' },
  { path: '/tree-shoelace.html', ready: 'body[data-ready]' },
  { path: '/tree-article.html', ready: 'h1' },
  { path: '/tree-form.html', ready: 'form' },
  { path: '/tree-clickables.html', ready: 'h1' },
  { path: '/tree-edge.html', ready: 'h1' },
];

/**
 * Tree lines with ref numbers blanked and indentation dropped: what must match across browsers. A
 * line that gains or loses a parent is one difference (the parent's line), not one per descendant.
 */
function lines(tree: string): string[] {
  return tree
    .split('\n')
    .map((l) => l.trim().replace(/\bref_\d+\b/g, 'ref'))
    .filter((l) => l !== '');
}

/** Lines of `a` not matched one-for-one in `b` (multiset difference). */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const l of b) left.set(l, (left.get(l) ?? 0) + 1);
  const out: string[] = [];
  for (const l of a) {
    const n = left.get(l) ?? 0;
    if (n > 0) left.set(l, n - 1);
    else out.push(l);
  }
  return out;
}

const run = firefoxAvailable();
let ff: FirefoxExtension | undefined;
let cr: ExtensionBrowser | undefined;
let server: FixtureServer | undefined;

beforeAll(async () => {
  if (!run) return;
  server = await startFixtureServer();
  ff = await launchFirefox();
  cr = await launchWithExtension();
});
afterAll(async () => {
  await Promise.all([ff?.close(), cr?.close()]);
  await server?.close();
});

async function firefoxTree(url: string, ready: string): Promise<string> {
  if (!ff) throw new Error('Firefox is not started');
  const { page, tabId } = await ff.open(url);
  await page.waitForSelector(ready, { timeout: 15_000 });
  const r = await ff.tool('get_accessibility_tree', WHOLE, { tabId });
  await page.close();
  if (!r.ok) throw new Error(`Firefox tree of ${url}: ${r.error.message}`);
  return TreeResultSchema.parse(r.data).tree;
}

async function chromeTree(url: string, ready: string): Promise<string> {
  if (!cr) throw new Error('Chromium is not started');
  const { page, tabId }: { page: ChromePage; tabId: number } = await cr.open(url);
  await page.waitForSelector(ready, { timeout: 15_000 });
  const r = await cr.tool('get_accessibility_tree', WHOLE, { tabId });
  await page.close();
  if (!r.ok) throw new Error(`Chrome tree of ${url}: ${r.error.message}`);
  return TreeResultSchema.parse(r.data).tree;
}

const found: string[] = [];
const totals: Record<string, number> = {};

describe.skipIf(!run)('the Firefox build reads the same tree as the Chrome build', () => {
  it.each(PAGES)('reads $path in both browsers', { timeout: 120_000 }, async ({ path: p, ready }) => {
    if (!server) throw new Error('no fixture server');
    const url = server.url(p);
    const f = lines(await firefoxTree(url, ready));
    const c = lines(await chromeTree(url, ready));
    expect(f.length, `${p}: Firefox printed no tree`).toBeGreaterThan(3);
    expect(f.filter((l) => l.includes('[ref]')).length, `${p}: Firefox printed no refs`).toBeGreaterThan(0);
    totals[`${p} lines (firefox)`] = f.length;
    totals[`${p} lines (chrome)`] = c.length;
    for (const l of minus(f, c)) found.push(`${p} firefox-only: ${l}`);
    for (const l of minus(c, f)) found.push(`${p} chrome-only: ${l}`);
  });

  it('prints every line like Chrome, or the difference is listed with its reason', () => {
    expect(Object.keys(totals)).toHaveLength(PAGES.length * 2);
    const list = readKnownList(KNOWN_FILE);
    if (process.env.WB_UPDATE_KNOWN === '1') {
      writeKnownList(
        KNOWN_FILE,
        list,
        found,
        totals,
        'Tree lines the Firefox build prints and the Chrome build does not (or the reverse) on the same fixture page, refs blanked; each with its reason. tests/e2e-firefox/tree.e2e.ts',
      );
      return;
    }
    expect(compareWithList(list, found, totals)).toEqual([]);
  });
});
