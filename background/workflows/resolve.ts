/**
 * Finds a workflow step's element again on today's page (issue 30), with no model: `find` with the
 * stored name, then only candidates whose tree line has the same role and name; several left are
 * told apart by the stored collection context, then by heading and landmark (target_place). One
 * match or nothing: an ambiguous target is never guessed, it goes to the healer.
 */
import type { FindPageCandidate } from '../../shared/find-schemas';
import { FindPageResultSchema } from '../../shared/find-schemas';
import { FIND_MAX_CANDIDATES } from '../../shared/find-contract';
import { collapse } from '../../shared/text';
import { isPrintedHeading } from '../../shared/tree-print';
import { parseTreeLine } from '../../shared/tree-line';
import type { WorkflowTarget } from '../../shared/workflow';
import { sendToContent } from '../content-bridge';
import { checkReply } from '../page-call';
import { describeRef } from './describe-ref';

export type Resolution = { kind: 'found'; ref: string } | { kind: 'missing' | 'ambiguous'; detail: string };

const norm = (s: string): string => collapse(s).trim().toLowerCase();

function sameName(shown: string | undefined, stored: string): boolean {
  const a = norm(shown ?? '');
  const b = norm(stored);
  // A long name is cut with an ellipsis in a line (tree-print cap): its shown part must lead the stored one.
  if (a.endsWith('…')) return b.startsWith(a.slice(0, -1));
  return a === b;
}

function sameRole(shown: string, stored: string): boolean {
  return shown === stored || (isPrintedHeading(shown) && stored === 'heading');
}

/** Exact role and name matches among find's candidates (pure; unit-tested). */
export function exactMatches(candidates: readonly FindPageCandidate[], target: WorkflowTarget): FindPageCandidate[] {
  return candidates.filter((c) => {
    const line = parseTreeLine(c.line.trim());
    return line !== null && sameRole(line.role, target.role) && sameName(line.name, target.name);
  });
}

async function narrowByPlace(tabId: number, refs: string[], target: WorkflowTarget): Promise<string[]> {
  if (!target.heading && !target.landmark) return refs;
  const kept: string[] = [];
  for (const ref of refs.slice(0, 6)) {
    const d = await describeRef(tabId, ref);
    if (d && d.heading === target.heading && d.landmark === target.landmark) kept.push(ref);
  }
  return kept;
}

export async function resolveTarget(tabId: number, target: WorkflowTarget): Promise<Resolution> {
  const query = target.name || target.role;
  const reply = await sendToContent(tabId, {
    type: 'tool',
    tool: 'find',
    args: { query: query.slice(0, 200), maxCandidates: FIND_MAX_CANDIDATES },
  });
  const found = checkReply(reply, FindPageResultSchema, 'find result');
  if (!found.ok) return { kind: 'missing', detail: found.error.message };
  let matches = exactMatches(found.data.candidates, target);
  if (matches.length === 0) return { kind: 'missing', detail: `no ${target.role} named "${target.name}" on the page` };
  if (matches.length > 1 && target.context) {
    const inContext = matches.filter((c) => c.context === target.context);
    if (inContext.length > 0) matches = inContext;
  }
  let refs = matches.map((c) => c.ref);
  if (refs.length > 1) refs = await narrowByPlace(tabId, refs, target);
  const [only] = refs;
  if (refs.length === 1 && only) return { kind: 'found', ref: only };
  return {
    kind: refs.length === 0 ? 'missing' : 'ambiguous',
    detail: `${matches.length} ${target.role} elements named "${target.name}"; none or several in the stored place`,
  };
}
