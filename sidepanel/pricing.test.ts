import { describe, expect, it } from 'vitest';
import { lookupPrice } from '../shared/model-catalog';
import { estimateCost, formatTokens, formatUsd } from './pricing';

describe('pricing', () => {
  it('matches the longest known prefix, dated snapshots and vendor-prefixed ids', () => {
    expect(lookupPrice('gpt-4o-mini')).toMatchObject({ kind: 'priced', price: { input: 0.15, output: 0.6 } });
    expect(lookupPrice('gpt-4o-2024-08-06')).toMatchObject({ kind: 'priced', price: { input: 2.5, output: 10 } });
    expect(lookupPrice('claude-sonnet-4-20250514')).toMatchObject({ kind: 'priced', price: { input: 3 } });
    expect(lookupPrice('openai/gpt-4.1-mini', 'openrouter')).toMatchObject({ kind: 'priced', price: { input: 0.4 } });
  });

  it('never guesses: unknown models have no price, local ones cost nothing', () => {
    expect(lookupPrice('gpt-4omega')).toEqual({ kind: 'unknown' });
    expect(lookupPrice('my-finetune')).toEqual({ kind: 'unknown' });
    expect(lookupPrice(undefined)).toEqual({ kind: 'unknown' });
    expect(lookupPrice('gpt-4o', 'ollama')).toEqual({ kind: 'local' });
  });

  it('prices cached input at the vendor rate', () => {
    const claude = lookupPrice('claude-sonnet-4-5');
    expect(claude).toEqual({ kind: 'priced', price: { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 } });
    if (claude.kind !== 'priced') throw new Error('unreachable');
    const plain = estimateCost({ inputTokens: 1_000_000, outputTokens: 0 }, claude.price);
    const cached = estimateCost(
      { inputTokens: 1_000_000, outputTokens: 0, cachedInputTokens: 800_000, cacheWriteTokens: 100_000 },
      claude.price,
    );
    // 100k plain at $3, 800k read at $0.30, 100k written at $3.75.
    expect(plain).toBeCloseTo(3);
    expect(cached).toBeCloseTo(0.3 + 0.24 + 0.375);
    expect(lookupPrice('gpt-4.1-mini')).toMatchObject({ price: { cachedInput: 0.1, cacheWrite: 0.4 } });
  });

  it('estimates and formats', () => {
    expect(estimateCost({ inputTokens: 1_000_000, outputTokens: 100_000 }, { input: 2.5, output: 10 })).toBeCloseTo(
      3.5,
    );
    expect(formatUsd(3.5)).toBe('$3.50');
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0.00001)).toBe('<$0.0001');
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(1234)).toBe('1.2k');
    expect(formatTokens(56_789)).toBe('57k');
  });
});
