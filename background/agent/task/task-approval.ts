/**
 * The approval prompt of a running task: the gate's question goes to the panel as an
 * `approval_request`, and the user's answer (or Stop, or silence) resolves it. An approval with a
 * trust scope trusts the site for what the user chose (policy/trusted-sites.ts).
 */
import { err, ok, type Result } from '../../../shared/result';
import { canTrust, trustSite, type TrustScope } from '../../policy/trusted-sites';
import type { ApprovalAsk } from '../loop/tool-exec';
import { emit } from './event-hub';
import type { TaskRecord } from './state-store';
import { running, type ApprovalEvent, type Decision, type Running } from './task-running';

/** How long an approval prompt waits for the user before it counts as a refusal. */
const APPROVAL_TIMEOUT_MS = 10 * 60_000;

export async function askApproval(
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
