import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '../../shared/settings';
import {
  budgetFields,
  formFromPublic,
  needsSetup,
  switchProvider,
  validateSettingsForm,
  type SettingsForm,
} from './settings-form';

const base: SettingsForm = {
  provider: 'openai',
  model: 'gpt-4.1-mini',
  apiKey: 'sk-test',
  baseURL: '',
  tier: '',
  contextWindow: '',
  vision: '',
  planFirst: '',
  compaction: '',
  budgetTokens: '',
  budgetUsd: '',
};
const stored: PublicSettings = {
  provider: 'openai',
  model: 'gpt-4o',
  tier: 'mid',
  contextWindow: 128000,
  hasApiKey: true,
  apiKeyHint: '…abcd',
};

describe('settings form validation', () => {
  it('accepts a complete form and leaves optional fields out', () => {
    expect(validateSettingsForm(base, null)).toEqual({
      ok: true,
      settings: { provider: 'openai', model: 'gpt-4.1-mini', apiKey: 'sk-test' },
      warnings: {},
    });
  });

  it('names the field and the fix', () => {
    const v = validateSettingsForm(
      { ...base, model: ' ', apiKey: '', baseURL: 'ftp://x', contextWindow: '12.5' },
      null,
    );
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.errors.model).toMatch(/model id/);
    expect(v.errors.apiKey).toMatch(/OpenAI needs an API key/);
    expect(v.errors.baseURL).toMatch(/http/);
    expect(v.errors.contextWindow).toMatch(/whole number/);
  });

  it('keeps the stored key only for the same provider', () => {
    expect(validateSettingsForm({ ...base, apiKey: '' }, stored).ok).toBe(true);
    const other = validateSettingsForm(
      { ...base, provider: 'anthropic', model: 'claude-haiku-4-5', apiKey: '' },
      stored,
    );
    expect(other.ok).toBe(false);
  });

  it('needs a base URL for a custom OpenAI-compatible server but no key for local ones', () => {
    const custom = validateSettingsForm({ ...base, provider: 'openai-compatible', apiKey: '' }, null);
    expect(custom.ok ? null : custom.errors.baseURL).toMatch(/server address/);
    expect(validateSettingsForm({ ...base, provider: 'ollama', model: 'qwen3:8b', apiKey: '' }, null).ok).toBe(true);
  });

  it('refuses plain http to another machine (the CSP would block it) and accepts it on this one', () => {
    const v = validateSettingsForm(
      { ...base, provider: 'openai-compatible', baseURL: 'http://10.0.0.5:8000/v1' },
      null,
    );
    expect(v.ok ? null : v.errors.baseURL).toMatch(/only for this machine/);
    expect(
      validateSettingsForm({ ...base, provider: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1' }, null).ok,
    ).toBe(true);
  });

  it('prefills only what the user chose, never the key or the worker defaults', () => {
    expect(formFromPublic(stored)).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      apiKey: '',
      baseURL: '',
      tier: '',
      contextWindow: '',
      vision: '',
      planFirst: '',
      compaction: '',
      budgetTokens: '',
      budgetUsd: '',
    });
    const withDefaultURL = { ...stored, baseURL: 'https://api.openai.com/v1' };
    expect(formFromPublic(withDefaultURL).baseURL).toBe('');
    expect(formFromPublic({ ...stored, baseURL: 'https://proxy.example/v1' }).baseURL).toBe('https://proxy.example/v1');
    const choices = { provider: 'openai' as const, model: 'gpt-4o', tier: 'full' as const, contextWindow: '64000' };
    expect(formFromPublic(stored, choices)).toMatchObject({ tier: 'full', contextWindow: '64000' });
    expect(formFromPublic({ ...stored, model: 'gpt-5' }, choices)).toMatchObject({ tier: '', contextWindow: '' });
  });

  it('reads the default task budget: empty is none, thousands separators and a $ are accepted, bad values named', () => {
    const okForm = validateSettingsForm({ ...base, budgetTokens: '200,000', budgetUsd: '$0.50' }, null);
    expect(okForm.ok && okForm.settings).toMatchObject({ budgetTokens: 200_000, budgetUsd: 0.5 });
    const none = validateSettingsForm(base, null);
    expect(none.ok && 'budgetTokens' in none.settings).toBe(false);
    const bad = validateSettingsForm({ ...base, budgetTokens: '12.5', budgetUsd: '-1' }, null);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['budgetTokens', 'budgetUsd']);
    expect(formFromPublic({ ...stored, budgetTokens: 50_000, budgetUsd: 2 })).toMatchObject({
      budgetTokens: '50000',
      budgetUsd: '2',
    });
  });

  it('knows when setup is needed', () => {
    expect(needsSetup(null)).toBe(true);
    expect(needsSetup({ ...stored, hasApiKey: false })).toBe(true);
    expect(needsSetup({ ...stored, provider: 'ollama', hasApiKey: false })).toBe(false);
    expect(needsSetup(stored)).toBe(false);
  });

  it('does not carry a provider address or model to another provider', () => {
    const f = switchProvider({ ...base, baseURL: 'https://api.openai.com/v1' }, 'anthropic');
    expect(f).toMatchObject({ provider: 'anthropic', baseURL: '', model: '', apiKey: '' });
    expect(switchProvider({ ...base, baseURL: 'https://proxy.example/v1' }, 'openrouter').baseURL).toBe(
      'https://proxy.example/v1',
    );
  });
});

describe('the vision choice', () => {
  it('is sent only when the user picks it, and shown only when the user picked it', () => {
    const auto = validateSettingsForm(base, null);
    expect(auto.ok && auto.settings.vision).toBeUndefined();
    const on = validateSettingsForm({ ...base, vision: 'on' }, null);
    expect(on.ok && on.settings.vision).toBe(true);
    const off = validateSettingsForm({ ...base, vision: 'off' }, null);
    expect(off.ok && off.settings.vision).toBe(false);
    const pub: PublicSettings = { ...stored, hasApiKey: true };
    expect(formFromPublic({ ...pub, vision: true, visionFromUser: false }).vision).toBe('');
    expect(formFromPublic({ ...pub, vision: false, visionFromUser: true }).vision).toBe('off');
  });
});

describe('budgetFields', () => {
  it("reads a budget's two fields; a task's floor is 1000 tokens, a workflow run's may be lower", () => {
    const errors: Record<string, string> = {};
    expect(budgetFields({ budgetTokens: '1,500', budgetUsd: '$0.50' }, errors)).toEqual({ tokens: 1500, usd: 0.5 });
    expect(budgetFields({ budgetTokens: '', budgetUsd: '' }, errors)).toEqual({});
    expect(errors).toEqual({});
    expect(budgetFields({ budgetTokens: '100', budgetUsd: '' }, errors)).toEqual({});
    expect(errors.budgetTokens).toMatch(/between 1000 and/);
    const run: Record<string, string> = {};
    expect(budgetFields({ budgetTokens: '100', budgetUsd: '' }, run, 100)).toEqual({ tokens: 100 });
    expect(run).toEqual({});
  });
});
