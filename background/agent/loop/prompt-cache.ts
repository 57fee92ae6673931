/**
 * Prompt caching (issue 15, item 6). Every step resends the tool schemas, the system prompt and the
 * conversation so far; providers can bill that repeated prefix at a fraction of the input price.
 *
 * - Anthropic caches only up to explicit breakpoints (`cache_control`, at most 4 per request:
 *   https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching). The prefix order is
 *   tools → system → messages, so we mark three: the last offered tool, the system prompt, and the
 *   last message of the stable history. The next step's breakpoint finds the previous one within
 *   Anthropic's 20-block lookback and reads everything before it from the cache.
 * - OpenAI, Gemini and most OpenAI-compatible servers cache a byte-identical prefix on their own.
 *   For them (and for Anthropic's breakpoints to hit) nothing volatile may come early: the page's
 *   URL and title, which change as the task navigates, travel in a note after the history
 *   (system-prompt.ts pageNote), never in the system prompt.
 */
import type { ModelMessage, SystemModelMessage, ToolSet } from 'ai';
import type { ProviderInfo } from '../../../shared/providers';

type Wire = ProviderInfo['wire'];

const EPHEMERAL = { anthropic: { cacheControl: { type: 'ephemeral' } } } as const;

export interface CacheableRequest {
  system: string;
  /** The stable history: chat history and the task's messages, exactly as the last step sent them. */
  history: ModelMessage[];
  /** Volatile messages after the stable prefix (the page note): never marked. */
  tail: ModelMessage[];
  tools: ToolSet;
  active: readonly string[];
}

export interface MarkedRequest {
  system: string | SystemModelMessage;
  messages: ModelMessage[];
  tools: ToolSet;
}

/** The request with cache breakpoints where the wire needs them (Anthropic), unchanged otherwise. */
export function withPromptCache(wire: Wire, r: CacheableRequest): MarkedRequest {
  if (wire !== 'anthropic') return { system: r.system, messages: [...r.history, ...r.tail], tools: r.tools };
  const last = r.history.at(-1);
  const history = last ? [...r.history.slice(0, -1), marked(last)] : r.history;
  return {
    system: { role: 'system', content: r.system, providerOptions: EPHEMERAL },
    messages: [...history, ...r.tail],
    tools: withLastToolMarked(r.tools, r.active),
  };
}

/** Message-level options put the breakpoint on the message's last block (@ai-sdk/anthropic). */
function marked(m: ModelMessage): ModelMessage {
  return { ...m, providerOptions: { ...m.providerOptions, ...EPHEMERAL } };
}

/** The SDK sends the active tools in the tool set's key order; the last of them carries the breakpoint. */
function withLastToolMarked(tools: ToolSet, active: readonly string[]): ToolSet {
  const names = Object.keys(tools).filter((n) => active.includes(n));
  const lastName = names.at(-1);
  const lastTool = lastName === undefined ? undefined : tools[lastName];
  if (lastName === undefined || lastTool === undefined) return tools;
  return { ...tools, [lastName]: { ...lastTool, providerOptions: { ...lastTool.providerOptions, ...EPHEMERAL } } };
}
