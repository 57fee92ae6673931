/**
 * Whether a model's context window can hold a task at all (issue 26): the fixed prompt (system
 * prompt + the tool schemas offered from the first step) plus one tree page and room for the reply.
 * Compaction can shrink the history, never these. Shared by the settings form (the warning) and the
 * worker's budget test, which holds the fixed prompt to FIXED_PROMPT_BUDGET on every wire
 * (background/agent/loop/fixed-prompt.test.ts).
 */
import type { Tier } from './modes';

/** Tokens (o200k) the fixed prompt may take per tier, any mode and wire. */
export const FIXED_PROMPT_BUDGET: Readonly<Record<Tier, number>> = { compact: 1_200, mid: 3_000, full: 3_000 };

/** A default tree page: 6,000 characters in a result of at most 8,000 (background/agent/loop/budgets.ts), ~4 per token. */
const ONE_PAGE_TOKENS = 2_000;
/** The task's own words and one reply with a tool call. */
const TURN_TOKENS = 1_000;

/** The least context window a task fits in for a tier. */
export function minContextWindow(tier: Tier): number {
  return FIXED_PROMPT_BUDGET[tier] + ONE_PAGE_TOKENS + TURN_TOKENS;
}

/** A warning for the settings form when `window` cannot hold the fixed prompt plus one page; null when it can. */
export function contextWindowWarning(window: number, tier: Tier): string | null {
  const least = minContextWindow(tier);
  if (window >= least) return null;
  return `A ${window.toLocaleString('en-US')}-token window cannot hold the fixed prompt of a ${tier}-tier model plus one page (about ${least.toLocaleString('en-US')} tokens): tasks will fail. Raise the model's context (e.g. Ollama's num_ctx) or choose the Compact tier.`;
}
