/**
 * `find`'s score for one candidate (docs/find.md "Ranking"). Pure: words in, number out.
 *
 * - Phrase run: a name (or test id) equal to a contiguous run of query words scores 7 + 3 per
 *   content word in the run, so a multi-word name match beats a one-word one and the name can sit
 *   inside a sentence ("the underline button in the formatting toolbar").
 * - Per content word: in the name 3, in the test id 2 (4 when the element has no name: for an
 *   icon-only control the test id is the label), the role named 2, its own text 1, its row or list
 *   item's text 1. Function words score nothing anywhere.
 * - State bonus: a selected / pressed / checked candidate gets 2, only when it already matched.
 */
import { testIdWords, words, type QueryWords } from './tokens';

export interface Features {
  role: string;
  /** Accessible name as printed. */
  name: string;
  testId: string;
  /** The element's own text, lower-cased (for containers: ''). */
  text: string;
  /** Row or list-item text, lower-cased ('' outside a collection). */
  rowText: string;
  /** On, selected, pressed or checked. */
  on: boolean;
}

export interface Score {
  score: number;
  /** At least one content word hit the name, test id or text (a role word alone is no match). */
  matched: boolean;
}

const RUN_BASE = 7;
const RUN_PER_WORD = 3;

/** The best phrase-run score of `target` (already normalised to space-separated words) in the query. */
function phraseRun(q: QueryWords, target: string): number {
  if (!target) return 0;
  let best = 0;
  const n = q.all.length;
  for (let i = 0; i < n; i++) {
    if (!q.content[i]) continue;
    let run = '';
    let contentWords = 0;
    for (let j = i; j < n; j++) {
      run = j === i ? (q.all[j] ?? '') : `${run} ${q.all[j] ?? ''}`;
      if (run.length > target.length) break;
      if (q.content[j]) contentWords++;
      if (q.content[j] && run === target) best = Math.max(best, RUN_BASE + RUN_PER_WORD * contentWords);
    }
  }
  return best;
}

function has(haystack: string, word: string): boolean {
  return haystack !== '' && haystack.includes(word);
}

export function scoreCandidate(q: QueryWords, f: Features): Score {
  const name = words(f.name).join(' ');
  const tid = f.testId ? testIdWords(f.testId) : '';
  let score = Math.max(phraseRun(q, name), phraseRun(q, tid));
  let hits = 0;
  const tidWeight = name === '' ? 4 : 2;
  for (const w of q.label) {
    let hit = false;
    if (has(name, w)) {
      score += 3;
      hit = true;
    }
    if (has(tid, w)) {
      score += tidWeight;
      hit = true;
    }
    if (has(f.text, w)) {
      score += 1;
      hit = true;
    }
    if (hit) hits++;
    else if (has(f.rowText, w)) score += 1;
  }
  if (q.roles.has(f.role)) score += 2;
  const matched = hits > 0;
  if (!matched) return { score: 0, matched };
  if (f.on) score += 2;
  // Of two equal matches, the one whose name says less besides is the one the query named.
  const extra = Math.max(0, name.split(' ').length - q.label.length);
  score -= Math.min(extra, 20) * 0.05;
  return { score: Math.round(score * 100) / 100, matched };
}
