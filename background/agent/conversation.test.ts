import { describe, expect, it } from 'vitest';
import { applyEvent, emptyConversation } from './conversation';

describe('conversation reducer', () => {
  it('builds the same conversation the live events describe', () => {
    const c = emptyConversation(7);
    const base = { tabId: 7, taskId: 't1' };
    applyEvent(c, { type: 'task_started', ...base, mode: 'act' });
    applyEvent(c, { type: 'text_delta', ...base, messageId: 'm1', text: 'Looking' });
    applyEvent(c, { type: 'text_delta', ...base, messageId: 'm1', text: ' now.' });
    applyEvent(c, { type: 'tool_call', ...base, callId: 'c1', tool: 'get_accessibility_tree', args: {} });
    applyEvent(c, {
      type: 'tool_result',
      ...base,
      callId: 'c1',
      tool: 'get_accessibility_tree',
      ok: true,
      result: 'tree',
      ms: 12,
    });
    applyEvent(c, {
      type: 'usage',
      ...base,
      step: { inputTokens: 5, outputTokens: 2 },
      task: { inputTokens: 5, outputTokens: 2 },
      chat: { inputTokens: 9, outputTokens: 4 },
    });
    applyEvent(c, { type: 'task_ended', ...base, status: 'done', answer: 'Looking now.' });
    expect(c.status).toBe('done');
    expect(c.mode).toBe('act');
    expect(c.messages.map((m) => [m.role, m.text ?? m.tool])).toEqual([
      ['assistant', 'Looking now.'],
      ['tool', 'get_accessibility_tree'],
    ]);
    expect(c.messages[1]).toMatchObject({ ok: true, result: 'tree', ms: 12 });
    expect(c.chatUsage).toEqual({ inputTokens: 9, outputTokens: 4 });
  });
});
