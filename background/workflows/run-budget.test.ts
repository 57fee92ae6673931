import { describe, expect, it } from 'vitest';
import { RunBudget } from './run-budget';

const model = { provider: 'openai', model: 'gpt-4o-mini' } as const;

describe('RunBudget', () => {
  it('allows model calls until the heals spent the token budget, then says what was done', () => {
    const b = new RunBudget({ tokens: 1000 }, model);
    expect(b.stopBeforeModelCall([])).toBeNull();
    b.add({ inputTokens: 700, outputTokens: 20 });
    expect(b.stopBeforeModelCall([])).toBeNull();
    b.add({ inputTokens: 400, outputTokens: 10 });
    const msg = b.stopBeforeModelCall([
      { tool: 'type_ax', ok: true },
      { tool: 'click_ax', ok: true },
    ]);
    expect(msg).toMatch(/^Stopped: the token budget of 1,000 was reached: 1,130 tokens used/);
    expect(msg).toContain('Done so far: 2 tool call(s) ran (2 ok): type_ax, click_ax.');
    expect(b.usage).toEqual({ inputTokens: 1100, outputTokens: 30 });
  });

  it('never stops a run without a budget', () => {
    const b = new RunBudget(undefined, model);
    b.add({ inputTokens: 10_000_000, outputTokens: 0 });
    expect(b.stopBeforeModelCall([])).toBeNull();
  });
});
