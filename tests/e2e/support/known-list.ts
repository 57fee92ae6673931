/**
 * Known-failure lists (tests/known-failures/*.json): every disagreement we know of, each with the
 * reason it is accepted, plus the totals it was measured over. A ratio can improve by measuring
 * less (a dropped ref that disagreed raises it); a list cannot: a new entry fails, an entry that no
 * longer occurs must be removed ("fixed: remove from list"), and the totals must match exactly.
 * WB_UPDATE_KNOWN=1 rewrites the list from the run, keeping the reasons already written; a new
 * entry gets an empty reason, which fails until someone writes one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

const KnownList = z.object({
  note: z.string().optional(),
  totals: z.record(z.string(), z.number()),
  known: z.record(z.string(), z.string()),
});
export type KnownList = z.infer<typeof KnownList>;

export function readKnownList(file: string): KnownList {
  if (!existsSync(file)) return { totals: {}, known: {} };
  return KnownList.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The problems that make the run disagree with the list; empty when they match. */
export function compareWithList(list: KnownList, found: readonly string[], totals: Record<string, number>): string[] {
  const problems: string[] = [];
  const seen = new Set(found);
  for (const id of seen) if (!(id in list.known)) problems.push(`new: ${id}`);
  for (const [id, reason] of Object.entries(list.known)) {
    if (!seen.has(id)) problems.push(`fixed: remove from list: ${id}`);
    else if (reason.trim() === '') problems.push(`no reason given: ${id}`);
  }
  const keys = new Set([...Object.keys(list.totals), ...Object.keys(totals)]);
  for (const k of [...keys].sort()) {
    if (list.totals[k] !== totals[k]) {
      problems.push(`total ${k} is ${totals[k] ?? 'absent'}, the list says ${list.totals[k] ?? 'absent'}`);
    }
  }
  return problems;
}

export function writeKnownList(
  file: string,
  list: KnownList,
  found: readonly string[],
  totals: Record<string, number>,
  note: string,
): void {
  const known: Record<string, string> = {};
  for (const id of [...new Set(found)].sort()) known[id] = list.known[id] ?? '';
  writeFileSync(file, `${JSON.stringify({ note, totals, known }, null, 2)}\n`);
}
