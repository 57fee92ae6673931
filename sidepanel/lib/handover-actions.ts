/** What the plan, question and take-over cards send; the worker checks every command again. */
import type { Plan } from '../../shared/protocol/handover';
import { chat, sendForTab } from '../store';

export function answerPlan(decision: 'approve' | 'cancel', edited?: Plan): boolean {
  const pending = chat.value?.plan;
  if (!pending) return false;
  return sendForTab((tabId) => ({
    type: 'plan_answer',
    tabId,
    planId: pending.planId,
    decision,
    ...(edited ? { plan: edited } : {}),
  }));
}

export function answerQuestion(answer: string): boolean {
  const pending = chat.value?.question;
  const text = answer.trim();
  if (!pending || text === '') return false;
  return sendForTab((tabId) => ({ type: 'question_answer', tabId, questionId: pending.questionId, answer: text }));
}

export function takeOver(): boolean {
  return sendForTab((tabId) => ({ type: 'take_over', tabId }));
}

export function resumeTask(): boolean {
  return sendForTab((tabId) => ({ type: 'resume', tabId }));
}
