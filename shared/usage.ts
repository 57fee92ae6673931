/**
 * Token accounting shared by the worker (which sums each step's usage into the task's and the
 * chat's) and the panel (which prices it, sidepanel/pricing.ts). No `chrome.*` here.
 */
import type { Usage } from './protocol/agent';

/** The AI SDK's per-step usage, as much of it as we read (ai's LanguageModelUsage). */
interface StepUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  inputTokenDetails?: { cacheReadTokens: number | undefined; cacheWriteTokens: number | undefined };
}

/**
 * One step's usage. `inputTokens` is the whole prompt: the SDK reports Anthropic's as
 * input + cache reads + cache writes, OpenAI's and Gemini's as the prompt with its cached part
 * inside, so the cached parts are always a subset of it.
 */
export function usageOfStep(u: StepUsage): Usage {
  const read = u.inputTokenDetails?.cacheReadTokens ?? 0;
  const write = u.inputTokenDetails?.cacheWriteTokens ?? 0;
  return {
    inputTokens: u.inputTokens ?? 0,
    outputTokens: u.outputTokens ?? 0,
    ...(read > 0 ? { cachedInputTokens: read } : {}),
    ...(write > 0 ? { cacheWriteTokens: write } : {}),
  };
}

export function addUsage(a: Usage, b: Usage): Usage {
  const read = (a.cachedInputTokens ?? 0) + (b.cachedInputTokens ?? 0);
  const write = (a.cacheWriteTokens ?? 0) + (b.cacheWriteTokens ?? 0);
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    ...(read > 0 ? { cachedInputTokens: read } : {}),
    ...(write > 0 ? { cacheWriteTokens: write } : {}),
  };
}
