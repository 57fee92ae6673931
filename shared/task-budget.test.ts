import { describe, expect, it } from 'vitest';
import { budgetCrossed, budgetStopMessage, describeBudget, doneSoFar, effectiveBudget, spentOf } from './task-budget';

const priced = { provider: 'openai' as const, model: 'gpt-4o' };
const unknown = { provider: 'openai-compatible' as const, model: 'my-own-model' };
const local = { provider: 'ollama' as const, model: 'qwen3:8b' };

describe('task budgets', () => {
  it('takes the run budget over the settings default, and none when neither sets a ceiling', () => {
    expect(effectiveBudget({ tokens: 10 }, { tokens: 99, usd: 1 })).toEqual({ tokens: 10 });
    expect(effectiveBudget(undefined, { usd: 1 })).toEqual({ usd: 1 });
    expect(effectiveBudget(undefined, {})).toBeUndefined();
    expect(effectiveBudget({}, { tokens: 5 })).toBeUndefined();
  });

  it('counts input plus output tokens and crosses the token ceiling at the limit, not before', () => {
    expect(budgetCrossed({ inputTokens: 900, outputTokens: 99 }, { tokens: 1000 }, unknown)).toBeNull();
    const why = budgetCrossed({ inputTokens: 900, outputTokens: 100 }, { tokens: 1000 }, unknown);
    expect(why).toBe('the token budget of 1,000 was reached: 1,000 tokens used');
    expect(budgetCrossed({ inputTokens: 5, outputTokens: 5 }, undefined, priced)).toBeNull();
  });

  it('prices a known model and crosses the cost ceiling; an unknown price never crosses it, a local model costs 0', () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 0 };
    const spent = spentOf(usage, priced);
    expect(spent.usd).toBeGreaterThan(0);
    expect(budgetCrossed(usage, { usd: (spent.usd ?? 0) / 2 }, priced)).toMatch(
      /^the cost budget of \$\S+ was reached/,
    );
    expect(budgetCrossed(usage, { usd: 0.01 }, unknown)).toBeNull();
    expect(spentOf(usage, local).usd).toBe(0);
    expect(describeBudget({ usd: 0.5 }, unknown)).toMatch(/not checked: no price known/);
    expect(describeBudget({ tokens: 5000, usd: 0.5 }, priced)).toBe('budget 5,000 tokens / $0.500');
  });

  it('says what was done so far', () => {
    expect(doneSoFar([])).toBe('No tool call ran.');
    const steps = Array.from({ length: 14 }, (_, i) => ({ tool: `t${i}`, ok: i !== 13 }));
    expect(doneSoFar(steps)).toBe(
      '14 tool call(s) ran (13 ok): … 2 earlier, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13 (failed).',
    );
    expect(budgetStopMessage('the token budget of 1 was reached', [{ tool: 'click_ax', ok: true }])).toMatch(
      /^Stopped: the token budget of 1 was reached\. Done so far: 1 tool call\(s\) ran \(1 ok\): click_ax\. Raise the budget/,
    );
  });
});
