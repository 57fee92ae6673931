/**
 * Saving the settings form must keep every stored setting the user did not change: the panel reads
 * the public settings, fills the form, validates it and sends it; the worker merges it into storage.
 * A setting with no field in the form would be dropped by that merge (reset to its default), so this
 * walks the whole round trip for every key of the schema.
 */
import { describe, expect, it } from 'vitest';
import { mergeSettings, resolveSettings, toPublic } from '../../background/settings-store';
import { SettingsSchema } from '../../shared/settings';
import { formFromPublic, validateSettingsForm, type SettingsChoices } from './settings-form';

type Stored = Parameters<typeof mergeSettings>[0];

/** Form → worker, with the tier and context window the panel remembers the user chose. */
function saveUnchanged(stored: Stored, choices: SettingsChoices | null): Stored {
  const shown = toPublic(resolveSettings(stored));
  const v = validateSettingsForm(formFromPublic(shown, choices), shown);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return mergeSettings(stored, v.settings);
}

describe('saving the settings form unchanged', () => {
  it('keeps every setting the user chose, for every key of the settings schema', () => {
    const stored: Stored = {
      provider: 'openai-compatible',
      model: 'qwen3-32b',
      baseURL: 'http://localhost:8080/v1',
      tier: 'mid',
      contextWindow: 50_000,
      vision: false,
      compaction: false,
      planFirst: true,
      budgetTokens: 250_000,
      budgetUsd: 0.75,
      mcp: { enabled: true, mode: 'act' },
      networkBodies: true,
      apiKeys: { 'openai-compatible': 'sk-local-key-0000' },
    };
    // Every setting the schema knows is set here (the key is stored per provider, as apiKeys).
    const covered = new Set([...Object.keys(stored), 'apiKey']);
    expect(Object.keys(SettingsSchema.shape).filter((k) => !covered.has(k))).toEqual([]);
    const choices: SettingsChoices = {
      provider: stored.provider,
      model: stored.model,
      tier: 'mid',
      contextWindow: '50000',
    };
    expect(saveUnchanged(stored, choices)).toEqual(stored);
    const flips = [
      { vision: true },
      { compaction: true },
      { planFirst: false },
      { budgetTokens: 5000 },
      { networkBodies: false },
      { mcp: { enabled: false, mode: 'dev' } },
    ] as const;
    for (const flip of flips) expect(saveUnchanged({ ...stored, ...flip }, choices)).toEqual({ ...stored, ...flip });
  });

  it('pins no default the user did not choose', () => {
    const stored: Stored = {
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      apiKeys: { anthropic: 'sk-ant-000000' },
    };
    expect(saveUnchanged(stored, null)).toEqual(stored);
  });
});
