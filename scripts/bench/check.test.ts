import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkTargets, KNOWN_TOKEN_PAGES_FILE, summarize, TARGETS, type PageRow } from './check.mjs';

const page = (name: string, tokenRatio: number): PageRow => ({
  page: name,
  elements: 100,
  oursWorkerMs: 1,
  oursMs: 1,
  playwrightMs: 10,
  workerRatio: 0.1,
  oursUncutTokens: Math.round(tokenRatio * 1000),
  playwrightTokens: 1000,
  tokenRatio,
});

const tokenRows = (pages: PageRow[], known: Record<string, string> = {}) =>
  checkTargets(summarize(pages), pages, known).filter((r) => r.name.startsWith('tokenRatio '));

describe('the per-page token target (issue 26)', () => {
  test('is 0.6 and the worst page is summarized', () => {
    expect(TARGETS.tokenRatioPage).toBe(0.6);
    expect(summarize([page('a', 0.4), page('b', 0.66)]).worstTokenRatio).toBe(0.66);
  });

  test('each page is checked against it: a page above it is missed', () => {
    const rows = tokenRows([page('a', 0.4), page('b', 0.66)]);
    expect(rows.map((r) => [r.name, r.ok])).toEqual([
      ['tokenRatio a', true],
      ['tokenRatio b', false],
    ]);
  });

  test('a listed page above it is known, with its reason, and does not fail --check', () => {
    const [row] = tokenRows([page('b', 0.66)], { b: 'text-dominated' });
    expect(row).toMatchObject({ ok: true, known: 'text-dominated' });
    expect(row?.what).toContain(`known: ${KNOWN_TOKEN_PAGES_FILE}`);
  });

  test('a listed page that now meets it fails until it leaves the list (a ratchet)', () => {
    const [row] = tokenRows([page('b', 0.55)], { b: 'text-dominated' });
    expect(row?.ok).toBe(false);
    expect(row?.what).toContain(`remove it from ${KNOWN_TOKEN_PAGES_FILE}`);
  });

  test('the committed list names bench pages, each with a reason', () => {
    const file = path.resolve(import.meta.dirname, '../..', KNOWN_TOKEN_PAGES_FILE);
    const list: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const known =
      typeof list === 'object' && list !== null && 'known' in list && typeof list.known === 'object'
        ? list.known
        : null;
    expect(known).not.toBeNull();
    for (const [name, reason] of Object.entries(known ?? {})) {
      expect(name).toMatch(/^(tree|synthetic)-/);
      expect(String(reason).trim().length).toBeGreaterThan(40);
    }
  });
});
