/**
 * The hard-to-undo vocabulary: words on a control whose activation moves money, sends something to
 * other people, publishes, deletes, or grants access. Matched on the element's accessible name (the
 * tree's own accname computation), as a person reading the control would judge it.
 *
 * Latin-script stems match at the start of a word and take any ending ("delet" → delete, deleted,
 * deleting), so inflections need no list of their own; short or ambiguous words are whole-word only
 * ("post" must not catch "postcode", "pay" not "payments help"). Japanese and Chinese have no word
 * breaks, so their words match anywhere in the name.
 */

import { VOCABULARY, type Language, type Vocabulary } from './hard-to-undo-words';
import { collapse } from '../../shared/text';

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// A word starts where no letter or digit precedes it (Unicode-aware, so "Einkaufswagen" is not "kauf…").
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';

function compile(v: Vocabulary): RegExp {
  const parts: string[] = [];
  if (v.stems.length) parts.push(`${START}(?:${v.stems.map(escape).join('|')})`);
  if (v.words.length) parts.push(`${START}(?:${v.words.map(escape).join('|')})${END}`);
  if (v.anywhere?.length) parts.push(`(?:${v.anywhere.map(escape).join('|')})`);
  return new RegExp(parts.join('|'), 'iu');
}

export const LANGUAGES: readonly Language[] = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'ja', 'zh'];
const COMPILED: readonly [Language, RegExp][] = LANGUAGES.map((lang) => [lang, compile(VOCABULARY[lang])]);

/** The first hard-to-undo word in `text` and its language, or null. */
export function hardToUndo(text: string): { word: string; lang: Language } | null {
  // NFC so a decomposed "lo\u0308schen" matches "löschen".
  const t = collapse(text.normalize('NFC'));
  for (const [lang, re] of COMPILED) {
    const m = re.exec(t);
    if (m) return { word: m[0], lang };
  }
  return null;
}
