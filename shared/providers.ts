/**
 * The provider table, one for every context: the worker builds models and fills defaults from it,
 * the panel's settings form offers its choices and placeholders from it, so what the form shows as
 * "the default" is what the worker uses. No `chrome.*` here.
 */
import { ProviderIdSchema, type ProviderId } from './settings';

/**
 * Where the model runs: a vendor's API (billed, vendor context windows), the user's own machine
 * (`local`: Ollama, LM Studio; nothing billed), or a server the user names (`user-server`: may be
 * hosted or local, so neither a bill nor a vendor context window is assumed). shared/model-catalog.ts
 * reads it; it is the one meaning of "local provider".
 */
export type Hosting = 'vendor' | 'local' | 'user-server';

export interface ProviderInfo {
  label: string;
  /** Where requests go when the user gives no base URL; absent when the user must give one. */
  defaultBaseURL?: string;
  /** Vendors take a key; local servers and the user's own server take none. */
  needsKey: boolean;
  hosting: Hosting;
  /** The model used when none is stored; the first suggestion when there are any. */
  defaultModel: string;
  /** Model ids the settings form offers, best first. */
  suggestedModels: readonly string[];
  /** Where to get a key, for the form's error text. */
  keyHelp?: string;
  /** The wire protocol the provider speaks, which decides the AI SDK package. */
  wire: 'openai-chat' | 'anthropic' | 'google';
}

export const PROVIDERS: Readonly<Record<ProviderId, ProviderInfo>> = {
  openai: {
    label: 'OpenAI',
    defaultBaseURL: 'https://api.openai.com/v1',
    needsKey: true,
    hosting: 'vendor',
    defaultModel: 'gpt-4.1-mini',
    suggestedModels: ['gpt-4.1-mini', 'gpt-4.1', 'gpt-5-mini', 'gpt-4o-mini'],
    keyHelp: 'platform.openai.com → API keys',
    wire: 'openai-chat',
  },
  anthropic: {
    label: 'Anthropic',
    defaultBaseURL: 'https://api.anthropic.com/v1',
    needsKey: true,
    hosting: 'vendor',
    defaultModel: 'claude-sonnet-4-5',
    suggestedModels: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-5'],
    keyHelp: 'console.anthropic.com → API keys',
    wire: 'anthropic',
  },
  google: {
    label: 'Google Gemini',
    defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta',
    needsKey: true,
    hosting: 'vendor',
    defaultModel: 'gemini-2.5-flash',
    suggestedModels: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite'],
    keyHelp: 'aistudio.google.com → Get API key',
    wire: 'google',
  },
  openrouter: {
    label: 'OpenRouter',
    defaultBaseURL: 'https://openrouter.ai/api/v1',
    needsKey: true,
    hosting: 'vendor',
    defaultModel: 'openai/gpt-4.1-mini',
    suggestedModels: ['openai/gpt-4.1-mini', 'anthropic/claude-sonnet-4.5', 'google/gemini-2.5-flash'],
    keyHelp: 'openrouter.ai → Keys',
    wire: 'openai-chat',
  },
  ollama: {
    label: 'Ollama (local)',
    defaultBaseURL: 'http://localhost:11434/v1',
    needsKey: false,
    hosting: 'local',
    defaultModel: 'qwen3:8b',
    suggestedModels: ['qwen3:8b', 'qwen2.5:7b', 'llama3.1:8b'],
    wire: 'openai-chat',
  },
  lmstudio: {
    label: 'LM Studio (local)',
    defaultBaseURL: 'http://localhost:1234/v1',
    needsKey: false,
    hosting: 'local',
    defaultModel: 'qwen2.5-7b-instruct',
    suggestedModels: ['qwen2.5-7b-instruct'],
    wire: 'openai-chat',
  },
  // A server of the user's choosing: there is no address or model to guess, so both come from Settings.
  'openai-compatible': {
    label: 'OpenAI-compatible server',
    needsKey: false,
    hosting: 'user-server',
    defaultModel: 'default',
    suggestedModels: [],
    wire: 'openai-chat',
  },
};

/** The providers in the order the settings form lists them. */
export const PROVIDER_IDS: readonly ProviderId[] = ProviderIdSchema.options;
