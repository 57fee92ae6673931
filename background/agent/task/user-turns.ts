/**
 * The moments a task waits for its user rather than for a page: a proposed plan, an `ask_user`
 * question, and a take-over. One waiter per tab (one task per tab). The panel's commands resolve
 * them; the user's Stop resolves them as "stopped". What the panel shows comes from the same
 * events folded into the stored conversation, so a reopened panel shows the card again.
 */
import type { Plan } from '../../../shared/protocol/handover';
import { err, ok, type Result } from '../../../shared/result';
import { conversationOf, emit } from './event-hub';

export type PlanReply = { decision: 'approve'; plan?: Plan } | { decision: 'cancel' };

type Reply = { kind: 'plan'; reply: PlanReply } | { kind: 'question'; answer: string } | { kind: 'resume' };

interface Waiter {
  kind: Reply['kind'];
  id: string;
  taskId: string;
  resolve(r: Reply | null): void;
}

const waiters = new Map<number, Waiter>();

/** Waits for the panel's reply to a card, or null when the task is stopped first. */
export function waitForUser(
  tabId: number,
  w: { kind: Reply['kind']; id: string; taskId: string },
  signal: AbortSignal,
): Promise<Reply | null> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve(null);
      return;
    }
    const done = (r: Reply | null) => {
      signal.removeEventListener('abort', onAbort);
      if (waiters.get(tabId)?.id === w.id) waiters.delete(tabId);
      resolve(r);
    };
    const onAbort = () => done(null);
    signal.addEventListener('abort', onAbort);
    waiters.set(tabId, { ...w, resolve: done });
  });
}

function waiterFor(tabId: number, kind: Reply['kind'], id: string | null): Waiter | null {
  const w = waiters.get(tabId);
  return w && w.kind === kind && (id === null || w.id === id) ? w : null;
}

export function answerPlan(tabId: number, planId: string, reply: PlanReply): Result<true> {
  const w = waiterFor(tabId, 'plan', planId);
  if (!w) return err('no_such_plan', `no plan ${planId} waits in tab ${tabId} (already answered, or the task ended)`);
  w.resolve({ kind: 'plan', reply });
  return ok(true);
}

export function answerQuestion(tabId: number, questionId: string, answer: string): Result<true> {
  const w = waiterFor(tabId, 'question', questionId);
  if (!w)
    return err(
      'no_such_question',
      `no question ${questionId} waits in tab ${tabId} (already answered, or the task ended)`,
    );
  w.resolve({ kind: 'question', answer });
  return ok(true);
}

/**
 * "Take over": the task stops acting after the tool call that is running now. The request lives
 * in the tab's conversation (stored in chrome.storage.session), so it survives a worker restart.
 */
export async function requestTakeOver(tabId: number, taskId: string | null): Promise<Result<true>> {
  if (taskId === null) return err('no_task', 'No task is running in this tab; there is nothing to take over.');
  const conv = await conversationOf(tabId);
  if (conv.handover) return ok(true);
  await emit({ type: 'handover', tabId, taskId, state: 'requested' });
  return ok(true);
}

/** "Resume": the paused task goes on (or a pause asked for but not reached yet is withdrawn). */
export async function resumeTask(tabId: number, taskId: string | null): Promise<Result<true>> {
  const conv = await conversationOf(tabId);
  if (taskId === null || !conv.handover) return err('not_paused', 'No task is paused in this tab.');
  const w = waiterFor(tabId, 'resume', null);
  if (w) w.resolve({ kind: 'resume' });
  else await emit({ type: 'handover', tabId, taskId, state: 'resumed' });
  return ok(true);
}

/** True when the user asked to take over: the task must not touch the page again until Resume. */
export async function takeOverRequested(tabId: number): Promise<boolean> {
  return (await conversationOf(tabId)).handover !== undefined;
}
