import { describe, expect, it } from 'vitest';
import type { AgentEvent, Conversation } from '../../src/protocol/agent';
import { applyEvent, emptyChat, fromSnapshot, isBusy, withLocalUserMessage, type ChatState } from './chat-state';

const T = 7;
const fold = (events: AgentEvent[], start: ChatState = emptyChat(T)) =>
  events.reduce((s, e) => applyEvent(s, e, 1000), start);

describe('chat state reducer', () => {
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
    const local = withLocalUserMessage(emptyChat(T), 'hi', 5);
    const s = fromSnapshot(
      {
        tabId: T,
        messages: [{ id: 'u1', role: 'user', text: 'hi', ts: 5 }],
        taskUsage: { inputTokens: 0, outputTokens: 0 },
        chatUsage: { inputTokens: 0, outputTokens: 0 },
        model: 'gpt-4o',
      },
      local,
    );
    expect(s.messages.map((m) => m.id)).toEqual(['u1']);
    expect(s.model).toBe('gpt-4o');
  });
});
