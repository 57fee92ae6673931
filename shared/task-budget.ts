/**
 * Task budgets (issue 30): a ceiling on the tokens a run may spend and, when the model's price is
 * known (shared/model-catalog.ts), on its estimated cost. The agent loop checks it before every model
 * call (background/agent/loop/runner.ts); a workflow run checks its own usage with the same function.
 * No `chrome.*` here.
 */
import * as z from 'zod/mini';
import { lookupPrice } from './model-catalog';
import type { Usage } from './protocol/agent';
import type { ProviderId } from './settings';
import { estimateCost, formatUsd } from './usage';

/** At most a billion tokens / a thousand dollars: a ceiling above that is a typo, not a budget. */
export const TaskBudgetSchema = z.object({
  /** Input plus output tokens over every model call of the run (each call's whole prompt counts). */
  tokens: z.optional(z.number().check(z.int(), z.positive(), z.maximum(1_000_000_000))),
  /** Estimated US dollars at list price; checked only when the model's price is known. */
  usd: z.optional(z.number().check(z.positive(), z.maximum(1000))),
});
export type TaskBudget = z.infer<typeof TaskBudgetSchema>;

export interface ModelRef {
  provider: ProviderId;
  model: string;
}

/** What a run has spent: tokens always, dollars when the model is priced (local models cost 0). */
export function spentOf(usage: Usage, model: ModelRef): { tokens: number; usd: number | undefined } {
  const price = lookupPrice(model.model, model.provider);
  const tokens = usage.inputTokens + usage.outputTokens;
  if (price.kind === 'local') return { tokens, usd: 0 };
  return { tokens, usd: price.kind === 'priced' ? estimateCost(usage, price.price) : undefined };
}

/** The run's budget: the one it was given, else the settings' default; none when neither sets a ceiling. */
export function effectiveBudget(run: TaskBudget | undefined, defaults: TaskBudget): TaskBudget | undefined {
  const b = run ?? defaults;
  return b.tokens === undefined && b.usd === undefined ? undefined : b;
}

const int = (n: number): string => n.toLocaleString('en-US');

/**
 * Null while the run is within its budget; otherwise why it must stop, for the user and the run's
 * report. A dollar ceiling on a model whose price is unknown cannot be checked: the token ceiling
 * (if any) still holds, and `describeBudget` says so at the start.
 */
export function budgetCrossed(usage: Usage, budget: TaskBudget | undefined, model: ModelRef): string | null {
  if (!budget) return null;
  const spent = spentOf(usage, model);
  const cost = spent.usd === undefined ? '' : ` (about ${formatUsd(spent.usd)})`;
  if (budget.tokens !== undefined && spent.tokens >= budget.tokens)
    return `the token budget of ${int(budget.tokens)} was reached: ${int(spent.tokens)} tokens used${cost}`;
  if (budget.usd !== undefined && spent.usd !== undefined && spent.usd >= budget.usd)
    return `the cost budget of ${formatUsd(budget.usd)} was reached: about ${formatUsd(spent.usd)} spent (${int(spent.tokens)} tokens)`;
  return null;
}

/** One line naming the budget, e.g. for a run's report; says when a dollar ceiling cannot be checked. */
export function describeBudget(budget: TaskBudget | undefined, model: ModelRef): string {
  if (!budget) return 'no budget';
  const parts: string[] = [];
  if (budget.tokens !== undefined) parts.push(`${int(budget.tokens)} tokens`);
  if (budget.usd !== undefined) {
    const priced = lookupPrice(model.model, model.provider).kind !== 'unknown';
    parts.push(
      priced ? formatUsd(budget.usd) : `${formatUsd(budget.usd)} (not checked: no price known for ${model.model})`,
    );
  }
  return `budget ${parts.join(' / ')}`;
}

export interface StepLike {
  tool: string;
  ok: boolean;
}

/** What a stopped run did so far, in one short line: the calls in order, the last few named. */
export function doneSoFar(steps: readonly StepLike[], shown = 12): string {
  if (steps.length === 0) return 'No tool call ran.';
  const tail = steps.slice(-shown).map((s) => `${s.tool}${s.ok ? '' : ' (failed)'}`);
  const skipped = steps.length - tail.length;
  const okCount = steps.filter((s) => s.ok).length;
  return `${steps.length} tool call(s) ran (${okCount} ok): ${skipped > 0 ? `… ${skipped} earlier, ` : ''}${tail.join(', ')}.`;
}

/** The message a run stopped by its budget ends with. */
export function budgetStopMessage(reason: string, steps: readonly StepLike[]): string {
  return `Stopped: ${reason}. Done so far: ${doneSoFar(steps)} Raise the budget (settings, or the run's budget) or ask again with a narrower task.`;
}
