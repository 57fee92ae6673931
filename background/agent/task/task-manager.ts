import type { AgentEvent } from '../../../shared/protocol/agent';
import { startNetworkLog, stopNetworkLog } from '../../observe/network-log';
import type { Mode } from '../../../shared/modes';
import { takeAttachment } from '../../entry-points';
import { forgetTaskFiles, takeFiles } from './task-files';
import { taskWithFiles } from '../../../shared/file-attachment';
import { carryOver, loadTurnOrigins, recordTurnOrigins } from '../../policy/carry-over';
import { describeAttachment, taskWithAttachment } from '../../../shared/attachment';
import { err, errorMessage, ok, type Result } from '../../../shared/result';
import { addNotice, addUserMessage, emit, flushConversation } from './event-hub';
import { emptyGuards } from '../loop/guards';
import { setTaskKeepalive } from './keepalive';
import { DEFAULT_MAX_STEPS, DEFAULT_TIMEOUTS, internalError, runTask, type TaskOutcome } from '../loop/runner';
import { deleteTask, listTasks, loadChatHistory, saveChatHistory, saveTask, type TaskRecord } from './state-store';
import type { ApprovalAsk } from '../loop/tool-exec';
import { loadSettings } from '../../settings-store';
import { redactText } from '../../../shared/redact';
import { canTrust, forgetTaskTrust, trustSite, type TrustScope } from '../../policy/trusted-sites';
import { makeNonce } from '../../policy/untrusted';
import { startOrigins } from '../../policy/origin-policy';
import { planRequiredFor } from '../../../shared/plan-first';
import { effectiveBudget, type TaskBudget } from '../../../shared/task-budget';
import { onOriginsChanged, pruneNavigationGuards, stopNavigationGuard } from '../../policy/navigation-guard';
import { releaseTaskTabs } from './task-tabs';
import { forgetTaskReads } from '../../policy/task-hooks';
import { releaseDialogWatches } from '../../cdp/dialogs';
import { taskTabIds } from './task-tabs-state';
import { noteTaskEnded } from '../../workflows/recorder';

type ApprovalEvent = Extract<AgentEvent, { type: 'approval_request' }>;
type Decision = { decision: 'approve' | 'deny'; trust: TrustScope | null };

interface Running {
  taskId: string;
  abort: AbortController;
  approvals: Map<string, (d: Decision) => void>;
  pending?: ApprovalEvent;
  done: Promise<TaskOutcome>;
}

/** How long an approval prompt waits for the user before it counts as a refusal. */
const APPROVAL_TIMEOUT_MS = 10 * 60_000;
/** A task the worker keeps dying on is abandoned rather than resumed forever. */
const MAX_RESUMES = 3;

const running = new Map<number, Running>();

export function runningTask(tabId: number): { taskId: string; pending?: ApprovalEvent } | null {
  const r = running.get(tabId);
  return r ? { taskId: r.taskId, ...(r.pending ? { pending: r.pending } : {}) } : null;
}

async function askApproval(
  rec: TaskRecord,
  r: Running,
  ask: ApprovalAsk,
  timeoutMs = APPROVAL_TIMEOUT_MS,
  onTimeout?: () => void,
): Promise<'approve' | 'deny'> {
  const approvalId = crypto.randomUUID();
  const trustable = canTrust(ask.site, ask.kind);
  const event: ApprovalEvent = {
    type: 'approval_request',
    tabId: rec.tabId,
    taskId: rec.taskId,
    approvalId,
    ...ask,
    trustable,
  };
  const decision = await new Promise<Decision>((resolve) => {
    const timeout = setTimeout(() => {
      onTimeout?.();
      resolve({ decision: 'deny', trust: null });
    }, timeoutMs);
    const finish = (d: Decision) => {
      clearTimeout(timeout);
      r.abort.signal.removeEventListener('abort', onAbort);
      resolve(d);
    };
    const onAbort = () => finish({ decision: 'deny', trust: null });
    r.abort.signal.addEventListener('abort', onAbort);
    r.approvals.set(approvalId, finish);
    r.pending = event;
    void emit(event);
  });
  r.approvals.delete(approvalId);
  r.pending = undefined;
  if (decision.decision === 'approve' && decision.trust && trustable)
    await trustSite(rec.taskId, ask.site, ask.kind, decision.trust);
  await emit({
    type: 'approval_resolved',
    tabId: rec.tabId,
    taskId: rec.taskId,
    approvalId,
    decision: decision.decision,
  });
  return decision.decision;
}

/** Every origin a task's tab was on: where it started, what the user approved, where it ended. */
async function exchangeOrigins(rec: TaskRecord): Promise<string[]> {
  const origins = rec.origins ? [rec.origins.start, ...rec.origins.approved] : [];
  try {
    const url = (await chrome.tabs.get(rec.tabId)).url;
    if (url) origins.push(new URL(url).origin);
  } catch {
    // The tab is gone or not a URL: what the record holds is all there is.
  }
  return origins;
}

