/**
 * The tasks running in this worker, one a tab: what the task manager (task-manager.ts), the approval
 * prompt (task-approval.ts), the end of a task (task-end.ts) and the restart pass (task-resume.ts)
 * share. In memory: a worker restart empties it, and task-resume.ts rebuilds it from session storage.
 */
import type { AgentEvent } from '../../../shared/protocol/agent';
import type { TrustScope } from '../../policy/trusted-sites';
import type { TaskOutcome } from '../loop/runner';

export type ApprovalEvent = Extract<AgentEvent, { type: 'approval_request' }>;
export type Decision = { decision: 'approve' | 'deny'; trust: TrustScope | null };

export interface Running {
  taskId: string;
  abort: AbortController;
  approvals: Map<string, (d: Decision) => void>;
  pending?: ApprovalEvent;
  done: Promise<TaskOutcome>;
  /** The tool the task is running now, if any (its in-flight mark, which storage may not hold). */
  inFlight: () => string | null;
}

export const running = new Map<number, Running>();

export function runningTask(
  tabId: number,
): { taskId: string; inFlight: string | null; pending?: ApprovalEvent } | null {
  const r = running.get(tabId);
  return r ? { taskId: r.taskId, inFlight: r.inFlight(), ...(r.pending ? { pending: r.pending } : {}) } : null;
}
