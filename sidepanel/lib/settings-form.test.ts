import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '../../src/settings';
import { formFromPublic, validateSettingsForm, type SettingsForm } from './settings-form';

const base: SettingsForm = {
  provider: 'openai',
  model: 'gpt-4.1-mini',
  apiKey: 'sk-test',
  baseURL: '',
  tier: '',
  contextWindow: '',
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

  it('warns before a key travels over plain http to another machine', () => {
    const v = validateSettingsForm(
      { ...base, provider: 'openai-compatible', baseURL: 'http://10.0.0.5:8000/v1' },
      null,
    );
    expect(v.ok).toBe(true);
    expect(v.warnings.baseURL).toMatch(/unencrypted/);
    expect(
      validateSettingsForm({ ...base, provider: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1' }, null).warnings,
    ).toEqual({});
  });

  it('prefills from stored settings without the key', () => {
    expect(formFromPublic(stored)).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      apiKey: '',
      baseURL: '',
      tier: 'mid',
      contextWindow: '128000',
    });
  });
});
