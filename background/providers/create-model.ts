import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { providerUrlProblem } from '../../shared/connect-policy';
import { err, ok, type Result } from '../../shared/result';
import type { ProviderId } from '../../shared/settings';
import { PROVIDERS } from '../../shared/providers';
import { alternatingTurnsFetch } from './gemini-turns';
import { tracingFetch } from './trace';

export interface ModelConfig {
  provider: ProviderId;
  model: string;
  apiKey?: string;
  baseURL?: string;
}

/** The address requests go to, without a trailing slash so `${baseURL}/chat/completions` never doubles it. */
function base(config: ModelConfig): string | undefined {
  return (config.baseURL ?? PROVIDERS[config.provider].defaultBaseURL)?.replace(/\/+$/, '');
}

/**
 * Builds the AI SDK model for the user's settings. Every provider gets the tracing fetch so the
 * debug log sees each exchange (keys scrubbed).
 */
export function createLanguageModel(config: ModelConfig): Result<LanguageModel> {
  const info = PROVIDERS[config.provider];
  const apiKey = config.apiKey?.trim() || undefined;
  if (info.needsKey && !apiKey) {
    return err(
      'missing_api_key',
      `${info.label} needs an API key: open Settings in the side panel and paste your key.`,
    );
  }
  const baseURL = base(config);
  if (baseURL === undefined) {
    return err(
      'missing_base_url',
      `${info.label} needs the server's address: open Settings in the side panel and enter its base URL, e.g. http://localhost:8080/v1.`,
    );
  }
  const problem = providerUrlProblem(baseURL);
  if (problem) return err('bad_base_url', `${info.label}: ${problem} Change the Base URL in Settings.`);
  const fetch = tracingFetch({ provider: config.provider, model: config.model, secrets: apiKey ? [apiKey] : [] });
  switch (config.provider) {
    case 'openai':
      // `openai(model)` defaults to the Responses API; chat completions is the protocol every
      // OpenAI-compatible server shares and the one our fake provider proves end to end.
      return ok(createOpenAI({ apiKey, baseURL, fetch }).chat(config.model));
    case 'anthropic':
      return ok(
        createAnthropic({
          apiKey,
          baseURL,
          fetch,
          // Anthropic rejects CORS requests from browser contexts without this explicit opt-in;
          // the key is the user's own and goes only to Anthropic.
          headers: { 'anthropic-dangerous-direct-browser-access': 'true' },
        })(config.model),
      );
    case 'google':
      // Gemini wants user and model turns to alternate (gemini-turns.ts); the trace sees what is sent.
      return ok(createGoogleGenerativeAI({ apiKey, baseURL, fetch: alternatingTurnsFetch(fetch) })(config.model));
    case 'openrouter':
    case 'ollama':
    case 'lmstudio':
    case 'openai-compatible':
      return ok(
        createOpenAICompatible({
          name: config.provider,
          baseURL,
          // Local servers take no key; sending `Authorization: Bearer undefined` confuses some.
          ...(apiKey ? { apiKey } : {}),
          fetch,
          // Without it the streamed chat completion carries no usage and the cost meter reads 0.
          includeUsage: true,
          ...(config.provider === 'openrouter' ? { headers: { 'X-Title': 'Weaverbird' } } : {}),
        }).chatModel(config.model),
      );
  }
}
