/**
 * Starts and stops tasks: a panel task runs the model loop (runner.ts), a driven one (an MCP session,
 * a workflow replay) runs its driver in its place with the same record, gates and Stop. What running
 * tasks share is in task-running.ts; approvals in task-approval.ts; the end of a task in task-end.ts;
 * the restart pass in task-resume.ts.
 */
import { startNetworkLog } from '../../observe/network-log';
import type { Mode } from '../../../shared/modes';
import { takeAttachment } from '../../entry-points';
import { takeFiles } from './task-files';
import { taskWithFiles } from '../../../shared/file-attachment';
import { carryOver, loadTurnOrigins } from '../../policy/carry-over';
import { describeAttachment, taskWithAttachment } from '../../../shared/attachment';
import { err, ok, type Result } from '../../../shared/result';
import { addUserMessage, emit } from './event-hub';
import { emptyGuards } from '../loop/guards';
import { setTaskKeepalive } from './keepalive';
import { DEFAULT_MAX_STEPS, DEFAULT_TIMEOUTS, internalError, runTask, type TaskOutcome } from '../loop/runner';
import { loadChatHistory, saveTask, type TaskRecord } from './state-store';
import type { ApprovalAsk } from '../loop/tool-exec';
import { loadSettings } from '../../settings-store';
import { makeNonce } from '../../policy/untrusted';
import { startOrigins } from '../../policy/origin-policy';
import { planRequiredFor } from '../../../shared/plan-first';
import { effectiveBudget, type TaskBudget } from '../../../shared/task-budget';
import { onOriginsChanged } from '../../policy/navigation-guard';
import { askApproval } from './task-approval';
import { finishTask } from './task-end';
import { running, type Running } from './task-running';

/**
 * What runs a task instead of the model loop: an MCP session (background/mcp/session.ts) whose calls
 * come from a coding agent. It gets the task's abort signal (the panel's Stop) and its approval prompt.
 */
export type TaskDriver = (
  rec: TaskRecord,
  env: {
    signal: AbortSignal;
    requestApproval(ask: ApprovalAsk, timeoutMs: number, onTimeout: () => void): Promise<'approve' | 'deny'>;
  },
) => Promise<TaskOutcome>;

/** Runs a task record: the model loop, or `driver` in its place; resumed ones come from task-resume.ts. */
export function launch(
  rec: TaskRecord,
  resumed: boolean,
  maxSteps: number,
  timeouts: { stepMs: number; chunkMs: number } = DEFAULT_TIMEOUTS,
  driver?: TaskDriver,
): Running {
  const r: Running = {
    taskId: rec.taskId,
    abort: new AbortController(),
    approvals: new Map(),
    done: Promise.resolve({ status: 'running' }),
    inFlight: () => rec.inFlight?.tool ?? null,
  };
  running.set(rec.tabId, r);
  setTaskKeepalive(true);
  // network_read: the tab's requests from now until the task ends (observe-only webRequest).
  startNetworkLog(rec.tabId, rec.taskId);
  r.done = (async () => {
    let outcome: TaskOutcome;
    try {
      if (driver) {
        outcome = await driver(rec, {
          signal: r.abort.signal,
          requestApproval: (ask, ms, onTimeout) => askApproval(rec, r, ask, ms, onTimeout),
        });
      } else outcome = await runModel(rec, r, resumed, maxSteps, timeouts);
    } catch (e) {
      outcome = internalError(e);
    }
    await finishTask(rec, outcome);
    return outcome;
  })();
  return r;
}

async function runModel(
  rec: TaskRecord,
  r: Running,
  resumed: boolean,
  maxSteps: number,
  timeouts: { stepMs: number; chunkMs: number },
): Promise<TaskOutcome> {
  const chatHistory = carryOver(
    await loadChatHistory(rec.tabId),
    await loadTurnOrigins(rec.tabId),
    // A record from before origins were kept: no origin is "here", so all history is fenced.
    rec.origins?.start ?? 'null',
    rec.nonce,
  );
  return runTask(rec, {
    signal: r.abort.signal,
    timeouts,
    maxSteps,
    resumed,
    chatHistory,
    requestApproval: (ask) => askApproval(rec, r, ask),
  });
}

export interface StartOptions {
  maxSteps?: number;
  /** This run's budget; absent: the settings' default (shared/task-budget.ts). */
  budget?: TaskBudget;
  /** Provider silence limits; tests shorten them. Not persisted: a resumed task uses the defaults. */
  timeouts?: { stepMs: number; chunkMs: number };
}

type Started = Result<{ taskId: string; done: Promise<TaskOutcome>; record: TaskRecord }>;

