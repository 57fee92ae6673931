/**
 * The agent loop's side of plan first, `ask_user` and take over (docs/long-tasks.md). Called from
 * tool-exec.ts and runner.ts in a line or two each. What the user typed (an answer, an edited plan)
 * reaches the model unfenced: it is the user speaking. The plan and the question are model text
 * and are shown to the user as plain text, never as markup.
 */
import type { ModelMessage } from 'ai';
import { planOrigins, planText } from '../../../shared/plan-first';
import type { Plan } from '../../../shared/protocol/handover';
import { AskUserArgsSchema, ProposePlanArgsSchema, USER_TOOL_NAMES } from '../../tools/user-tools';
import { conversationOf, emit } from './event-hub';
import { onOriginsChanged } from '../../policy/navigation-guard';
import { approveOrigin, approvePlanSites, startOrigins } from '../../policy/origin-policy';
import { saveTask, type TaskRecord } from './state-store';
import { takeOverRequested, waitForUser } from './user-turns';
import { formatIssues } from '../../../shared/zod-issues';

export interface UserToolOutcome {
  ok: boolean;
  text: string;
  args: unknown;
  stop?: string;
  stopStatus?: 'stopped';
}

const STOPPED = 'CANCELLED: the user stopped the task.';

/** What the model is told after the user hands the tab back. */
const RESUME_NOTE =
  'The user took over the tab and has now handed it back (Resume). The page may have changed: refs from before are stale. Read the page again before acting, then continue the task.';

function shortId(): string {
  return crypto.randomUUID().slice(0, 8);
}

/** Plan first: the refusal for a page action before a plan is approved, or null when it may go on. */
export function planGate(rec: TaskRecord, tool: string): string | null {
  if (!rec.planRequired || rec.plan) return null;
  return `REFUSED: plan first. Before ${tool} or any other action that changes the page, call propose_plan {steps, sites, changes} and wait for the user's approval. Reading the page first is allowed.`;
}

/** Runs propose_plan / ask_user for the model; null for every other tool. */
export async function runUserTool(
  name: string,
  rawArgs: unknown,
  rec: TaskRecord,
  signal: AbortSignal,
): Promise<UserToolOutcome | null> {
  if (!USER_TOOL_NAMES.has(name)) return null;
  if (name === 'ask_user') return askUser(rawArgs, rec, signal);
  if (rec.mode === 'ask')
    return {
      ok: false,
      text: 'ERROR tool_not_allowed: propose_plan is for Act and Dev mode; Ask mode changes nothing.',
      args: rawArgs,
    };
  return proposePlan(rawArgs, rec, signal);
}

async function askUser(rawArgs: unknown, rec: TaskRecord, signal: AbortSignal): Promise<UserToolOutcome> {
  const parsed = AskUserArgsSchema.safeParse(rawArgs ?? {});
  if (!parsed.success)
    return {
      ok: false,
      text: `ERROR bad_arguments: ask_user ${formatIssues(parsed.error, 3)}. Pass {question}.`,
      args: rawArgs,
    };
  const questionId = shortId();
  const base = { tabId: rec.tabId, taskId: rec.taskId };
  await emit({ type: 'question_request', ...base, questionId, question: parsed.data.question });
  const reply = await waitForUser(rec.tabId, { kind: 'question', id: questionId, taskId: rec.taskId }, signal);
  if (reply?.kind !== 'question') return { ok: false, text: STOPPED, args: parsed.data };
  await emit({ type: 'question_resolved', ...base, questionId, answer: reply.answer });
  return { ok: true, text: `The user answered (their own words):\n${reply.answer}`, args: parsed.data };
}

async function proposePlan(rawArgs: unknown, rec: TaskRecord, signal: AbortSignal): Promise<UserToolOutcome> {
  const parsed = ProposePlanArgsSchema.safeParse(rawArgs ?? {});
  if (!parsed.success)
    return {
      ok: false,
      text: `ERROR bad_arguments: propose_plan ${formatIssues(parsed.error, 3)}. Pass {steps: ["…"], sites: ["https://…"], changes: "…"}.`,
      args: rawArgs,
    };
  const origins = planOrigins(parsed.data.sites);
  if (!origins.ok)
    return { ok: false, text: `ERROR bad_arguments: propose_plan sites: ${origins.error.message}.`, args: rawArgs };
  const proposed: Plan = { ...parsed.data, sites: origins.data };
  const planId = shortId();
  const base = { tabId: rec.tabId, taskId: rec.taskId };
  await emit({ type: 'plan_request', ...base, planId, plan: proposed });
  const reply = await waitForUser(rec.tabId, { kind: 'plan', id: planId, taskId: rec.taskId }, signal);
  if (reply?.kind !== 'plan') return { ok: false, text: STOPPED, args: proposed };
  if (reply.reply.decision === 'cancel') {
    await emit({ type: 'plan_resolved', ...base, planId, decision: 'cancel', edited: false });
    return {
      ok: false,
      text: 'CANCELLED: the user cancelled the plan; nothing was done.',
      args: proposed,
      stop: 'Plan cancelled: nothing on the page was changed.',
      stopStatus: 'stopped',
    };
  }
  const edited = reply.reply.plan;
  const approved = edited ?? proposed;
  await approvePlan(rec, approved, proposed);
  await emit({ type: 'plan_resolved', ...base, planId, decision: 'approve', edited: edited !== undefined });
  const text = edited
    ? `APPROVED WITH EDITS: the user edited your plan. Follow the user's version:\n${planText(approved)}\nSites in it open without asking; hard-to-undo actions still ask.`
    : 'APPROVED: the user approved your plan as proposed. Sites in it open without asking; hard-to-undo actions still ask. Go ahead.';
  return { ok: true, text, args: proposed };
}

/**
 * The approved plan's sites become origins this task may open without asking (origin-policy.ts):
 * the public ones the model proposed, and every site the user added in an edit (their own choice,
 * a private-network one included).
 */
async function approvePlan(rec: TaskRecord, plan: Plan, proposed: Plan): Promise<void> {
  const added = plan.sites.filter((site) => !proposed.sites.includes(site));
  let state = approvePlanSites(rec.origins ?? startOrigins(undefined), plan.sites);
  for (const site of added) state = approveOrigin(state, site);
  rec.origins = state;
  rec.plan = plan;
  await saveTask(rec);
  await onOriginsChanged(rec);
}

/** The text a call gets when the user took over before it ran: nothing touches the page then. */
export async function handoverSkip(tabId: number): Promise<string | null> {
  return (await takeOverRequested(tabId))
    ? 'SKIPPED: the user took over the tab before this call ran. Wait: you will be told when they hand it back.'
    : null;
}

/**
 * Between steps: when the user asked to take over, the task pauses here until Resume (false when
 * it was stopped instead). After Resume the model is told the page may have changed.
 */
export async function holdIfTakenOver(rec: TaskRecord, signal: AbortSignal): Promise<boolean> {
  const conv = await conversationOf(rec.tabId);
  if (!conv.handover) return true;
  const base = { tabId: rec.tabId, taskId: rec.taskId };
  if (conv.handover !== 'paused') await emit({ type: 'handover', ...base, state: 'paused' });
  const reply = await waitForUser(
    rec.tabId,
    { kind: 'resume', id: `resume-${rec.taskId}`, taskId: rec.taskId },
    signal,
  );
  if (reply?.kind !== 'resume') return false;
  await emit({ type: 'handover', ...base, state: 'resumed' });
  const note: ModelMessage = { role: 'user', content: RESUME_NOTE };
  rec.history.push(note);
  await saveTask(rec);
  return true;
}
