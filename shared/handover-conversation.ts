/**
 * How the plan, question and take-over events fold into a tab's conversation (shared/conversation.ts
 * calls this for them). Pure, like the reducer it extends: the worker and the panel run the same code.
 */
import type { AgentEvent, Conversation } from './protocol/agent';

type HandoverEvent = Extract<
  AgentEvent,
  { type: 'plan_request' | 'plan_resolved' | 'question_request' | 'question_resolved' | 'handover' }
>;

/** A card or a pause of a task that ended (or a new one that started) must not linger. */
export function withoutHandover(state: Conversation): Conversation {
  const next = { ...state };
  delete next.plan;
  delete next.question;
  delete next.handover;
  return next;
}

function notice(state: Conversation, id: string, text: string, now: number): Conversation {
  if (state.messages.some((m) => m.id === id)) return state;
  return { ...state, messages: [...state.messages, { id, role: 'notice', text, ok: true, ts: now }] };
}

export function applyHandoverEvent(state: Conversation, e: HandoverEvent, now: number): Conversation {
  switch (e.type) {
    case 'plan_request':
      return { ...state, plan: { planId: e.planId, taskId: e.taskId, plan: e.plan } };
    case 'plan_resolved': {
      const next = { ...state };
      if (next.plan?.planId === e.planId) delete next.plan;
      // A cancelled plan ends the task, whose ending says so.
      if (e.decision === 'cancel') return next;
      const text = e.edited ? 'Plan approved as you edited it.' : 'Plan approved.';
      return notice(next, `plan-${e.planId}`, text, now);
    }
    case 'question_request':
      return { ...state, question: { questionId: e.questionId, taskId: e.taskId, question: e.question } };
    case 'question_resolved': {
      const next = { ...state };
      if (next.question?.questionId === e.questionId) delete next.question;
      // The user's answer is shown as the user's own message: it is what they typed.
      const id = `answer-${e.questionId}`;
      if (next.messages.some((m) => m.id === id)) return next;
      return { ...next, messages: [...next.messages, { id, role: 'user', text: e.answer, ts: now }] };
    }
    case 'handover': {
      const next = { ...state };
      if (e.state === 'resumed') {
        delete next.handover;
        return notice(next, `resumed-${e.taskId}-${now}`, 'Resumed: the agent reads the page again first.', now);
      }
      next.handover = e.state;
      return e.state === 'paused'
        ? notice(next, `paused-${e.taskId}-${now}`, 'Paused: the page is yours. Press Resume when done.', now)
        : next;
    }
  }
}
