import type { Usage } from '../../shared/protocol/agent';
import { lookupPrice } from '../../shared/model-catalog';
import { estimateCost, formatTokens, formatUsd } from '../pricing';
import { chat, settings } from '../store';

function tokens(u: Usage): string {
  const cached = u.cachedInputTokens ? ` (${formatTokens(u.cachedInputTokens)} cached)` : '';
  return `${formatTokens(u.inputTokens)} in${cached} · ${formatTokens(u.outputTokens)} out`;
}

/** Tokens for the current task and the whole chat, with a cost estimate when the model's price is known. */
export function CostMeter() {
  const state = chat.value;
  if (!state) return null;
  const { taskUsage, chatUsage } = state;
  if (chatUsage.inputTokens === 0 && chatUsage.outputTokens === 0 && taskUsage.inputTokens === 0) return null;
  const model = state.model ?? settings.value?.model;
  const lookup = lookupPrice(model, settings.value?.provider);
  let cost = '';
  let title = 'Token counts as reported by the provider.';
  if (lookup.kind === 'priced') {
    cost = ` · est. ${formatUsd(estimateCost(taskUsage, lookup.price))} / ${formatUsd(estimateCost(chatUsage, lookup.price))}`;
    const cache =
      lookup.price.cachedInput !== undefined
        ? `, cached input $${lookup.price.cachedInput}/M`
        : ', no cache rate known';
    title = `Estimated from list prices for ${model} ($${lookup.price.input}/M in, $${lookup.price.output}/M out${cache}); price changes are not counted.`;
  } else if (lookup.kind === 'local') {
    cost = ' · local model, no cost';
  } else {
    title += ` No price known for ${model ?? 'this model'}, so no cost estimate.`;
  }
  return (
    <p class="cost-meter" data-testid="cost-meter" title={title}>
      <span>Task {tokens(taskUsage)}</span>
      <span aria-hidden="true"> | </span>
      <span>Chat {tokens(chatUsage)}</span>
      {cost && <span>{cost}</span>}
    </p>
  );
}
