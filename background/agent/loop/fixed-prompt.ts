/**
 * The fixed prompt (issue 26): what every model request carries before the conversation, the system
 * prompt and the offered tools' schemas, as the provider's wire actually sends it. Measured by
 * capturing the request body the AI SDK builds for each wire (OpenAI chat, Anthropic, Gemini), so the
 * figure includes the SDK's own conversion (Gemini's OpenAPI subset, Anthropic's `input_schema`,
 * the cache breakpoints of prompt-cache.ts) rather than an estimate of it. No request leaves: the
 * injected fetch records the body and fails the call.
 *
 * Used by the budget unit test (fixed-prompt.test.ts) and `npm run bench -- --only prompt`.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel } from 'ai';
import type { ProviderInfo } from '../../../shared/providers';
import type { Mode, Tier } from '../../../shared/modes';
import { isRecord } from '../../../shared/result';
import { familiesToLoad, shownTools, toolsFor } from '../../tools/registry';
import { buildSystemPrompt } from './system-prompt';
import { toolDefinitions } from './tool-defs';
import { withPromptCache } from './prompt-cache';

type Wire = ProviderInfo['wire'];

export { FIXED_PROMPT_BUDGET } from '../../../shared/context-fit';
export const WIRES: readonly Wire[] = ['openai-chat', 'anthropic', 'google'];

export interface FixedPrompt {
  /** The system prompt's text. */
  system: string;
  /** The tools part of the request body, serialized as sent. */
  tools: string;
  /** Names of the tools offered. */
  names: string[];
}

/** A nonce of the production length (untrusted.ts): the markers are part of the system prompt. */
const NONCE = 'a1b2c3d4e5f6a7b8';

function modelFor(wire: Wire, fetch: typeof globalThis.fetch): LanguageModel {
  const common = { apiKey: 'measure-only', fetch };
  if (wire === 'anthropic') return createAnthropic(common)('claude-sonnet-4-5');
  if (wire === 'google') return createGoogleGenerativeAI(common)('gemini-2.5-flash');
  return createOpenAI(common).chat('gpt-4.1-mini');
}

/** The tools and system fields of a captured body, per wire. */
function partsOf(wire: Wire, body: Record<string, unknown>): { system: string; tools: unknown } {
  if (wire === 'google') {
    const sys = body.systemInstruction;
    const parts = isRecord(sys) && Array.isArray(sys.parts) ? sys.parts : [];
    const text = parts.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('');
    return { system: text, tools: body.tools };
  }
  if (wire === 'anthropic') {
    const sys = body.system;
    const text = Array.isArray(sys)
      ? sys.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join('')
      : String(sys ?? '');
    return { system: text, tools: body.tools };
  }
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const first = messages.find((m) => isRecord(m) && m.role === 'system');
  return { system: isRecord(first) && typeof first.content === 'string' ? first.content : '', tools: body.tools };
}

/** The fixed prompt of `mode`/`tier` on `wire`, at the start of a task (no tool discovered yet). */
export async function fixedPrompt(wire: Wire, mode: Mode, tier: Tier, vision = true): Promise<FixedPrompt> {
  const names = shownTools(mode, tier, vision, []).map((t) => t.name);
  const system = buildSystemPrompt({
    mode,
    tier,
    nonce: NONCE,
    tools: names,
    pageUrl: 'https://example.com/',
    pageTitle: 'Example',
    maxSteps: 40,
    maxReadPage: tier === 'full' ? 24_000 : 6_000,
    resumed: false,
    more: familiesToLoad(toolsFor(mode, tier, vision), tier, []),
  });
  let captured: unknown;
  const fetch: typeof globalThis.fetch = (_url, init) => {
    captured = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return Promise.reject(new Error('measure only'));
  };
  const marked = withPromptCache(wire, {
    system,
    history: [{ role: 'user', content: 'task' }],
    tail: [],
    tools: toolDefinitions(),
    active: names,
  });
  await generateText({
    model: modelFor(wire, fetch),
    system: marked.system,
    messages: marked.messages,
    tools: marked.tools,
    activeTools: names,
    maxRetries: 0,
  }).catch(() => undefined);
  if (!isRecord(captured)) throw new Error(`no ${wire} request body was captured`);
  const parts = partsOf(wire, captured);
  return { system: parts.system, tools: JSON.stringify(parts.tools ?? []), names };
}
