/**
 * What the model reads back from `find` and `text_search`: one numbered line per result, each
 * starting with the element's tree line, within MODEL_TEXT_MAX characters whatever the counts (a
 * long name is cut inside its quotes, and results that do not fit are counted, never dropped
 * silently). Warnings name only tools the model has. Never a coordinate to click: the box is
 * evidence of where the element is, not a suggestion.
 */
import type { FindPageResult, TextSearchPageResult } from './find-contract';
import { quote } from './tree-print';

export const MODEL_TEXT_MAX = 2_500;
const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const ENTRY_MIN = 90;

function unquote(q: string): string {
  return q.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** Shortens the longest quoted strings of an entry (keeping them valid) until it fits `max`. */
export function fitEntry(entry: string, max: number): string {
  let out = entry;
  for (let guard = 0; out.length > max && guard < 24; guard++) {
    let longest = '';
    for (const m of out.matchAll(QUOTED)) if (m[0].length > longest.length) longest = m[0];
    const inner = unquote(longest);
    if (inner.length <= 8) break;
    const keep = Math.max(6, inner.length - (out.length - max) - 2);
    out = out.replace(longest, quote(`${inner.slice(0, Math.min(keep, inner.length - 4))}…`));
  }
  return out;
}

function boxText(b: { x: number; y: number; width: number; height: number } | null): string {
  return b ? `box ${b.x},${b.y} ${b.width}×${b.height}` : 'no visible box';
}

/** Fills numbered entries into the budget; the rest are counted in a last line. */
function fill(head: string, entries: string[], tail: string[], more: (shown: number) => string): string {
  const fixed = head.length + tail.reduce((n, t) => n + t.length + 1, 0) + 120;
  const room = MODEL_TEXT_MAX - fixed;
  const per = Math.max(ENTRY_MIN, Math.floor(room / Math.max(1, entries.length)));
  const lines: string[] = [head];
  let used = 0;
  let shown = 0;
  for (const e of entries) {
    const fitted = fitEntry(e, per);
    if (used + fitted.length + 1 > room) break;
    lines.push(fitted);
    used += fitted.length + 1;
    shown++;
  }
  if (shown < entries.length) lines.push(more(shown));
  lines.push(...tail);
  return lines.join('\n');
}

function toolList(names: readonly string[], available: ReadonlySet<string>): string {
  const have = names.filter((n) => available.has(n));
  return have.length > 0 ? have.join(' or ') : 'a fresh read of the page';
}

export interface FindFormatOptions {
  confidenceFloor: number;
  /** Tools the model has now, so warnings name only those. */
  tools: ReadonlySet<string>;
}

/** Nothing visible matched, but hidden sections hold the words: what opens them. */
function hiddenWarning(hidden: NonNullable<FindPageResult['hidden']>, tools: ReadonlySet<string>): string {
  const head = `warning: nothing visible matched, but ${hidden.count} hidden section(s) (collapsed, closed or display:none) contain these words.`;
  const act = tools.has('click_ax') ? 'click' : 'ask the user to open';
  if (hidden.openers.length > 0) return `${head} To show them, ${act}: ${hidden.openers.join('; ')}; then find again.`;
  return `${head} To show them, ${act} the section, tab or "Show more" that holds them (read the page to find it); then find again.`;
}

export function formatFind(r: FindPageResult, o: FindFormatOptions): string {
  const n = r.candidates.length;
  const head =
    n === 0
      ? `find ${quote(r.query)}: no candidates`
      : `find ${quote(r.query)}: ${n} candidate${n === 1 ? '' : 's'} of ${r.matches} match${r.matches === 1 ? '' : 'es'}, best first`;
  const entries = r.candidates.map((c, i) => {
    const state = c.actionable === true ? 'actionable' : c.actionable;
    let e = `${i + 1}. ${c.line} · score ${c.score} · ${state} · ${boxText(c.box)}`;
    if (c.context) e += ` · ${c.context}`;
    if (c.rowText) e += ` · row text ${quote(c.rowText)}`;
    if (c.unprinted) e += ' · not in the tree (test id)';
    return e;
  });
  const tail: string[] = [];
  const reread = toolList(['get_accessibility_tree', 'text_search'], o.tools);
  if (r.matches === 0 && r.hidden) {
    tail.push(hiddenWarning(r.hidden, o.tools));
  } else if (r.matches === 0) {
    tail.push(
      `warning: nothing on the page matched. Try other words (the visible label, or the test id), or use ${reread}.`,
    );
  } else if (n > 0 && r.actionableMatches === 0 && r.candidates.every((c) => c.actionable === 'off-screen')) {
    // Scrolled away or clipped, not covered or disabled: the element may well be the right one.
    const reach = o.tools.has('scroll')
      ? 'act on its ref (actions scroll it into view) or scroll to it'
      : 'read it by ref';
    tail.push(
      `warning: no visible candidate: all ${r.matches} match(es) are off-screen (scrolled away or clipped). If one is the element you mean, ${reach}; otherwise re-query with other words or use ${reread}; do not act on a position.`,
    );
  } else if (r.actionableMatches === 0 || n === 0) {
    tail.push(
      `warning: no visible candidate: the ${r.matches} match(es) are off-screen, covered or disabled, which usually means the wrong element matched. Re-query with other words or use ${reread}; do not act on a position.`,
    );
  }
  if (o.confidenceFloor > 0 && r.topScore < o.confidenceFloor) {
    tail.push(
      `warning: no candidate scored above ${o.confidenceFloor} (top score: ${r.topScore}); read the page with ${toolList(['get_accessibility_tree'], o.tools)} instead.`,
    );
  }
  return fill(
    head,
    entries,
    tail,
    (shown) => `[${n - shown} more candidate(s) left off to fit; ask with a smaller maxCandidates]`,
  );
}

export function formatTextSearch(r: TextSearchPageResult): string {
  const head =
    r.count === 0
      ? `text_search ${quote(r.text)}: count 0 (not on the page)`
      : `text_search ${quote(r.text)}: count ${r.count}${r.matches.length < r.count ? ` (${r.matches.length} listed)` : ''}`;
  const entries = r.matches.map((m, i) => {
    let e = `${i + 1}. ${m.line} · ${quote(m.snippet)}`;
    if (m.visible !== undefined) e += m.visible ? ` · visible · ${boxText(m.box ?? null)}` : ' · off-screen';
    if (m.context) e += ` · ${m.context}`;
    return e;
  });
  return fill(
    head,
    entries,
    [],
    (shown) =>
      `[${r.count - shown} more match(es) not listed to fit ${MODEL_TEXT_MAX} characters; the count above is complete. Narrow with ref_id or longer text.]`,
  );
}
