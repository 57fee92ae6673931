import { modelMessageSchema, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { notRunResults, unansweredCalls } from './unanswered-step';

const user: ModelMessage = { role: 'user', content: 'Find the price' };
const ask = (...tools: string[]): ModelMessage => ({
  role: 'assistant',
  content: [
    { type: 'text', text: 'Reading.' },
    ...tools.map((t, i) => ({ type: 'tool-call' as const, toolCallId: `c${i}`, toolName: t, input: {} })),
  ],
});

describe('unansweredCalls', () => {
  it('is empty for a whole history: a step whose results were stored, or a final answer', () => {
    const answered: ModelMessage = {
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'c0', toolName: 'find', output: { type: 'text', value: 'x' } }],
    };
    expect(unansweredCalls([user, ask('find'), answered])).toEqual([]);
    expect(unansweredCalls([user, { role: 'assistant', content: 'The price is 4 €.' }])).toEqual([]);
    expect(unansweredCalls([])).toEqual([]);
  });

  it('names every call of a trailing assistant turn, the step a worker died in', () => {
    expect(unansweredCalls([user, ask('click_ax', 'get_accessibility_tree')])).toEqual([
      { toolCallId: 'c0', toolName: 'click_ax' },
      { toolCallId: 'c1', toolName: 'get_accessibility_tree' },
    ]);
  });
});

describe('notRunResults', () => {
  it('answers each call once, by id, in a tool turn the stored record accepts', () => {
    const turn = notRunResults(unansweredCalls([user, ask('find', 'get_page_info')]));
    expect(modelMessageSchema.safeParse(turn).success).toBe(true);
    expect(turn.role).toBe('tool');
    const ids = Array.isArray(turn.content) ? turn.content.map((p) => ('toolCallId' in p ? p.toolCallId : '')) : [];
    expect(ids).toEqual(['c0', 'c1']);
    expect(JSON.stringify(turn)).toMatch(/Not run: Chrome restarted/);
    // The history is whole again: nothing left to answer.
    expect(unansweredCalls([user, ask('find', 'get_page_info'), turn])).toEqual([]);
  });
});
