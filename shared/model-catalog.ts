/**
 * The one model catalog: what Weaverbird knows about a model from its provider and id alone — the
 * tier, the context window, whether it sees images, its list price, and whether it runs locally.
 * The worker fills unset settings from it (background/settings-store.ts) and the panel prices usage
 * and warns from it (sidepanel/pricing.ts, the settings form), so both read the same facts. The
 * user's own settings always win over these guesses. No `chrome.*` here.
 */
import type { Tier } from './modes';
import { PROVIDERS, type Hosting } from './providers';
import type { ProviderId } from './settings';

interface ModelProfile {
  tier: Tier;
  contextWindow: number;
}

/** A model's profile plus whether it sees images (the `screenshot` tool is offered only then). */
export interface ModelDefaults extends ModelProfile {
  vision: boolean;
}

// Known model families, most specific first. Figures are the vendors' published context windows;
// the tier (Compact / Mid / Full, shared/modes.ts) says how much tool surface and read budget the
// model handles well.
const KNOWN: readonly { pattern: RegExp; profile: ModelProfile }[] = [
  { pattern: /gpt-5.*nano|gpt-4\.1-nano/i, profile: { tier: 'compact', contextWindow: 400_000 } },
  { pattern: /gpt-5.*mini|o4-mini|o3-mini/i, profile: { tier: 'mid', contextWindow: 400_000 } },
  { pattern: /gpt-5|\bo3\b|\bo1\b/i, profile: { tier: 'full', contextWindow: 400_000 } },
  { pattern: /gpt-4\.1-mini/i, profile: { tier: 'mid', contextWindow: 1_047_576 } },
  { pattern: /gpt-4\.1/i, profile: { tier: 'full', contextWindow: 1_047_576 } },
  { pattern: /gpt-4o-mini/i, profile: { tier: 'mid', contextWindow: 128_000 } },
  { pattern: /gpt-4o|gpt-4-turbo/i, profile: { tier: 'full', contextWindow: 128_000 } },
  { pattern: /claude.*haiku/i, profile: { tier: 'mid', contextWindow: 200_000 } },
  { pattern: /claude/i, profile: { tier: 'full', contextWindow: 200_000 } },
  { pattern: /gemini.*flash-lite|gemini.*flash-8b/i, profile: { tier: 'compact', contextWindow: 1_048_576 } },
  { pattern: /gemini.*flash/i, profile: { tier: 'mid', contextWindow: 1_048_576 } },
  { pattern: /gemini/i, profile: { tier: 'full', contextWindow: 1_048_576 } },
  { pattern: /(?:^|[^\d])(?:70|72|90|110|235|405)b/i, profile: { tier: 'mid', contextWindow: 32_768 } },
  {
    pattern: /(?:^|[^\d.])(?:0\.5|1|1\.5|2|3|4|7|8|9|12|14)b|mini|nano|tiny|small/i,
    profile: { tier: 'compact', contextWindow: 8_192 },
  },
];

/**
 * The one meaning of "local": the model runs on the user's machine (Ollama, LM Studio), so no
 * vendor bills it. A server of the user's choosing (`openai-compatible`) is not local: it may be a
 * hosted service, so its usage is priced by model id when the id is known.
 */
export function isLocalProvider(provider: ProviderId): boolean {
  return PROVIDERS[provider].hosting === 'local';
}

/**
 * True when the provider's server is not a vendor's API (local or the user's own server): it
 * usually runs a model at a far smaller context than the vendor's maximum, so defaults stay small.
 */
function selfHosted(hosting: Hosting): boolean {
  return hosting !== 'vendor';
}

/**
 * Sensible tier and context window for a model the user did not describe. Unknown hosted models
 * are assumed Mid/128k; unknown self-hosted ones Compact/8k, because such a server's default
 * context is small and a wrong "Full" guess would overflow it.
 */
