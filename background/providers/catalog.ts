import type { Tier } from '../../src/modes';
import type { ProviderId } from '../../src/settings';
import { visionByDefault } from '../../src/vision-models';

/** The worker's model knowledge; the provider table itself is src/providers.ts, shared with the panel. */

interface ModelProfile {
  tier: Tier;
  contextWindow: number;
}

/** A model's profile plus whether it sees images (the `screenshot` tool is offered only then). */
export interface ModelDefaults extends ModelProfile {
  vision: boolean;
}

export function defaultsFor(provider: ProviderId, model: string): ModelDefaults {
  return { ...profileFor(provider, model), vision: visionByDefault(model) };
}

// Known model families, most specific first. Figures are the vendors' published context windows;
// the tier (Compact / Mid / Full, src/modes.ts) says how much tool surface and read budget the
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

const LOCAL: ReadonlySet<ProviderId> = new Set(['ollama', 'lmstudio', 'openai-compatible']);

/**
 * Sensible tier and context window for a model the user did not describe. Unknown hosted models
 * are assumed Mid/128k; unknown local ones Compact/8k, because a local server's default context is
 * small and a wrong "Full" guess would overflow it.
 */
function profileFor(provider: ProviderId, model: string): ModelProfile {
  const known = KNOWN.find((k) => k.pattern.test(model));
  if (known) {
    // Local servers usually run a model at a far smaller context than its vendor maximum.
    if (LOCAL.has(provider))
      return { tier: known.profile.tier, contextWindow: Math.min(known.profile.contextWindow, 32_768) };
    return known.profile;
  }
  return LOCAL.has(provider) ? { tier: 'compact', contextWindow: 8_192 } : { tier: 'mid', contextWindow: 128_000 };
}
