/**
 * Records a task's page actions as workflow steps while it runs (issue 30): an action on a ref has
 * the ref described by meaning (describe-ref.ts), by the action's own page call before it acts
 * (page-place.ts), because after the task the page may have moved on and the ref mean nothing. Reads are not recorded: a replay does not need to look, only to
 * find its targets and check what changed. The recording lives in chrome.storage.session beside the
 * task record (it holds typed text: kept off disk until the user saves it as a workflow).
 */
import { z } from 'zod';
import {
  describeTarget,
  SECRET_PARAM,
  WorkflowStepSchema,
  type WorkflowStep,
  type WorkflowTarget,
} from '../../shared/workflow';
import { isRecord } from '../../shared/result';
import { originOf } from '../policy/trusted-sites';
import { askStepPlace, dropStepPlace, takeStepPlace, type StepPlace } from './describe-ref';

const RecordingSchema = z.object({
  taskId: z.string(),
  task: z.string(),
  status: z.optional(z.string()),
  steps: z.array(WorkflowStepSchema),
});
export type Recording = z.infer<typeof RecordingSchema>;

const key = (tabId: number) => `wb.wfrec.${tabId}`;

export interface PendingStep {
  /** The acted-on ref's description, asked of the action's own page call. */
  place?: StepPlace;
  urlBefore: string | undefined;
}

async function tabUrl(tabId: number): Promise<string | undefined> {
  try {
    return (await chrome.tabs.get(tabId)).url;
  } catch {
    return undefined;
  }
}

/** origin + path: what a step's outcome check compares (queries and fragments vary run to run). */
export function pageOf(url: string | undefined): string | undefined {
  try {
    if (!url) return undefined;
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return undefined;
  }
}

export async function loadRecording(tabId: number): Promise<Recording | null> {
  const raw: Record<string, unknown> = await chrome.storage.session.get(key(tabId));
  const p = RecordingSchema.safeParse(raw[key(tabId)]);
  return p.success ? p.data : null;
}

/**
 * Called before an action runs: asks the action's page call to describe its ref while the ref still
 * means the element (no page call of its own: page-place.ts).
 */
export async function beginStep(tabId: number, args: unknown): Promise<PendingStep> {
  const ref = isRecord(args) && typeof args.ref_id === 'string' ? args.ref_id : undefined;
  const [place, urlBefore] = await Promise.all([ref ? askStepPlace(tabId, ref) : null, tabUrl(tabId)]);
  return { ...(place ? { place } : {}), urlBefore };
}

/** Called when the action failed: nothing is recorded, and its ask ends. */
export function abandonStep(pending: PendingStep): void {
  if (pending.place) dropStepPlace(pending.place);
}

function intentOf(tool: string, args: Record<string, unknown>, target: WorkflowTarget | undefined): string {
  const text = typeof args.text === 'string' ? ` "${args.text.slice(0, 80)}"` : '';
  const url = typeof args.url === 'string' ? ` ${args.url.slice(0, 200)}` : '';
  return `${tool}${text}${target ? ` on ${describeTarget(target)}` : ''}${url}`.slice(0, 400);
}

/** Called after an action succeeded: appends it to the tab's recording for this task. */
export async function endStep(
  tabId: number,
  task: { taskId: string; task: string },
  tool: string,
  args: unknown,
  pending: PendingStep,
): Promise<void> {
  const target = pending.place ? ((await takeStepPlace(tabId, pending.place)) ?? undefined) : undefined;
  const rest: Record<string, unknown> = {};
  // The ref and frame are this page load's; the target carries them by meaning instead.
  if (isRecord(args)) for (const [k, v] of Object.entries(args)) if (k !== 'ref_id' && k !== 'frameId') rest[k] = v;
  // A password is never written down: the saved workflow asks for it at each run.
  if (target?.secret && typeof rest.text === 'string') rest.text = `{{${SECRET_PARAM}}}`;
  const after = pageOf(await tabUrl(tabId));
  const step: WorkflowStep = {
    tool,
    args: rest,
    ...(target ? { target } : {}),
    origin: target?.frameOrigin ?? originOf(pending.urlBefore),
    intent: intentOf(tool, rest, target),
    ...(after && after !== pageOf(pending.urlBefore) ? { outcome: { url: after } } : {}),
  };
  const prev = await loadRecording(tabId);
  const steps = prev?.taskId === task.taskId ? [...prev.steps, step] : [step];
  await chrome.storage.session.set({ [key(tabId)]: { taskId: task.taskId, task: task.task, steps } });
}

/** Marks the tab's recording with how its task ended (only a task that ended well can be saved). */
export async function noteTaskEnded(tabId: number, taskId: string, status: string): Promise<void> {
  const prev = await loadRecording(tabId);
  if (prev?.taskId !== taskId) return;
  await chrome.storage.session.set({ [key(tabId)]: { ...prev, status } });
}
