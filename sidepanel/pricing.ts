/**
 * A small list-price table for the cost meter, in US dollars per million tokens (input, output),
 * from the providers' public pricing pages as of 2025. Prompt-cache reads and writes are priced at
 * each vendor's published rate (see CACHE_RATES); long-context surcharges, reasoning tokens billed as
 * output and price changes are not modelled, so the panel always labels the figure "estimated".
 * Unknown models show tokens only, never a guess.
 */
import type { ProviderId } from '../src/settings';
import type { Usage } from '../src/protocol/agent';

export interface Price {
  /** USD per 1M input tokens. */
  input: number;
  /** USD per 1M output tokens. */
  output: number;
  /** USD per 1M input tokens read from the provider's prompt cache. */
  cachedInput?: number;
  /** USD per 1M input tokens written to the prompt cache (Anthropic bills writes above the input price). */
  cacheWrite?: number;
}

/**
 * Cache rates as multiples of the input price, by model family (longest prefix first): Anthropic
 * reads 0.1×, 5-minute writes 1.25× (docs.anthropic.com prompt-caching pricing); OpenAI cached
 * input 0.1× (gpt-5), 0.25× (gpt-4.1, o3, o4-mini), 0.5× (gpt-4o, o3-mini); Gemini 2.x 0.25×.
 * Writes cost nothing extra on OpenAI and Gemini's implicit caching.
 */
const CACHE_RATES: ReadonlyArray<readonly [prefix: string, read: number, write: number]> = [
  ['claude', 0.1, 1.25],
  ['gpt-5', 0.1, 1],
  ['gpt-4.1', 0.25, 1],
  ['gpt-4o', 0.5, 1],
  ['o3-mini', 0.5, 1],
  ['o3', 0.25, 1],
  ['o4-mini', 0.25, 1],
  ['gemini', 0.25, 1],
];

function withCacheRates(prefix: string, p: Price): Price {
  const rate = CACHE_RATES.find(([family]) => prefix.startsWith(family));
  if (!rate) return p;
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return { ...p, cachedInput: round(p.input * rate[1]), cacheWrite: round(p.input * rate[2]) };
}

// Longest prefix wins, so "gpt-4o-mini" is matched before "gpt-4o" and dated snapshots
// ("claude-sonnet-4-20250514") match their family.
const PRICES: ReadonlyArray<readonly [prefix: string, price: Price]> = [
  ['gpt-5-nano', { input: 0.05, output: 0.4 }],
  ['gpt-5-mini', { input: 0.25, output: 2 }],
  ['gpt-5', { input: 1.25, output: 10 }],
  ['gpt-4.1-nano', { input: 0.1, output: 0.4 }],
  ['gpt-4.1-mini', { input: 0.4, output: 1.6 }],
  ['gpt-4.1', { input: 2, output: 8 }],
  ['gpt-4o-mini', { input: 0.15, output: 0.6 }],
  ['gpt-4o', { input: 2.5, output: 10 }],
  ['o4-mini', { input: 1.1, output: 4.4 }],
  ['o3-mini', { input: 1.1, output: 4.4 }],
  ['o3', { input: 2, output: 8 }],
  ['claude-opus-4-5', { input: 5, output: 25 }],
  ['claude-opus-4', { input: 15, output: 75 }],
  ['claude-sonnet-4', { input: 3, output: 15 }],
  ['claude-3-7-sonnet', { input: 3, output: 15 }],
  ['claude-3-5-sonnet', { input: 3, output: 15 }],
  ['claude-haiku-4-5', { input: 1, output: 5 }],
  ['claude-3-5-haiku', { input: 0.8, output: 4 }],
  ['gemini-2.5-pro', { input: 1.25, output: 10 }],
  ['gemini-2.5-flash-lite', { input: 0.1, output: 0.4 }],
  ['gemini-2.5-flash', { input: 0.3, output: 2.5 }],
  ['gemini-2.0-flash-lite', { input: 0.075, output: 0.3 }],
  ['gemini-2.0-flash', { input: 0.1, output: 0.4 }],
];

const SORTED = [...PRICES].sort((a, b) => b[0].length - a[0].length);

const LOCAL: ReadonlySet<ProviderId> = new Set(['ollama', 'lmstudio']);

export type PriceLookup = { kind: 'priced'; price: Price } | { kind: 'local' } | { kind: 'unknown' };

/** The price for a model id; OpenRouter-style "vendor/model" ids are matched on their model part. */
export function lookupPrice(model: string | undefined, provider?: ProviderId): PriceLookup {
  if (provider !== undefined && LOCAL.has(provider)) return { kind: 'local' };
  if (model === undefined) return { kind: 'unknown' };
  const id = (model.split('/').at(-1) ?? model).trim().toLowerCase();
  const hit = SORTED.find(([prefix]) => id === prefix || id.startsWith(`${prefix}-`) || id.startsWith(`${prefix}:`));
  return hit ? { kind: 'priced', price: withCacheRates(hit[0], hit[1]) } : { kind: 'unknown' };
}

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