function profileFor(provider: ProviderId, model: string): ModelProfile {
  const own = selfHosted(PROVIDERS[provider].hosting);
  const known = KNOWN.find((k) => k.pattern.test(model));
  if (known) {
    if (own) return { tier: known.profile.tier, contextWindow: Math.min(known.profile.contextWindow, 32_768) };
    return known.profile;
  }
  return own ? { tier: 'compact', contextWindow: 8_192 } : { tier: 'mid', contextWindow: 128_000 };
}

/** The tier, context window and vision default for a model the user did not describe. */
export function defaultsFor(provider: ProviderId, model: string): ModelDefaults {
  return { ...profileFor(provider, model), vision: visionByDefault(model) };
}

/** The context window (tokens) assumed for a model when the user's settings give none. */
export function contextWindowOf(provider: ProviderId, model: string): number {
  return profileFor(provider, model).contextWindow;
}

/** The tier assumed for a model when the user's settings give none. */
export function tierOf(provider: ProviderId, model: string): Tier {
  return profileFor(provider, model).tier;
}

/*
 * Which models can see images, as far as the vendors publish it. The user's own `vision` setting
 * wins over this guess. A wrong "yes" costs a failed request (the API rejects the image), a wrong
 * "no" only hides the screenshot tool, so unknown models, small local ones included, default to no.
 */
const VISION: readonly RegExp[] = [
  // Anthropic: every Claude 3 and 4 model takes images (docs.anthropic.com, "Vision").
  /claude-(?:3|4|opus|sonnet|haiku)/i,
  // OpenAI: GPT-4o, GPT-4.1, GPT-5 (all sizes), GPT-4 Turbo, o1, o3 and o4-mini take image input.
  /gpt-4o|gpt-4\.1|gpt-5|gpt-4-turbo|gpt-4-vision|(?:^|\/)o1(?!-mini|-preview)\b|(?:^|\/)o3(?!-mini)\b|(?:^|\/)o4-mini/i,
  // Google: Gemini 1.5 onward is multimodal; 1.0 Pro is text only.
  /gemini-(?:1\.5|2|3|exp|flash|pro-vision)/i,
  // Open models that carry their vision in the name (Ollama, LM Studio and vLLM tags).
  /llava|vision|[-_.]vl(?:\b|[-_.:])|qwen2\.5vl|minicpm-v|moondream|pixtral|internvl/i,
];

/** Variants of vision families that take no image input. */
const TEXT_ONLY = /gpt-4o(?:-mini)?-(?:audio|transcribe|tts|search)|gpt-5-chat-audio|realtime/i;

/** Whether a model takes image input, by its id. */
export function visionByDefault(model: string): boolean {
  if (TEXT_ONLY.test(model)) return false;
  return VISION.some((p) => p.test(model));
}

/*
 * List prices in US dollars per million tokens (input, output), from the providers' public pricing
 * pages as of 2025. Prompt-cache reads and writes are priced at each vendor's published rate (see
 * CACHE_RATES); long-context surcharges, reasoning tokens billed as output and price changes are not
 * modelled, so the panel always labels the figure "estimated". Unknown models show tokens only.
 */
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

export type PriceLookup = { kind: 'priced'; price: Price } | { kind: 'local' } | { kind: 'unknown' };

/** The price for a model id; OpenRouter-style "vendor/model" ids are matched on their model part. */
export function lookupPrice(model: string | undefined, provider?: ProviderId): PriceLookup {
  if (provider !== undefined && isLocalProvider(provider)) return { kind: 'local' };
  if (model === undefined) return { kind: 'unknown' };
  const id = (model.split('/').at(-1) ?? model).trim().toLowerCase();
  const hit = SORTED.find(([prefix]) => id === prefix || id.startsWith(`${prefix}-`) || id.startsWith(`${prefix}:`));
  return hit ? { kind: 'priced', price: withCacheRates(hit[0], hit[1]) } : { kind: 'unknown' };
}
