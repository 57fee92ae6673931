/**
 * The numbered entries of a `find` or `text_search` result (shared/find-format.ts), for the panel's
 * readable card: each entry's tree line, its ref and the rest (score, actionable, context).
 */
import { unfence } from '../../shared/fence';
import { parseTreeLine } from '../../shared/tree-line';

export const FIND_TOOLS: ReadonlySet<string> = new Set(['find', 'text_search']);

export interface FindEntry {
  line: string;
  ref: string;
  rest: string;
}

export function findEntries(result: string): { head: string; entries: FindEntry[]; notes: string[] } {
  const lines = unfence(result).split('\n');
  const entries: FindEntry[] = [];
  const notes: string[] = [];
  for (const l of lines.slice(1)) {
    const m = /^\d+\. (.*?) · (.*)$/.exec(l);
    const ref = m?.[1] !== undefined ? parseTreeLine(m[1])?.ref : undefined;
    if (m?.[1] !== undefined && m[2] !== undefined && ref) entries.push({ line: m[1], ref, rest: m[2] });
    else if (l.trim() !== '' && !l.startsWith('<')) notes.push(l);
  }
  return { head: lines[0] ?? '', entries, notes };
}
