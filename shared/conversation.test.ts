import { describe, expect, it, test } from 'vitest';
import {
  applyEvent,
  emptyConversation,
  isBusy,
  MAX_MESSAGES,
  STORED_RESULT_CHARS,
  withUserMessage,
} from './conversation';
import type { AgentEvent, Conversation } from './protocol/agent';

const T = 7;
const fold = (events: AgentEvent[], start: Conversation = emptyConversation(T)) =>
  events.reduce((s, e) => applyEvent(s, e, 1000), start);

describe('conversation reducer', () => {
  it('names the MCP client driving the tab until its session ends, and not the next task', () => {
    const driven = fold([{ type: 'task_started', tabId: T, taskId: 'm1', mode: 'act', driver: 'Claude Code' }]);
    expect(driven.driver).toBe('Claude Code');
    const ended = applyEvent(driven, { type: 'task_ended', tabId: T, taskId: 'm1', status: 'stopped' });
    expect(ended.driver).toBeUndefined();
    expect(fold([{ type: 'task_started', tabId: T, taskId: 't2', mode: 'act' }], ended).driver).toBeUndefined();
  });

  it('shows a compaction as a notice with the tokens it saved', () => {
    const s = fold([
      { type: 'task_started', tabId: T, taskId: 't1', mode: 'act' },
      {
        type: 'compacted',
        tabId: T,
        taskId: 't1',
        beforeTokens: 19_902,
        afterTokens: 10_028,
        savedTokens: 9_874,
        contextWindow: 16_000,
        results: 6,
      },
    ]);
    expect(s.messages.at(-1)).toMatchObject({
      role: 'notice',
      ok: true,
      text: 'Context compacted, saved 9,874 tokens: 6 older tool results summarised (19,902 → 10,028 of a 16,000-token window).',
    });
  });

  it('streams text deltas into one assistant message and records tool calls with their results', () => {
    const s = fold([
      { type: 'task_started', tabId: T, taskId: 't1', mode: 'act' },
      { type: 'text_delta', tabId: T, taskId: 't1', messageId: 'm1', text: 'Hel' },
      { type: 'text_delta', tabId: T, taskId: 't1', messageId: 'm1', text: 'lo' },
      { type: 'tool_call', tabId: T, taskId: 't1', callId: 'c1', tool: 'click', args: { ref: 'ref_3' } },
      { type: 'tool_result', tabId: T, taskId: 't1', callId: 'c1', tool: 'click', ok: true, result: 'clicked', ms: 42 },
    ]);
    expect(s.status).toBe('running');
    expect(s.mode).toBe('act');
    expect(s.messages.map((m) => [m.role, m.text ?? m.tool])).toEqual([
      ['assistant', 'Hello'],
      ['tool', 'click'],
    ]);
    expect(s.messages[1]).toMatchObject({ ok: true, result: 'clicked', ms: 42, args: { ref: 'ref_3' } });
  });

  it('ignores events for other tabs', () => {
    const s = fold([{ type: 'text_delta', tabId: 99, taskId: 't', messageId: 'x', text: 'nope' }]);
    expect(s.messages).toEqual([]);
  });

  it('adds the final answer only when it was not streamed', () => {
    const notStreamed = fold([
      { type: 'task_started', tabId: T, taskId: 't1', mode: 'ask' },
      { type: 'task_ended', tabId: T, taskId: 't1', status: 'done', answer: '3 items left' },
    ]);
    expect(notStreamed.messages.map((m) => m.text)).toEqual(['3 items left']);
    expect(notStreamed.status).toBe('done');

    const streamed = fold([
      { type: 'task_started', tabId: T, taskId: 't1', mode: 'ask' },
      { type: 'text_delta', tabId: T, taskId: 't1', messageId: 'm', text: '3 items left' },
      { type: 'task_ended', tabId: T, taskId: 't1', status: 'done', answer: '3 items left' },
    ]);
    expect(streamed.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
  });

  it('tracks an approval until it is resolved, and notes the decision', () => {
    const waiting = fold([
      { type: 'task_started', tabId: T, taskId: 't1', mode: 'act' },
      {
        type: 'approval_request',
        tabId: T,
        taskId: 't1',
        approvalId: 'a1',
        tool: 'click',
        args: { ref: 'ref_9' },
        site: 'https://shop.example',
        description: 'Click button "Pay $40"',
      },
    ]);
    expect(waiting.status).toBe('awaiting_approval');
    expect(isBusy(waiting.status)).toBe(true);
    expect(waiting.approval?.description).toBe('Click button "Pay $40"');
    const resolved = applyEvent(waiting, {
      type: 'approval_resolved',
      tabId: T,
      taskId: 't1',
      approvalId: 'a1',
      decision: 'deny',
    });
    expect(resolved.approval).toBeUndefined();
    expect(resolved.status).toBe('running');
    expect(resolved.messages.at(-1)?.text).toBe('Denied: Click button "Pay $40" on https://shop.example');
  });

  it('keeps a pending approval across a snapshot while the task still waits', () => {
    const waiting = fold([
      {
        type: 'approval_request',
        tabId: T,
        taskId: 't1',
        approvalId: 'a1',
        tool: 'click',
        args: {},
        site: 's',
        description: 'd',
      },
    ]);
    const conv: Conversation = {
      tabId: T,
      messages: [],
      status: 'awaiting_approval',
      taskUsage: { inputTokens: 1, outputTokens: 2 },
      chatUsage: { inputTokens: 3, outputTokens: 4 },
    };
    expect(applyEvent(waiting, { type: 'snapshot', tabId: T, conversation: conv }).approval?.approvalId).toBe('a1');
    expect(
      applyEvent(waiting, { type: 'snapshot', tabId: T, conversation: { ...conv, status: 'done' } }).approval,
    ).toBeUndefined();
  });

  it('reports errors, stops and step limits as notices', () => {
    const s = fold([
      { type: 'task_started', tabId: T, taskId: 't1', mode: 'act' },
      { type: 'task_ended', tabId: T, taskId: 't1', status: 'error', error: 'HTTP 401: check your API key' },
      { type: 'task_started', tabId: T, taskId: 't2', mode: 'act' },
      { type: 'task_ended', tabId: T, taskId: 't2', status: 'stopped' },
      { type: 'error', message: 'worker restarted' },
    ]);
    expect(s.messages.map((m) => [m.text, m.ok])).toEqual([
      ['HTTP 401: check your API key', false],
      ['Stopped.', true],
      ['worker restarted', false],
    ]);
  });

  it('updates usage per step and resets the task usage on a new task', () => {
    const s = fold([
      { type: 'task_started', tabId: T, taskId: 't1', mode: 'act' },
      {
        type: 'usage',
        tabId: T,
        taskId: 't1',
        step: { inputTokens: 10, outputTokens: 5 },
        task: { inputTokens: 10, outputTokens: 5 },
        chat: { inputTokens: 110, outputTokens: 55 },
      },
    ]);
    expect(s.taskUsage).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect(s.chatUsage).toEqual({ inputTokens: 110, outputTokens: 55 });
    expect(s.steps).toBe(1);
    const next = applyEvent(s, { type: 'task_started', tabId: T, taskId: 't2', mode: 'act' });
    expect(next.taskUsage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(next.chatUsage).toEqual({ inputTokens: 110, outputTokens: 55 });
  });

  it('replaces local state with the snapshot', () => {
    const local = withUserMessage(emptyConversation(T), 'local-5-0', 'hi', 5);
    const conversation: Conversation = {
      tabId: T,
      messages: [{ id: 'u1', role: 'user', text: 'hi', ts: 5 }],
      taskUsage: { inputTokens: 0, outputTokens: 0 },
      chatUsage: { inputTokens: 0, outputTokens: 0 },
      model: 'gpt-4o',
    };
    const s = applyEvent(local, { type: 'snapshot', tabId: T, conversation });
    expect(s.messages.map((m) => m.id)).toEqual(['u1']);
    expect(s.model).toBe('gpt-4o');
  });

  it('cuts stored tool results and drops the oldest messages past the cap', () => {
    const long = 'x'.repeat(STORED_RESULT_CHARS + 10);
    const s = fold([
      { type: 'tool_result', tabId: T, taskId: 't', callId: 'c', tool: 'read', ok: true, result: long, ms: 1 },
    ]);
    expect(s.messages[0]?.result).toBe(`${'x'.repeat(STORED_RESULT_CHARS)}… [cut for storage]`);
    let many = emptyConversation(T);
    for (let i = 0; i < MAX_MESSAGES + 5; i++) many = withUserMessage(many, `u${i}`, 'hi', 1);
    expect(many.messages).toHaveLength(MAX_MESSAGES);
    expect(many.messages[0]?.id).toBe('u5');
  });
});

/** A task with every kind of event: streamed text, tools, an approval denied, usage, then a stop. */
function taskStream(taskId: string): AgentEvent[] {
  const base = { tabId: T, taskId };
  return [
    { type: 'task_started', ...base, mode: 'act' },
    { type: 'text_delta', ...base, messageId: `${taskId}-m1`, text: 'Reading ' },
    { type: 'text_delta', ...base, messageId: `${taskId}-m1`, text: 'the page.' },
    { type: 'tool_call', ...base, callId: `${taskId}-c1`, tool: 'get_accessibility_tree', args: {} },
    {
      type: 'tool_result',
      ...base,
      callId: `${taskId}-c1`,
      tool: 'get_accessibility_tree',
      ok: true,
      result: 'button "Pay" [ref_1]',
      ms: 9,
    },
    {
      type: 'usage',
      ...base,
      step: { inputTokens: 5, outputTokens: 2 },
      task: { inputTokens: 5, outputTokens: 2 },
      chat: { inputTokens: 5, outputTokens: 2 },
    },
    { type: 'tool_call', ...base, callId: `${taskId}-c2`, tool: 'click_ax', args: { ref_id: 'ref_1' } },
    {
      type: 'approval_request',
      ...base,
      approvalId: `${taskId}-a1`,
      tool: 'click_ax',
      args: { ref_id: 'ref_1' },
      site: 'https://shop.example',
      description: 'Click button "Pay"',
    },
    { type: 'approval_resolved', ...base, approvalId: `${taskId}-a1`, decision: 'deny' },
    {
      type: 'tool_result',
      ...base,
      callId: `${taskId}-c2`,
      tool: 'click_ax',
      ok: false,
      result: 'REFUSED: the user denied this action',
      ms: 3,
    },
    { type: 'error', tabId: T, message: 'The provider is slow to answer.' },
    { type: 'task_ended', ...base, status: 'stopped' },
    { type: 'task_started', tabId: T, taskId: `${taskId}-2`, mode: 'ask' },
    { type: 'task_ended', tabId: T, taskId: `${taskId}-2`, status: 'done', answer: 'Nothing to pay.' },
  ];
}

describe('a reopened panel shows what the worker holds', () => {
  const events = taskStream('t1');
  // The worker folds every event and records the task's user message; time is fixed so ids and ts agree.
  const worker = (upTo: number): Conversation =>
    events
      .slice(0, upTo)
      .reduce((s, e) => applyEvent(s, e, 1000), withUserMessage(emptyConversation(T), 't1-user', 'pay the bill', 1000));

  test('for every point at which the panel closes and reopens', () => {
    const whole = worker(events.length);
    for (let reopenAt = 0; reopenAt <= events.length; reopenAt++) {
      // The reopened panel starts from the worker's snapshot, then folds the live events that follow.
      const snapshot: AgentEvent = { type: 'snapshot', tabId: T, conversation: worker(reopenAt) };
      const panel = [snapshot, ...events.slice(reopenAt)].reduce(
        (s, e) => applyEvent(s, e, 1000),
        emptyConversation(T),
      );
      expect(panel, `reopened after event ${reopenAt}`).toEqual(whole);
    }
  });

  test('and the stored form of it round-trips through the snapshot schema', async () => {
    const { ConversationSchema } = await import('./protocol/agent');
    const whole = worker(events.length);
    expect(ConversationSchema.parse(JSON.parse(JSON.stringify(whole)))).toEqual(whole);
    expect(whole.messages.filter((m) => m.role === 'notice').map((m) => [m.text, m.ok])).toEqual([
      ['Denied: Click button "Pay" on https://shop.example', true],
      ['The provider is slow to answer.', false],
      ['Stopped.', true],
    ]);
  });
});
