/**
 * The cost meter's arithmetic and formatting; the prices themselves are in the one model catalog
 * (shared/model-catalog.ts), shared with the worker.
 */
import type { Price } from '../shared/model-catalog';
import type { Usage } from '../shared/protocol/agent';

/** `inputTokens` is the whole prompt; its cached reads and cache writes are billed at their own rates. */
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

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