async function finish(rec: TaskRecord, result: TaskOutcome): Promise<void> {
  // Defence in depth: whatever produced the message, the key never reaches the panel.
  const key = (await loadSettings()).apiKey;
  const outcome = result.error && key ? { ...result, error: redactText(result.error, [key]) } : result;
  running.delete(rec.tabId);
  setTaskKeepalive(running.size > 0);
  stopNetworkLog(rec.tabId, rec.taskId);
  await forgetTaskTrust(rec.taskId);
  await forgetTaskReads(rec.taskId);
  await forgetTaskFiles(rec.taskId);
  releaseDialogWatches(taskTabIds(rec.tabId, rec.tabs));
  await stopNavigationGuard(rec.taskId);
  await releaseTaskTabs(rec).catch(() => undefined);
  await deleteTask(rec.tabId);
  await noteTaskEnded(rec.tabId, rec.taskId, outcome.status);
  if (outcome.status === 'done' && outcome.answer) {
    const history = await loadChatHistory(rec.tabId);
    history.push({ role: 'user', content: rec.task }, { role: 'assistant', content: outcome.answer });
    await saveChatHistory(rec.tabId, history);
    // Where this exchange was made, so a later task on another site gets it fenced (policy/carry-over.ts).
    await recordTurnOrigins(rec.tabId, await exchangeOrigins(rec));
  }
  await emit({
    type: 'task_ended',
    tabId: rec.tabId,
    taskId: rec.taskId,
    status: outcome.status,
    ...(outcome.answer !== undefined ? { answer: outcome.answer } : {}),
    ...(outcome.error !== undefined ? { error: outcome.error } : {}),
  });
  await flushConversation(rec.tabId);
}

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

function launch(
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
    await finish(rec, outcome);
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
  if (running.has(tabId)) return err('busy', `a task is already running in tab ${tabId}; stop it first`);
  let startUrl: string | undefined;
  try {
    startUrl = (await chrome.tabs.get(tabId)).url;
  } catch {
    return err('bad_tab', `tab ${tabId} does not exist (closed?)`);
  }
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
  if (running.has(tabId)) return err('busy', `a task is already running in tab ${tabId}; stop it first`);
  let startUrl: string | undefined;
  try {
    startUrl = (await chrome.tabs.get(tabId)).url;
  } catch {
    return err('bad_tab', `tab ${tabId} does not exist (closed?)`);
  }
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

export function resolveApproval(
  tabId: number,
  approvalId: string,
  decision: 'approve' | 'deny',
  trust: TrustScope | null,
): Result<true> {
  const resolve = running.get(tabId)?.approvals.get(approvalId);
  if (!resolve)
    return err(
      'no_such_approval',
      `no pending approval ${approvalId} in tab ${tabId} (already answered, or the task ended)`,
    );
  resolve({ decision, trust });
  return ok(true);
}

/** Ends a task that cannot go on after a worker restart, with a status the user sees. */
async function endInterrupted(rec: TaskRecord, why: string): Promise<void> {
  await releaseTaskTabs(rec).catch(() => undefined);
  await deleteTask(rec.tabId);
  await emit({ type: 'task_ended', tabId: rec.tabId, taskId: rec.taskId, status: 'interrupted', error: why });
  await flushConversation(rec.tabId);
}

/**
 * Runs at every worker start: tasks still in session storage were running when Chrome stopped the
 * worker. Each one resumes from its last whole step, or ends as `interrupted` when resuming could
 * repeat a page action that may already have happened.
 */
let resuming: Promise<void> | null = null;
export function resumeInterruptedTasks(): Promise<void> {
  // Start-up and the watchdog alarm can both ask at once; one pass at a time.
  resuming ??= resumeOnce().finally(() => (resuming = null));
  return resuming;
}

async function resumeOnce(): Promise<void> {
  let records: TaskRecord[];
  try {
    records = await listTasks();
  } catch (e) {
    console.warn('Weaverbird: could not read interrupted tasks:', errorMessage(e));
    return;
  }
  for (const rec of records) {
    if (running.has(rec.tabId)) continue;
    try {
      await chrome.tabs.get(rec.tabId);
    } catch {
      await deleteTask(rec.tabId);
      continue;
    }
    if (rec.driver !== undefined) {
      // The MCP connection died with the worker; the client reconnects and starts a new session.
      await endInterrupted(
        rec,
        `Interrupted: Chrome restarted Weaverbird's worker, which ended the session driven by ${rec.driver}.`,
      );
      continue;
    }
    if (rec.inFlight && !rec.inFlight.readOnly) {
      await endInterrupted(
        rec,
        `Interrupted: Chrome stopped Weaverbird's worker while ${rec.inFlight.tool} was running, so it is unknown whether that action happened. Check the page, then ask again.`,
      );
      continue;
    }
    if (rec.resumes >= MAX_RESUMES) {
      await endInterrupted(
        rec,
        `Interrupted: the worker was stopped ${rec.resumes + 1} times during this task; it was not resumed again.`,
      );
      continue;
    }
    rec.resumes++;
    rec.inFlight = undefined;
    await saveTask(rec);
    await addNotice(
      rec.tabId,
      `Chrome restarted Weaverbird's worker during this task; resuming from step ${rec.step + 1}.`,
    );
    launch(rec, true, rec.maxSteps);
  }
  // Rules of tasks that ended above (or died with the worker) must not outlive them.
  await pruneNavigationGuards([...running.values()].map((r) => r.taskId));
  if (running.size === 0) setTaskKeepalive(false);
}
