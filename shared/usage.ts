/**
 * Token accounting shared by the worker (which sums each step's usage into the task's and the
 * chat's) and the panel (which prices it, sidepanel/pricing.ts). No `chrome.*` here.
 */
import type { Price } from './model-catalog';
import type { Usage } from './protocol/agent';

/** The AI SDK's per-step usage, as much of it as we read (ai's LanguageModelUsage). */
interface StepUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  inputTokenDetails?: { cacheReadTokens: number | undefined; cacheWriteTokens: number | undefined };
}

/**
 * One step's usage. `inputTokens` is the whole prompt: the SDK reports Anthropic's as
 * input + cache reads + cache writes, OpenAI's and Gemini's as the prompt with its cached part
 * inside, so the cached parts are always a subset of it.
 */
export function usageOfStep(u: StepUsage): Usage {
  const read = u.inputTokenDetails?.cacheReadTokens ?? 0;
  const write = u.inputTokenDetails?.cacheWriteTokens ?? 0;
  return {
    inputTokens: u.inputTokens ?? 0,
    outputTokens: u.outputTokens ?? 0,
    ...(read > 0 ? { cachedInputTokens: read } : {}),
    ...(write > 0 ? { cacheWriteTokens: write } : {}),
  };
}

export function addUsage(a: Usage, b: Usage): Usage {
  const read = (a.cachedInputTokens ?? 0) + (b.cachedInputTokens ?? 0);
  const write = (a.cacheWriteTokens ?? 0) + (b.cacheWriteTokens ?? 0);
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    ...(read > 0 ? { cachedInputTokens: read } : {}),
    ...(write > 0 ? { cacheWriteTokens: write } : {}),
  };
}

/**
 * Estimated cost in US dollars. `inputTokens` is the whole prompt; its cached reads and cache writes
 * are billed at their own rates. The panel's meter and the task budgets (shared/task-budget.ts) both use it.
 */
export function estimateCost(usage: Usage, price: Price): number {
  const read = usage.cachedInputTokens ?? 0;
  const write = usage.cacheWriteTokens ?? 0;
  const plain = Math.max(0, usage.inputTokens - read - write);
  const input =
    plain * price.input + read * (price.cachedInput ?? price.input) + write * (price.cacheWrite ?? price.input);
  return (input + usage.outputTokens * price.output) / 1_000_000;
}

export function formatUsd(amount: number): string {
  if (amount === 0) return '$0';
  if (amount < 0.0001) return '<$0.0001';
  if (amount < 0.01) return `$${amount.toFixed(4)}`;
  return `$${amount.toFixed(amount < 1 ? 3 : 2)}`;
}
