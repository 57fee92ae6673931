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
 * - A name that is nothing but function words ("About", "Sign in" has a content word, "Up") still
 *   matches when a run of the query equals the whole of it ("about page link"): equality with the
 *   whole name is not the accidental overlap the function-word rule exists to ignore.
 * - Compounds: a query word that is two or three adjacent name words written together ("signup"
 *   for "Sign up", "checkout" for "Check out") is a name hit.
 * - A field with no name is labelled by its placeholder, the hint a person reads in it; a named
 *   field's placeholder counts as its text.
 * - Synonyms (tokens.ts: "remove" for "Delete"): a word that hits nothing itself but has a synonym in
 *   the name scores 2, in the test id 1, in the text 0.5.
 * - Live regions (status, alert, log…) are what "the status message" names: the role word alone
 *   matches them.
 * - A form control's `name` / `id` attribute, read as words, scores 1 for a word nothing else hit.
 */
import { LIVE_ROLES, synonymsOf, testIdWords, words, type QueryWords } from './tokens';

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
  /** Its `placeholder` / `aria-placeholder`, lower-cased ('' when none). */
  placeholder?: string;
  /** A form control's `name` and `id` ("coupon gift-wrap"), read as words when needed: '' for other elements. */
  fieldIds?: string;
}

export interface Score {
  score: number;
  /** A content word hit the name, test id or text, or the role and the surrounding section. */
  matched: boolean;
  /**
   * Matched only through synonyms or a live region's role word: ranked after every direct match,
   * disabled or off-screen ones included ("export report" names the disabled Export button, not the
   * Download buttons beside it).
   */
  weak?: boolean;
}

const RUN_BASE = 7;
const RUN_PER_WORD = 3;
/** A run of function words only, equal to the whole name ("about" for link "About"). */
const FUNCTION_RUN_EXACT = 5;
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
      if (contentWords === 0) {
        if (run === target) out.exact = Math.max(out.exact, FUNCTION_RUN_EXACT);
        continue;
      }
      if (run === target) out.exact = Math.max(out.exact, RUN_BASE + RUN_PER_WORD * contentWords);
      else if (contentWords >= 2 && padded.includes(` ${run} `)) out.inside = Math.max(out.inside, 2 * contentWords);
    }
  }
  return out;
}

function has(haystack: string, word: string): boolean {
  return haystack !== '' && haystack.includes(word);
}

/** `word` is one of the words of `text` (space-separated), or its plural. */
function hasWord(text: string, word: string): boolean {
  if (text === '' || !text.includes(word)) return false;
  for (const x of text.split(' ')) if (x === word || x === `${word}s` || x === `${word}es`) return true;
  return false;
}

/** `word` is two or three adjacent words of `name` (space-separated) written together. */
function compound(name: string, word: string): boolean {
  if (name === '' || word.length < 4 || !name.includes(' ')) return false;
  const parts = name.split(' ');
  for (let i = 0; i < parts.length - 1; i++) {
    let joined = parts[i] ?? '';
    for (let k = i + 1; k < Math.min(parts.length, i + 3); k++) {
      joined += parts[k] ?? '';
      if (joined === word) return true;
      if (joined.length >= word.length) break;
    }
  }
  return false;
}

/** `rarity`: extra name weight per query word (find.ts derives it from how many candidates carry it). */
export function scoreCandidate(q: QueryWords, f: Features, rarity?: ReadonlyMap<string, number>): Score {
  // A control with no name is labelled by its placeholder, else by its text (a clickable "Edit"
  // span) when that is short.
  const hint = f.placeholder ?? '';
  const name = words(f.name || hint || (f.text.length <= TEXT_AS_NAME_MAX ? f.text : '')).join(' ');
  const text = f.name && hint ? `${f.text} ${hint}` : f.text;
  let textWords: string | null = null;
  let fieldWords: string | null = null;
  const tid = f.testId ? testIdWords(f.testId) : '';
  const byName = phraseRuns(q, name);
  const byTid = phraseRuns(q, tid);
  let score = Math.max(byName.exact, byTid.exact, byName.inside, byTid.inside);
  let hits = 0;
  let direct = 0;
  let aroundHits = 0;
  const tidWeight = f.name === '' ? 4 : 2;
  const roleHit = q.roles.has(f.role);
  for (const w of q.label) {
    let hit = false;
    if (has(name, w) || compound(name, w)) {
      score += 3 + (rarity?.get(w) ?? 0);
      hit = true;
    }
    if (has(tid, w)) {
      score += tidWeight;
      hit = true;
    }
    if (has(text, w)) {
      score += 1;
      hit = true;
    }
    if (hit) direct++;
    // A field's name / id is what its developer called it: a weak signal, used only when nothing
    // visible matched (a label in another language, a select with no label).
    else if (f.fieldIds && !q.roleWords.has(w) && hasWord((fieldWords ??= testIdWords(f.fieldIds)), w)) {
      score += 1;
      hit = true;
      direct++;
    } else {
      const alt = synonymsOf(w);
      if (alt.some((a) => hasWord(name, a) || compound(name, a))) {
        score += 2;
        hit = true;
      } else if (alt.some((a) => hasWord(tid, a))) {
        score += 1;
        hit = true;
      } else if (alt.length > 0 && alt.some((a) => hasWord((textWords ??= words(text).join(' ')), a))) {
        score += 0.5;
        hit = true;
      }
    }
    if (hit) {
      hits++;
    } else if (has(f.rowText, w)) {
      score += 1;
      aroundHits++;
    } else if (!roleHit || !q.roleWords.has(w)) {
      score -= 1;
    }
  }
  if (roleHit) score += 2;
  // Where it is can only stand in for what it is called when the query also names its role ("counter button").
  const matched =
    hits > 0 || (roleHit && (aroundHits > 0 || LIVE_ROLES.has(f.role))) || byName.exact > 0 || byTid.exact > 0;
  if (!matched) return { score: 0, matched };
  const weak = direct === 0 && aroundHits === 0 && byName.exact === 0 && byTid.exact === 0;
  if (f.on) score += 2;
  // Of two equal matches, the one whose name says less besides is the one the query named.
  const extra = Math.max(0, name.split(' ').length - q.label.length);
  score -= Math.min(extra, 20) * 0.05;
  return { score: Math.round(Math.max(score, 0.01) * 100) / 100, matched, weak };
}
