import { z } from 'zod';
import type { Conversation } from '../../../shared/protocol/agent';
import { ModeSchema } from '../../../shared/modes';
import { TaskBudgetSchema } from '../../../shared/task-budget';
import { err, ok, type Result } from '../../../shared/result';
import { traceEntries, type TraceEntry } from '../../providers/trace';
import { getPublicSettings, saveSettings } from '../../settings-store';
import { clearChat } from './agent-port';
import { conversationOf } from './event-hub';
import { startTask, stopTask, type StartOptions } from './task-manager';
import { resolveApproval } from './task-approval';
import { runningTask } from './task-running';

const RunSchema = z.object({
  tabId: z.number().int().nonnegative(),
  task: z.string().min(1),
  mode: z.optional(ModeSchema),
  maxSteps: z.number().int().min(1).max(200).optional(),
  /** Give up when the provider is silent this long (default 2 minutes between chunks, 5 per step). */
  stallTimeoutMs: z.number().int().min(100).max(600_000).optional(),
  /** This run's ceiling (shared/task-budget.ts); absent: the settings' default. */
  budget: z.optional(TaskBudgetSchema),
});

function startOptions(o: z.infer<typeof RunSchema>): StartOptions {
  return {
    ...(o.maxSteps ? { maxSteps: o.maxSteps } : {}),
    ...(o.budget ? { budget: o.budget } : {}),
    ...(o.stallTimeoutMs ? { timeouts: { stepMs: o.stallTimeoutMs, chunkMs: o.stallTimeoutMs } } : {}),
  };
}

const ApproveSchema = z.object({
  tabId: z.number().int().nonnegative(),
  decision: z.enum(['approve', 'deny']),
  approvalId: z.string().optional(),
  trustSite: z.boolean().optional(),
  trustScope: z.enum(['task', 'hour']).optional(),
});

export interface RunReport {
  taskId: string;
  status: string;
  answer?: string;
  error?: string;
  steps: { tool: string; args: unknown; result: string; ok: boolean }[];
  usage: { inputTokens: number; outputTokens: number };
}

/** The agent half of the `wb` console API (settings, run, trace); documented in the README. */
export const agentConsole = {
  settings: {
    get: () => getPublicSettings(),
    set: (settings: unknown) => saveSettings(settings),
  },
  /** Runs a task to its end and reports it; approvals wait for the panel or `wb.approve`. */
  async run(options: unknown): Promise<Result<RunReport>> {
    const o = RunSchema.safeParse(options);
    if (!o.success)
      return err(
        'bad_arguments',
        `wb.run({tabId, task, mode?: 'ask'|'act'|'dev', maxSteps?, stallTimeoutMs?, budget?: {tokens?, usd?}}): ${z.prettifyError(o.error)}`,
      );
    const started = await startTask(o.data.tabId, o.data.task, o.data.mode ?? 'act', startOptions(o.data));
    if (!started.ok) return started;
    const outcome = await started.data.done;
    const rec = started.data.record;
    return ok({
      taskId: started.data.taskId,
      status: outcome.status,
      ...(outcome.answer !== undefined ? { answer: outcome.answer } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      steps: rec.steps,
      usage: rec.usage,
    });
  },
  /** Starts a task without waiting (what the panel's `start` does). */
  async start(options: unknown): Promise<Result<{ taskId: string }>> {
    const o = RunSchema.safeParse(options);
    if (!o.success) return err('bad_arguments', `wb.start({tabId, task, mode?}): ${z.prettifyError(o.error)}`);
    const started = await startTask(o.data.tabId, o.data.task, o.data.mode ?? 'act', startOptions(o.data));
    return started.ok ? ok({ taskId: started.data.taskId }) : started;
  },
  stop: (tabId: number) => stopTask(tabId),
  /** The task running in a tab: its id, the tool it is running now and a pending approval; null when none. */
  running: (tabId: number) => runningTask(tabId),
  approve(options: unknown): Result<true> {
    const o = ApproveSchema.safeParse(options);
    if (!o.success)
      return err(
        'bad_arguments',
        `wb.approve({tabId, decision: 'approve'|'deny', approvalId?, trustSite?, trustScope?: 'task'|'hour'}): ${z.prettifyError(o.error)}`,
      );
    const id = o.data.approvalId ?? runningTask(o.data.tabId)?.pending?.approvalId;
    if (!id) return err('no_such_approval', `nothing awaits approval in tab ${o.data.tabId}`);
    return resolveApproval(
      o.data.tabId,
      id,
      o.data.decision,
      o.data.trustScope ?? (o.data.trustSite === true ? 'task' : null),
    );
  },
  conversation: (tabId: number): Promise<Conversation> => conversationOf(tabId),
  newChat: (tabId: number) => clearChat(tabId),
  /** The last 200 LLM request/response pairs, keys redacted. */
  trace: (): Promise<TraceEntry[]> => traceEntries(),
};
