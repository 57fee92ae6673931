/**
 * `find`'s score for one candidate (docs/find.md "Ranking"). Pure: words in, number out.
 *
 * - Phrase run: a name (or test id) equal to a contiguous run of query words scores 7 + 3 per
 *   content word in the run, so a multi-word name match beats a one-word one and the name can sit
 *   inside a sentence ("the underline button in the formatting toolbar"). A run of two or more
 *   content words found inside a longer name scores 2 per word.
 * - Per content word: in the name 3 (plus a rarity bonus: a word few candidates carry, such as an
 *   order number, says more than one every row carries), in the test id 2 (4 when the element has no
 *   name: for an icon-only control the test id is the label), the role named 2, its own text 1, its
 *   row, list item or section name 1. A word that hits nothing costs 1. Function words score
 *   nothing anywhere.
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
  /** Row, list-item or enclosing section text, lower-cased ('' when none). */
  rowText: string;
  /** On, selected, pressed or checked. */
  on: boolean;
}

export interface Score {
  score: number;
  /** A content word hit the name, test id or text, or the role and the surrounding section. */
  matched: boolean;
}

const RUN_BASE = 7;
const RUN_PER_WORD = 3;
const TEXT_AS_NAME_MAX = 80;

interface RunScore {
  exact: number;
  inside: number;
}

/** The best phrase-run scores of `target` (space-separated words) against runs of query words. */
function phraseRuns(q: QueryWords, target: string): RunScore {
  const out: RunScore = { exact: 0, inside: 0 };
  if (!target) return out;
  const padded = ` ${target} `;
  const n = q.all.length;
  for (let i = 0; i < n; i++) {
    let run = '';
    let contentWords = 0;
    for (let j = i; j < n; j++) {
      run = j === i ? (q.all[j] ?? '') : `${run} ${q.all[j] ?? ''}`;
      if (run.length > target.length) break;
      if (q.content[j]) contentWords++;
      if (contentWords === 0) continue;
      if (run === target) out.exact = Math.max(out.exact, RUN_BASE + RUN_PER_WORD * contentWords);
      else if (contentWords >= 2 && padded.includes(` ${run} `)) out.inside = Math.max(out.inside, 2 * contentWords);
    }
  }
  return out;
}

function has(haystack: string, word: string): boolean {
  return haystack !== '' && haystack.includes(word);
}

/** `rarity`: extra name weight per query word (find.ts derives it from how many candidates carry it). */
export function scoreCandidate(q: QueryWords, f: Features, rarity?: ReadonlyMap<string, number>): Score {
  // A control with no name is labelled by its text (a clickable "Edit" span), when that is short.
  const name = words(f.name || (f.text.length <= TEXT_AS_NAME_MAX ? f.text : '')).join(' ');
  const tid = f.testId ? testIdWords(f.testId) : '';
  const byName = phraseRuns(q, name);
  const byTid = phraseRuns(q, tid);
  let score = Math.max(byName.exact, byTid.exact, byName.inside, byTid.inside);
  let hits = 0;
  let aroundHits = 0;
  const tidWeight = f.name === '' ? 4 : 2;
  const roleHit = q.roles.has(f.role);
  for (const w of q.label) {
    let hit = false;
    if (has(name, w)) {
      score += 3 + (rarity?.get(w) ?? 0);
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
    else if (has(f.rowText, w)) {
      score += 1;
      aroundHits++;
    } else if (!roleHit || !q.roleWords.has(w)) {
      score -= 1;
    }
  }
  if (roleHit) score += 2;
  // Where it is can only stand in for what it is called when the query also names its role ("counter button").
  const matched = hits > 0 || (roleHit && aroundHits > 0);
  if (!matched) return { score: 0, matched };
  if (f.on) score += 2;
  // Of two equal matches, the one whose name says less besides is the one the query named.
  const extra = Math.max(0, name.split(' ').length - q.label.length);
  score -= Math.min(extra, 20) * 0.05;
  return { score: Math.round(Math.max(score, 0.01) * 100) / 100, matched };
}
