/**
 * Finds a workflow step's element again on today's page (issue 30), with no model: `find` with the
 * stored name, then only candidates whose tree line has the same role and name; several left are
 * told apart by the stored collection context, then by heading and landmark (target_place). One
 * match or nothing: an ambiguous target is never guessed, it goes to the healer. A target recorded in
 * a child frame is searched in the live frames of its stored origin (framesFor).
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
import { MAIN_FRAME_ID } from '../frames/frame-ids';
import { syncFrames, type BrowserFrame } from '../frames/frame-store';
import { qualifyRef } from '../frames/qualified-ref';
import { originOf } from '../policy/trusted-sites';

/** Frames of the stored origin searched for one target (a page rarely embeds one site more often). */
const MAX_FRAMES = 4;

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

export interface SearchFrame {
  chromeFrameId: number;
  /** Our id: `f0` the page, `f2` a child (refs found there are qualified with it). */
  id: string;
}

/**
 * The frames a target may be in: the page for a target recorded there; for one recorded in a child
 * frame, the live child frames of its stored origin (the one with its stored id first). Only that
 * origin: it is one the workflow lists, which the user approved (shared/workflow.ts parseWorkflow).
 */
export function framesFor(target: WorkflowTarget, frames: readonly BrowserFrame[]): SearchFrame[] {
  if (!target.frame || target.frame === MAIN_FRAME_ID || !target.frameOrigin) return [{ chromeFrameId: 0, id: 'f0' }];
  return frames
    .filter((f) => f.parent !== null && !f.errorOccurred && originOf(f.url) === target.frameOrigin)
    .sort((a, b) => Number(b.id === target.frame) - Number(a.id === target.frame))
    .slice(0, MAX_FRAMES)
    .map((f) => ({ chromeFrameId: f.chromeFrameId, id: f.id }));
}

/** find's exact matches in one frame, their refs qualified with the frame's id. */
async function matchesIn(tabId: number, frame: SearchFrame, target: WorkflowTarget): Promise<FindPageCandidate[]> {
  const query = target.name || target.role;
  const reply = await sendToContent(
    tabId,
    { type: 'tool', tool: 'find', args: { query: query.slice(0, 200), maxCandidates: FIND_MAX_CANDIDATES } },
    frame.chromeFrameId,
  );
  const found = checkReply(reply, FindPageResultSchema, 'find result');
  if (!found.ok) return [];
  return exactMatches(found.data.candidates, target).map((c) => ({ ...c, ref: qualifyRef(frame.id, c.ref) }));
}

/** Whether the target was recorded in a child frame (then only frames of its stored origin are searched). */
export function inChildFrame(target: WorkflowTarget): boolean {
  return target.frame !== undefined && target.frame !== MAIN_FRAME_ID;
}

/** The live frames `target` may be in now (framesFor over the tab's frames); the resolver and the healer read these. */
export async function targetFrames(tabId: number, target: WorkflowTarget): Promise<SearchFrame[]> {
  const live = inChildFrame(target) ? await syncFrames(tabId) : null;
  return framesFor(target, live?.ok ? live.data : []);
}

export async function resolveTarget(tabId: number, target: WorkflowTarget): Promise<Resolution> {
  const inChild = inChildFrame(target);
  const frames = await targetFrames(tabId, target);
  if (frames.length === 0)
    return { kind: 'missing', detail: `no frame of ${target.frameOrigin ?? 'its site'} on the page now` };
  let matches: FindPageCandidate[] = [];
  for (const f of frames) matches = [...matches, ...(await matchesIn(tabId, f, target))];
  const where = inChild ? ` in a frame of ${target.frameOrigin ?? ''}` : '';
  if (matches.length === 0)
    return { kind: 'missing', detail: `no ${target.role} named "${target.name}" on the page${where}` };
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
    detail: `${matches.length} ${target.role} elements named "${target.name}"${where}; none or several in the stored place`,
  };
}
