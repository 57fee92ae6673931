// The fixed prompt section of `npm run bench` (issue 26): system prompt + offered tool schemas, o200k
// tokens, per mode, tier and wire, measured on the request body the AI SDK builds for each wire
// (background/agent/loop/fixed-prompt.ts). No browser: the sources are bundled with esbuild and run in Node.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The same figures measured the same way on f36cc10, before tool families, model-facing schemas and
 * the shorter prompt (kept for the docs' before/after; Act mode, vision on).
 */
export const FIXED_PROMPT_BEFORE = {
  'openai-chat': { compact: 7_045, mid: 9_876, full: 10_732 },
  anthropic: { compact: 6_948, mid: 9_714, full: 10_555 },
  google: { compact: 5_806, mid: 8_087, full: 8_763 },
};

export async function measurePrompt(root) {
  const outfile = path.join(root, 'tests/.out/scripts/bench-prompt.mjs');
  await build({
    entryPoints: [path.join(root, 'scripts/bench/prompt-entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const mod = await import(pathToFileURL(outfile).href);
  const rows = (await mod.fixedPrompts()).map((r) => {
    const systemTokens = countTokens(r.system);
    const schemaTokens = countTokens(r.schemas);
    return {
      wire: r.wire,
      mode: r.mode,
      tier: r.tier,
      tools: r.tools,
      systemTokens,
      schemaTokens,
      tokens: systemTokens + schemaTokens,
    };
  });
  return { budget: mod.FIXED_PROMPT_BUDGET, before: FIXED_PROMPT_BEFORE, rows };
}

/** The largest fixed prompt of a tier over every mode and wire: what the budget is judged on. */
export function worstPrompt(prompt, tier) {
  return Math.max(...prompt.rows.filter((r) => r.tier === tier).map((r) => r.tokens));
}

export function printPrompt(prompt) {
  console.log('\nfixed prompt (system prompt + offered tool schemas, o200k tokens, as each wire sends it):');
  console.log('  mode  tier     wire         tools  system  schemas  total  (before, Act)');
  for (const r of prompt.rows) {
    const before = r.mode === 'act' ? `  (${prompt.before[r.wire]?.[r.tier] ?? '—'})` : '';
    console.log(
      `  ${r.mode.padEnd(5)} ${r.tier.padEnd(8)} ${r.wire.padEnd(12)} ${String(r.tools).padStart(5)}  ${String(r.systemTokens).padStart(6)}  ${String(r.schemaTokens).padStart(7)}  ${String(r.tokens).padStart(5)}${before}`,
    );
  }
}
