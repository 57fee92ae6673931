import { describe, expect, it } from 'vitest';
import type { FindPageResult } from './find-contract';
import { fitEntry, formatFind, formatTextSearch, MODEL_TEXT_MAX } from './find-format';
import { parseTreeLine } from './tree-line';

const tools = new Set(['get_accessibility_tree', 'text_search', 'find']);

function result(n: number, nameLength = 10): FindPageResult {
  return {
    query: 'save',
    url: 'https://example.test/',
    candidates: Array.from({ length: n }, (_, i) => ({
      ref: `ref_${i + 1}`,
      line: `button "${'S'.repeat(nameLength)}" [ref_${i + 1}] href="${'/x'.repeat(nameLength)}"`,
      score: 10 - i,
      actionable: i % 2 === 0 ? true : ('covered' as const),
      box: { x: 1, y: 2, width: 3, height: 4 },
      context: `in table "Orders" row "${'r'.repeat(nameLength)}" col "Type"`,
    })),
    matches: n + 3,
    actionableMatches: n,
    topScore: 10,
    ms: 1,
  };
}

describe('formatFind', () => {
  it('prints each candidate as its tree line, best first, and never suggests a position to click', () => {
    const out = formatFind(result(2), { confidenceFloor: 0, tools });
    const lines = out.split('\n');
    expect(lines[0]).toBe('find "save": 2 candidates of 5 matches, best first');
    expect(lines[1]).toMatch(/^1\. button "SSSSSSSSSS" \[ref_1\] .* · score 10 · actionable · box 1,2 3×4 · in table/);
    expect(lines[2]).toMatch(/· covered ·/);
    expect(out).not.toMatch(/click at|coordinates/i);
  });

  it('stays within the budget at 20 long candidates, keeping every listed line parseable with its ref', () => {
    const out = formatFind(result(20, 300), { confidenceFloor: 0, tools });
    expect(out.length).toBeLessThanOrEqual(MODEL_TEXT_MAX);
    const entries = out.split('\n').filter((l) => /^\d+\. /.test(l));
    // Whatever does not fit is counted, never dropped silently.
    expect(entries.length).toBeGreaterThanOrEqual(15);
    if (entries.length < 20) expect(out).toContain(`[${20 - entries.length} more candidate(s) left off to fit`);
    for (const [i, e] of entries.entries()) {
      expect(parseTreeLine(e.replace(/^\d+\. /, '').split(' · ')[0] ?? '')?.ref).toBe(`ref_${i + 1}`);
    }
  });

  it('warns with the tools the model has', () => {
    const none = { ...result(0), matches: 0, actionableMatches: 0, topScore: 0 };
    expect(formatFind(none, { confidenceFloor: 0, tools })).toMatch(/use get_accessibility_tree or text_search/);
    expect(formatFind(none, { confidenceFloor: 0, tools: new Set(['find']) })).toMatch(/use a fresh read of the page/);
    const hidden = { ...result(2), actionableMatches: 0 };
    expect(formatFind(hidden, { confidenceFloor: 0, tools })).toMatch(/no visible candidate: the 5 match\(es\)/);
    expect(formatFind(hidden, { confidenceFloor: 0, tools })).not.toMatch(/scroll/);
    expect(formatFind(result(1), { confidenceFloor: 20, tools })).toMatch(
      /no candidate scored above 20 \(top score: 10\)/,
    );
  });
});

describe('formatFind when every match is hidden or off-screen', () => {
  const offScreen = (n: number): FindPageResult => {
    const r = result(n);
    return {
      ...r,
      actionableMatches: 0,
      candidates: r.candidates.map((c) => ({ ...c, actionable: 'off-screen', box: null })),
    };
  };

  it('all off-screen: says so and that an action by ref, or a scroll, reaches it', () => {
    const out = formatFind(offScreen(2), { confidenceFloor: 0, tools: new Set([...tools, 'scroll', 'click_ax']) });
    expect(out).toContain(
      'warning: no visible candidate: all 5 match(es) are off-screen (scrolled away or clipped). If one is the element you mean, act on its ref (actions scroll it into view) or scroll to it;',
    );
    expect(out).toMatch(/do not act on a position\.$/);
    // Ask mode has no scroll: it is not named.
    expect(formatFind(offScreen(2), { confidenceFloor: 0, tools })).toContain(
      'If one is the element you mean, read it by ref;',
    );
  });

  it('nothing visible but hidden sections hold the words: names the control that opens them, with its ref', () => {
    const none: FindPageResult = {
      ...result(0),
      matches: 0,
      actionableMatches: 0,
      topScore: 0,
      hidden: { count: 2, openers: ['button "Show more replies" [ref_7] {collapsed}'] },
    };
    const act = formatFind(none, { confidenceFloor: 0, tools: new Set([...tools, 'click_ax']) });
    expect(act).toContain(
      'warning: nothing visible matched, but 2 hidden section(s) (collapsed, closed or display:none) contain these words. To show them, click: button "Show more replies" [ref_7] {collapsed}; then find again.',
    );
    expect(act).not.toContain('nothing on the page matched');
    expect(formatFind(none, { confidenceFloor: 0, tools })).toContain('To show them, ask the user to open: button');
    const unnamed = formatFind({ ...none, hidden: { count: 1, openers: [] } }, { confidenceFloor: 0, tools });
    expect(unnamed).toContain('the section, tab or "Show more" that holds them');
  });
});

describe('formatTextSearch', () => {
  it('keeps the true count when the listed matches stop, within the budget', () => {
    const matches = Array.from({ length: 200 }, (_, i) => ({
      ref: `ref_${i + 1}`,
      line: `paragraph [ref_${i + 1}]`,
      snippet: '…the quick brown fox jumps over the lazy dog…',
    }));
    const out = formatTextSearch({ text: 'fox', url: 'u', count: 450, matches, ms: 1 });
    expect(out.length).toBeLessThanOrEqual(MODEL_TEXT_MAX);
    expect(out).toMatch(/^text_search "fox": count 450 \(200 listed\)/);
    expect(out).toMatch(/more match\(es\) not listed .* the count above is complete/);
    expect(formatTextSearch({ text: 'x', url: 'u', count: 0, matches: [], ms: 1 })).toBe(
      'text_search "x": count 0 (not on the page)',
    );
  });
});

describe('fitEntry', () => {
  it('cuts the longest quoted strings inside their quotes', () => {
    const cut = fitEntry(`1. link "${'a'.repeat(200)}" [ref_3] href="/short"`, 80);
    expect(cut.length).toBeLessThanOrEqual(80);
    expect(parseTreeLine(cut.slice(3))?.ref).toBe('ref_3');
  });
});
