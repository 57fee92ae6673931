/**
 * The write half of "reads follow the same origins" and of provenance (issue 24), called once from
 * the approval gate (background/policy/gate.ts `gatePageAction`) for every page action:
 *
 * 1. A write into a frame (or page) whose origin is outside the task's set asks, naming that origin:
 *    a cross-origin frame can report every `input` event to its own server.
 * 2. A write whose text carries something the task read on another origin than the one it writes
 *    to asks, saying where the text was read ("text read on mail.example will be typed into
 *    forum.example"). The user's own task text is never a flow.
 *
 * The destination is the frame the action will reach, resolved from its ref or frameId the way the
 * dispatcher resolves it (route-ref.ts), and its origin is what the browser committed there.
 */
import { quotePageText } from '../../shared/fence';
import { isRecord } from '../../shared/result';
import { decodeBase64 } from '../../shared/tools/upload';
import type { ActionKind } from './approval-rules';
import type { TaskRecord } from '../agent/task/state-store';
import { actingTab } from '../agent/task/task-tabs';
import { findFrame } from '../frames/frame-store';
import { resolveRefTarget } from '../frames/route-ref';
import { flowsInto } from './provenance';
import { approvedFrameOrigins, approveFrameOrigin, framesOf } from './read-gate';
import { contentOrigin, hostOf, mayRead } from './read-scope';

export interface WriteGateContext {
  rec: TaskRecord;
  requestApproval(ask: {
    tool: string;
    args: unknown;
    site: string;
    description: string;
    kind: ActionKind;
  }): Promise<'approve' | 'deny'>;
}

/** Arguments that address the target rather than carry data to it. */
const ADDRESSING = new Set(['ref_id', 'ref', 'frameId', 'selector', 'urlFilter', 'matchIndex']);
const SAMPLE_CAP = 80;

/**
 * What a base64 field hands the page, as text: its printable runs (an uploaded file's content; text
 * read on another site must not pass the provenance check by being encoded).
 */
function decodedText(b64: string): string {
  const bytes = decodeBase64(b64);
  if (!bytes) return b64;
  const latin = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  let utf8 = '';
  try {
    utf8 = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8 (a binary file): its printable ASCII runs still carry text.
  }
  return [utf8, ...(latin.match(/[\x20-\x7e]{4,}/g) ?? [])].join('\n');
}

/** Every string the action hands to the page (typed text, option value, key, a site tool's input, a file's content). */
export function carriedText(args: unknown): string {
  if (!isRecord(args)) return '';
  const out: string[] = [];
  const walk = (v: unknown, depth: number, key: string): void => {
    if (typeof v === 'string') out.push(key === 'base64' ? decodedText(v) : v);
    else if (Array.isArray(v) && depth < 4) for (const x of v) walk(x, depth + 1, key);
    else if (isRecord(v) && depth < 4) for (const [k, x] of Object.entries(v)) walk(x, depth + 1, k);
  };
  for (const [k, v] of Object.entries(args)) if (!ADDRESSING.has(k)) walk(v, 0, k);
  return out.join('\n');
}

/** The Chrome frame the action reaches: its ref's frame, else its frameId, else the page. */
async function destinationFrame(tabId: number, args: unknown): Promise<number> {
  if (!isRecord(args)) return 0;
  const frameId = typeof args.frameId === 'string' ? args.frameId : undefined;
  const ref = typeof args.ref_id === 'string' ? args.ref_id : typeof args.ref === 'string' ? args.ref : undefined;
  if (ref !== undefined) {
    const t = await resolveRefTarget(tabId, ref, frameId);
    return t.ok ? t.data.frameId : 0;
  }
  if (frameId === undefined) return 0;
  const f = await findFrame(tabId, frameId);
  return f.ok ? f.data.frame.chromeFrameId : 0;
}

/** The origin the action's page or frame committed, or null when it has none yet. */
export async function actionOrigin(tabId: number, args: unknown): Promise<string | null> {
  return contentOrigin(await framesOf(tabId), await destinationFrame(tabId, args));
}

function refused(what: string, site: string): string {
  return `REFUSED BY THE USER: the user denied ${quotePageText(what, 240)} on ${quotePageText(site, 200)}. Do not retry this action or look for another way to do it; tell the user it was not done and finish.`;
}

/** Null when the write may go on to the approval rules; else the refusal text for the model. */
export async function gateWrite(name: string, args: unknown, ctx: WriteGateContext): Promise<string | null> {
  const { rec } = ctx;
  const tabId = actingTab(rec);
  const frames = await framesOf(tabId);
  const chromeFrameId = await destinationFrame(tabId, args);
  const dest = contentOrigin(frames, chromeFrameId);
  if (dest === null) return null;
  const host = hostOf(dest);
  const start = rec.origins?.start ?? contentOrigin(frames, 0) ?? 'null';
  const scope = { start, approved: rec.origins?.approved ?? [], frames: await approvedFrameOrigins(rec.taskId) };
  const ask = async (description: string) =>
    (await ctx.requestApproval({ tool: name, args, site: dest, description, kind: 'other' })) === 'approve';
  if (!mayRead(scope, dest)) {
    const where = chromeFrameId === 0 ? `this tab's page on ${host}` : `the embedded frame from ${host}`;
    const what = `Act in ${where}, another site than this task's (${name})? Approving lets the agent read and type into ${host} for this task.`;
    if (!(await ask(what))) return refused(`${name} in ${where}`, dest);
    await approveFrameOrigin(rec.taskId, dest);
  }
  const text = carriedText(args);
  const flow = text === '' ? null : await flowsInto(rec.taskId, text, dest);
  if (!flow) return null;
  const what = `Text read on ${hostOf(flow.from)} will be typed into ${host} (${name}): ${quotePageText(flow.sample, SAMPLE_CAP)}`;
  return (await ask(what)) ? null : refused(`carrying text read on ${hostOf(flow.from)} into ${host}`, dest);
}
