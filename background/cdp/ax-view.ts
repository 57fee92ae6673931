/**
 * Chrome's accessibility records (shared/cdp-ax-records.ts) printed in the page tree's grammar
 * (shared/tree-line.ts): the same quoting, role and state short forms (shared/tree-print.ts), the same
 * `[ref_N]`, the same inline text run (`listitem: "Apples"`) and the same paging (paging.ts).
 *
 * `query` keeps at most 12 matching records: each record scores the number of query terms found in
 * its role, name, value and states; when some record has every term, partial matches are left out.
 * Each kept record brings its ancestor chain (so the indentation still reads as a tree), and a match
 * inside a table row or list item brings that whole item, so its sibling cells come along.
 */
import type { AxRecord } from '../../shared/cdp-ax-records';
import { cap, lineStates, printLine, type PrintableLine } from '../../shared/tree-print';
import { DEFAULT_MAX_TEXT_CHARS } from '../../shared/tree-options';

export const MAX_QUERY_RECORDS = 12;
/** Long names and values are cut like the page tree's default maxTextChars. */
const MAX_TEXT = DEFAULT_MAX_TEXT_CHARS;
export const NO_MATCH = '(no accessible match)';
const ITEM_ROLES: ReadonlySet<string> = new Set(['row', 'listitem']);

function capText(s: string): string {
  return cap(s, { limit: MAX_TEXT, cut: 0 });
}

export interface QueryResult {
  /** Indices into the records, in document order. */
  keep: number[];
  matches: number;
}

function terms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))];
}

export function queryRecords(records: readonly AxRecord[], query: string): QueryResult {
  const words = terms(query);
  const scored: { i: number; score: number }[] = [];
  records.forEach((r, i) => {
    const hay = `${r.role} ${r.name} ${r.value} ${r.states.join(' ')}`.toLowerCase();
    let score = 0;
    for (const w of words) if (hay.includes(w)) score++;
    if (score > 0) scored.push({ i, score });
  });
  const full = scored.filter((s) => s.score === words.length);
  const pool = full.length > 0 ? full : scored.sort((a, b) => b.score - a.score || a.i - b.i);
  const picked = pool.slice(0, MAX_QUERY_RECORDS).map((s) => s.i);
  const keep = new Set<number>();
  for (const i of picked) {
    let item = -1;
    for (let a = i; a >= 0; a = records[a]?.parent ?? -1) {
      keep.add(a);
      if (item < 0 && ITEM_ROLES.has(records[a]?.role ?? '')) item = a;
    }
    if (item >= 0) {
      const depth = records[item]?.depth ?? 0;
      for (let j = item + 1; j < records.length && (records[j]?.depth ?? 0) > depth; j++) keep.add(j);
    }
  }
  return { keep: [...keep].sort((a, b) => a - b), matches: picked.length };
}

/**
 * One record's line, `role "name" [ref_N] value="…" {states}`, for `printLine`; a text run with no
 * other part prints as its bare quoted string (docs/tree.md#the-line-grammar).
 */
function recordLine(r: AxRecord, ref: string | undefined, indent: number): PrintableLine {
  return {
    indent,
    role: r.role,
    ...(r.name !== '' ? { name: capText(r.name) } : {}),
    ...(ref !== undefined ? { ref } : {}),
    ...(r.value !== '' && r.value !== r.name ? { attrs: { value: capText(r.value) } } : {}),
    states: lineStates(r.ax, r.role, r.editable),
  };
}

/**
 * Lines for the records at `indices` (document order; a subset closed under parents), with their
 * refs. A node whose one kept child is a bare text run prints it inline, as the page tree does.
 */
export function renderRecords(
  records: readonly AxRecord[],
  indices: readonly number[],
  refOf: (backendId: number) => string | undefined,
): string[] {
  const kept = new Set(indices);
  const childCount = new Map<number, number>();
  for (const i of indices) {
    const p = records[i]?.parent ?? -1;
    if (p >= 0 && kept.has(p)) childCount.set(p, (childCount.get(p) ?? 0) + 1);
  }
  const lines: string[] = [];
  const depthOf = new Map<number, number>();
  let skip = -1;
  for (const i of indices) {
    if (i === skip) continue;
    const r = records[i];
    if (!r) continue;
    const parentDepth = depthOf.get(r.parent);
    const depth = parentDepth === undefined ? 0 : parentDepth + 1;
    depthOf.set(i, depth);
    const ref = r.actionable && r.backendId !== undefined ? refOf(r.backendId) : undefined;
    const line = recordLine(r, ref, depth);
    const next = records[i + 1];
    if (
      childCount.get(i) === 1 &&
      r.role !== 'text' &&
      next?.parent === i &&
      kept.has(i + 1) &&
      next.role === 'text' &&
      !childCount.has(i + 1)
    ) {
      line.text = capText(next.name);
      skip = i + 1;
    }
    lines.push(printLine(line));
  }
  return lines;
}
