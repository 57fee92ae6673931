import { describe, expect, it } from 'vitest';
import { applyEvent, emptyConversation } from './conversation';
import type { AgentEvent, Conversation } from './protocol/agent';

const base = { tabId: 1, taskId: 't1' };
const plan = { steps: ['Add a mug'], sites: ['https://shop.example'], changes: 'one mug' };

function fold(events: AgentEvent[]): Conversation {
  return events.reduce((c, e) => applyEvent(c, e, 1000), emptyConversation(1));
}

describe('plan, question and take over in the conversation', () => {
  it('holds a plan card until it is answered, and notes an approval', () => {
    const asked = fold([
      { type: 'task_started', ...base, mode: 'act' },
      { type: 'plan_request', ...base, planId: 'p1', plan },
    ]);
    expect(asked.plan).toEqual({ planId: 'p1', taskId: 't1', plan });
    const approved = applyEvent(asked, {
      type: 'plan_resolved',
      ...base,
      planId: 'p1',
      decision: 'approve',
      edited: true,
    });
    expect(approved.plan).toBeUndefined();
    expect(approved.messages.at(-1)).toMatchObject({ role: 'notice', text: 'Plan approved as you edited it.' });
  });

  it("shows the user's answer as their message and clears the question", () => {
    const c = fold([
      { type: 'task_started', ...base, mode: 'ask' },
      { type: 'question_request', ...base, questionId: 'q1', question: 'Which size?' },
    ]);
    expect(c.question?.question).toBe('Which size?');
    const answered = applyEvent(c, { type: 'question_resolved', ...base, questionId: 'q1', answer: 'Large' });
    expect(answered.question).toBeUndefined();
    expect(answered.messages.at(-1)).toMatchObject({ role: 'user', text: 'Large' });
  });

  it('tracks take over and resume, and a task that ends drops every card', () => {
    const paused = fold([
      { type: 'task_started', ...base, mode: 'act' },
      { type: 'handover', ...base, state: 'requested' },
      { type: 'handover', ...base, state: 'paused' },
      { type: 'question_request', ...base, questionId: 'q1', question: '?' },
    ]);
    expect(paused.handover).toBe('paused');
    expect(applyEvent(paused, { type: 'handover', ...base, state: 'resumed' }).handover).toBeUndefined();
    const ended = applyEvent(paused, { type: 'task_ended', ...base, status: 'stopped' });
    expect(ended.handover).toBeUndefined();
    expect(ended.question).toBeUndefined();
  });
});
