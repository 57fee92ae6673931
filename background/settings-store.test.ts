import { describe, expect, it } from 'vitest';
import { mergeSettings, resolveSettings, salvage, toPublic } from './settings-store';

describe('settings merge and defaults', () => {
  const stored = {
    provider: 'anthropic' as const,
    model: 'claude-sonnet-4-5',
    apiKeys: { anthropic: 'sk-ant-0123456789abcdef' },
  };

  it('keeps the stored key when the panel omits it, per provider', () => {
    const m = mergeSettings(stored, { provider: 'anthropic', model: 'claude-haiku-4-5' });
    expect(m.apiKeys.anthropic).toBe('sk-ant-0123456789abcdef');
    const switched = mergeSettings(m, { provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-openai-0123456789' });
    expect(switched.apiKeys).toEqual({ anthropic: 'sk-ant-0123456789abcdef', openai: 'sk-openai-0123456789' });
    expect(resolveSettings(switched).apiKey).toBe('sk-openai-0123456789');
  });

  it('removes a key on an empty string', () => {
    expect(mergeSettings(stored, { provider: 'anthropic', model: 'm', apiKey: '' }).apiKeys).toEqual({});
  });

  it('derives tier and context window from known models, user values win', () => {
    expect(resolveSettings({ ...stored, model: 'claude-haiku-4-5' })).toMatchObject({
      tier: 'mid',
      contextWindow: 200_000,
    });
    expect(resolveSettings({ provider: 'ollama', model: 'llama3.2:3b', apiKeys: {} })).toMatchObject({
      tier: 'compact',
      contextWindow: 8192,
    });
    expect(
      resolveSettings({ provider: 'openai', model: 'gpt-4.1', apiKeys: {}, tier: 'compact', contextWindow: 4096 }),
    ).toMatchObject({ tier: 'compact', contextWindow: 4096 });
  });

  it('never puts the key in the public view', () => {
    const pub = toPublic(resolveSettings(stored));
    expect(JSON.stringify(pub)).not.toContain('sk-ant-0123456789abcdef');
    expect(pub).toMatchObject({ hasApiKey: true, apiKeyHint: '…cdef', tier: 'full' });
  });
});

describe('a stored record that no longer parses', () => {
  it('keeps the keys and every field that is still valid', () => {
    const broken = {
      provider: 'anthropic',
      model: '',
      tier: 'gigantic',
      contextWindow: 'lots',
      apiKeys: { anthropic: 'sk-ant-0123456789abcdef', openai: 42 },
    };
    expect(salvage(broken)).toEqual({
      provider: 'anthropic',
      model: resolveSettings(salvage({ provider: 'anthropic', apiKeys: {} })).model,
      apiKeys: { anthropic: 'sk-ant-0123456789abcdef' },
    });
  });

  it('falls back to defaults for garbage, never throws', () => {
    for (const junk of [null, 'x', 7, [], { provider: 'nope', apiKeys: 'x' }]) {
      const s = salvage(junk);
      expect(s.apiKeys).toEqual({});
      expect(typeof s.model).toBe('string');
    }
  });
});

describe('the vision flag', () => {
  const stored = (extra: Record<string, unknown>) => ({
    provider: 'anthropic' as const,
    model: 'claude-sonnet-4-5',
    apiKeys: {},
    ...extra,
  });

  it('defaults from the model table and the user can override it either way', () => {
    expect(resolveSettings(stored({}))).toMatchObject({ vision: true, visionFromUser: false });
    expect(resolveSettings(stored({ vision: false }))).toMatchObject({ vision: false, visionFromUser: true });
    const local = { provider: 'ollama' as const, model: 'qwen3:8b', apiKeys: {} };
    expect(resolveSettings(local)).toMatchObject({ vision: false, visionFromUser: false });
    expect(resolveSettings({ ...local, vision: true })).toMatchObject({ vision: true, visionFromUser: true });
    expect(toPublic(resolveSettings({ ...local, vision: true }))).toMatchObject({ vision: true, visionFromUser: true });
  });

  it('is kept by a save that sets it and cleared (back to the default) by one that omits it', () => {
    const set = mergeSettings(stored({}), { provider: 'anthropic', model: 'claude-sonnet-4-5', vision: false });
    expect(set.vision).toBe(false);
    const cleared = mergeSettings(set, { provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(cleared.vision).toBeUndefined();
  });

  it('survives salvage when valid, and a bad value is dropped without losing the keys', () => {
    const keys = { anthropic: 'sk-ant-0123456789abcdef' };
    expect(salvage({ provider: 'anthropic', model: 'claude-x', vision: true, apiKeys: keys })).toMatchObject({
      vision: true,
      apiKeys: keys,
    });
    const bad = salvage({ provider: 'anthropic', model: 'claude-x', vision: 'yes please', apiKeys: keys });
    expect(bad.vision).toBeUndefined();
    expect(bad.apiKeys).toEqual(keys);
  });
});

describe('the MCP setting (docs/mcp.md)', () => {
  const base = { provider: 'openai' as const, model: 'gpt-4o', apiKeys: {} };
  it('is off in Ask mode by default, and the public view carries only the user choice', () => {
    const s = resolveSettings(base);
    expect(s.mcp).toEqual({ enabled: false, mode: 'ask' });
    expect(toPublic(s).mcp).toBeUndefined();
    expect(toPublic(resolveSettings({ ...base, mcp: { enabled: true, mode: 'act' } })).mcp).toEqual({
      enabled: true,
      mode: 'act',
    });
  });
  it('a save without it (the console, an older panel) keeps the stored choice', () => {
    const stored = { ...base, mcp: { enabled: true, mode: 'dev' as const } };
    expect(mergeSettings(stored, { provider: 'openai', model: 'gpt-4o' }).mcp).toEqual({ enabled: true, mode: 'dev' });
    expect(
      mergeSettings(stored, { provider: 'openai', model: 'gpt-4o', mcp: { enabled: false, mode: 'ask' } }).mcp,
    ).toEqual({
      enabled: false,
      mode: 'ask',
    });
  });
  it('salvage keeps a valid choice and drops a malformed one', () => {
    expect(salvage({ ...base, mcp: { enabled: true, mode: 'act' }, tier: 'huge' }).mcp).toEqual({
      enabled: true,
      mode: 'act',
    });
    expect(salvage({ ...base, mcp: { enabled: 'yes', mode: 'root' } }).mcp).toBeUndefined();
  });
});
