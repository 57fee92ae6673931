/**
 * The cost meter's arithmetic and formatting; the prices themselves are in the one model catalog
 * (shared/model-catalog.ts), shared with the worker.
 */

/** One cost formula for the panel's meter and the worker's budgets (shared/usage.ts). */
export { estimateCost, formatUsd } from '../shared/usage';

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
