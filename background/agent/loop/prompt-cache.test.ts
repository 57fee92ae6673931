import { jsonSchema, tool, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { withPromptCache } from './prompt-cache';

const schema = jsonSchema({ type: 'object', properties: {} });
const tools = {
  get_accessibility_tree: tool({ description: 'read', inputSchema: schema }),
  click_ax: tool({ description: 'click', inputSchema: schema }),
  execute_js: tool({ description: 'js', inputSchema: schema }),
};
const history: ModelMessage[] = [
  { role: 'user', content: 'task' },
  { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'click_ax', input: {} }] },
  {
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'click_ax', output: { type: 'text', value: 'ok' } }],
  },
];
const tail: ModelMessage[] = [{ role: 'user', content: "The user's tab now: …" }];
const EPHEMERAL = { anthropic: { cacheControl: { type: 'ephemeral' } } };

describe('withPromptCache', () => {
  it('marks the last offered tool, the system prompt and the end of the history on Anthropic', () => {
    const r = withPromptCache('anthropic', {
      system: 'sys',
      history,
      tail,
      tools,
      active: ['get_accessibility_tree', 'click_ax'],
    });
    expect(r.system).toEqual({ role: 'system', content: 'sys', providerOptions: EPHEMERAL });
    expect(r.tools.click_ax?.providerOptions).toEqual(EPHEMERAL);
    expect(r.tools.get_accessibility_tree?.providerOptions).toBeUndefined();
    expect(r.tools.execute_js?.providerOptions).toBeUndefined();
    expect(r.messages.at(-2)?.providerOptions).toEqual(EPHEMERAL);
    // The volatile page note is last and unmarked; nothing else is marked.
    expect(r.messages.at(-1)).toEqual(tail[0]);
    expect(r.messages.filter((m) => m.providerOptions !== undefined)).toHaveLength(1);
    // The caller's history is not mutated: the stored record stays free of provider options.
    expect(history.at(-1)?.providerOptions).toBeUndefined();
  });

  it('changes nothing on wires that cache a stable prefix by themselves', () => {
    const r = withPromptCache('openai-chat', { system: 'sys', history, tail, tools, active: ['click_ax'] });
    expect(r).toEqual({ system: 'sys', messages: [...history, ...tail], tools });
  });
});