/** The URL a new task in `tabId` starts on, or why no task can start there. */
async function freeTab(tabId: number): Promise<Result<string | undefined>> {
  if (running.has(tabId)) return err('busy', `a task is already running in tab ${tabId}; stop it first`);
  try {
    return ok((await chrome.tabs.get(tabId)).url);
  } catch {
    return err('bad_tab', `tab ${tabId} does not exist (closed?)`);
  }
}

/** What a driven task is besides its driver (defaults: an MCP client's session). */
export interface DrivenOptions {
  /** The record's task text; default `Driven by <client> (MCP)`. */
  task?: string;
  /** Origins the user approved before this run (a workflow's, approved when saving it). */
  approvedOrigins?: readonly string[];
  /** Whether the panel shows the MCP "Driven by" banner (an MCP session); a workflow replay uses the usual Stop. */
  banner?: boolean;
}

/**
 * Starts a task that something other than the model drives: an MCP client (docs/mcp.md) or a
 * workflow replay (background/workflows/runner.ts, docs/workflows.md). The same record, gates,
 * approvals, tab bookkeeping and Stop as a panel task, with `driver` in place of the model loop.
 * `client` is set as the record's driver, so a worker restart ends it instead of resuming it.
 */
export async function startDrivenTask(
  tabId: number,
  client: string,
  mode: Mode,
  driver: TaskDriver,
  opts: DrivenOptions = {},
): Promise<Started> {
  const tab = await freeTab(tabId);
  if (!tab.ok) return tab;
  const startUrl = tab.data;
  const taskId = crypto.randomUUID().slice(0, 12);
  const { start } = startOrigins(startUrl);
  const rec: TaskRecord = {
    taskId,
    tabId,
    mode,
    task: opts.task ?? `Driven by ${client} (MCP)`,
    driver: client,
    nonce: makeNonce(),
    step: 0,
    startedAt: Date.now(),
    history: [],
    guards: emptyGuards(),
    usage: { inputTokens: 0, outputTokens: 0 },
    steps: [],
    malformedSteps: 0,
    resumes: 0,
    maxSteps: DEFAULT_MAX_STEPS,
    origins: { start, approved: [...new Set(opts.approvedOrigins)].filter((o) => o !== start) },
    planRequired: false,
  };
  await saveTask(rec);
  await onOriginsChanged(rec);
  await emit({ type: 'task_started', tabId, taskId, mode, ...(opts.banner === false ? {} : { driver: client }) });
  const r = launch(rec, false, rec.maxSteps, DEFAULT_TIMEOUTS, driver);
  return ok({ taskId, done: r.done, record: rec });
}

export async function startTask(tabId: number, task: string, mode: Mode, opts: StartOptions = {}): Promise<Started> {
  const tab = await freeTab(tabId);
  if (!tab.ok) return tab;
  const startUrl = tab.data;
  const taskId = crypto.randomUUID().slice(0, 12);
  const nonce = makeNonce();
  const settings = await loadSettings();
  const budget = effectiveBudget(opts.budget, settings.budget);
  // What the user right-clicked ("Ask Weaverbird about this") rides along, fenced as page content.
  const attachment = await takeAttachment(tabId);
  // Files attached in the panel: named in the task text, their bytes kept for upload_file only.
  const files = await takeFiles(tabId, taskId);
  const withText = attachment ? taskWithAttachment(task, attachment, nonce, startOrigins(startUrl).start) : task;
  const rec: TaskRecord = {
    taskId,
    tabId,
    mode,
    task,
    nonce,
    step: 0,
    startedAt: Date.now(),
    history: [
      {
        role: 'user',
        content: taskWithFiles(withText, files),
      },
    ],
    guards: emptyGuards(),
    usage: { inputTokens: 0, outputTokens: 0 },
    steps: [],
    malformedSteps: 0,
    resumes: 0,
    maxSteps: opts.maxSteps ?? DEFAULT_MAX_STEPS,
    ...(budget ? { budget } : {}),
    origins: startOrigins(startUrl),
    planRequired: planRequiredFor(mode, settings.planFirst),
  };
  await saveTask(rec);
  await onOriginsChanged(rec);
  await addUserMessage(
    tabId,
    `${taskId}-user`,
    `${attachment ? `${task}\n\n(about ${describeAttachment(attachment)})` : task}${files.length ? `\n\n(files: ${files.map((f) => f.name).join(', ')})` : ''}`,
  );
  await emit({ type: 'task_started', tabId, taskId, mode });
  const r = launch(rec, false, rec.maxSteps, opts.timeouts);
  return ok({ taskId, done: r.done, record: rec });
}

/** Stops the tab's task: the model stream aborts, the running tool finishes or aborts, approvals resolve as refused. */
export async function stopTask(tabId: number): Promise<boolean> {
  const r = running.get(tabId);
  if (!r) return false;
  r.abort.abort();
  await r.done;
  return true;
}
