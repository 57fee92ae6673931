import { describe, expect, it } from 'vitest';
import { contextWindowOf, defaultsFor, isLocalProvider, lookupPrice, tierOf, visionByDefault } from './model-catalog';
import { PROVIDER_IDS, PROVIDERS } from './providers';

describe('visionByDefault', () => {
  it.each([
    'claude-sonnet-4-5',
    'claude-haiku-4-5',
    'claude-opus-4-5',
    'claude-3-5-sonnet-20241022',
    'claude-3-haiku-20240307',
    'anthropic/claude-sonnet-4.5',
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-4.1-mini',
    'gpt-4.1-nano',
    'gpt-5',
    'gpt-5-mini',
    'openai/gpt-4.1-mini',
    'o3',
    'o4-mini',
    'gemini-2.5-flash',
    'gemini-2.5-pro',
    'gemini-2.5-flash-lite',
    'gemini-1.5-pro',
    'google/gemini-2.5-flash',
    'llava:13b',
    'llama3.2-vision:11b',
    'qwen2.5-vl-7b-instruct',
    'qwen2.5vl:7b',
    'minicpm-v',
  ])('%s sees images', (model) => {
    expect(visionByDefault(model)).toBe(true);
  });

  it.each([
    'qwen3:8b',
    'qwen2.5:7b',
    'llama3.1:8b',
    'qwen2.5-7b-instruct',
    'default',
    'gpt-3.5-turbo',
    'gpt-4',
    'o3-mini',
    'o1-mini',
    'gpt-4o-audio-preview',
    'gpt-4o-mini-transcribe',
    'claude-2.1',
    'claude-instant-1.2',
    'gemini-1.0-pro',
    'mistral-small',
  ])('%s does not', (model) => {
    expect(visionByDefault(model)).toBe(false);
  });
});

describe('the model catalog', () => {
  it('gives one context window for the worker and the panel', () => {
    expect(contextWindowOf('anthropic', 'claude-sonnet-4-5')).toBe(200_000);
    expect(contextWindowOf('openai', 'gpt-4.1-mini')).toBe(1_047_576);
    expect(contextWindowOf('openai', 'my-finetune')).toBe(128_000);
    // Local and user-named servers run models at a smaller context than the vendor's maximum.
    expect(contextWindowOf('ollama', 'qwen3:8b')).toBe(8_192);
    expect(contextWindowOf('openai-compatible', 'gpt-4.1')).toBe(32_768);
    expect(defaultsFor('openai', 'gpt-4.1')).toEqual({ tier: 'full', contextWindow: 1_047_576, vision: true });
    expect(tierOf('google', 'gemini-2.5-flash-lite')).toBe('compact');
  });

  it('has one meaning of local: on the user machine, never billed; a user-named server is priced by id', () => {
    expect(PROVIDER_IDS.filter(isLocalProvider)).toEqual(['ollama', 'lmstudio']);
    expect(lookupPrice('gpt-4o', 'lmstudio')).toEqual({ kind: 'local' });
    expect(lookupPrice('gpt-4o', 'openai-compatible')).toMatchObject({ kind: 'priced' });
    for (const id of PROVIDER_IDS) expect(PROVIDERS[id].needsKey).toBe(PROVIDERS[id].hosting === 'vendor');
  });
});
