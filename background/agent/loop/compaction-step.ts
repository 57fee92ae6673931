/**
 * The agent loop's side of context compaction (compaction.ts holds the logic): measure the request
 * about to be sent, compact the task's history in place when it would not fit, save the record,
 * tell the panel, and recognise a provider's "too long" refusal so the loop can compact and retry.
 */
import { asSchema, type ModelMessage, type ToolSet } from 'ai';
import { isRecord } from '../../../shared/result';
import { emit } from '../task/event-hub';
import { fitContext, messagesChars, type ContextMeter } from './compaction';
import { saveTask, type TaskRecord } from '../task/state-store';

export { ContextMeter } from './compaction';

export interface StepRequest {
  system: string;
  /** Messages before the task's own history (earlier tasks of the chat). */
  chatHistory: readonly ModelMessage[];
  /** What follows the history (the page note). */
  tail: readonly ModelMessage[];
  tools: ToolSet;
  active: readonly string[];
}

export interface CompactionEnv {
  meter: ContextMeter;
  contextWindow: number;
  /** The setting: false sends every request whole (and lets the provider refuse it). */
  enabled: boolean;
  base: { tabId: number; taskId: string };
  /** After a provider refusal: compact as hard as the ladder allows. */
  force?: boolean;
}

const schemaChars = new Map<string, number>();

/** Characters of the offered tools' names, descriptions and schemas (what the provider counts). */
function toolsChars(tools: ToolSet, active: readonly string[]): number {
  let n = 0;
  for (const name of active) {
    let size = schemaChars.get(name);
    if (size === undefined) {
      const t = tools[name];
      const schema = t ? asSchema(t.inputSchema).jsonSchema : {};
      // A schema still to be resolved (a promise) is not ours: ours are plain JSON (tool-defs.ts).
      size = name.length + (t?.description?.length ?? 0) + (isRecord(schema) ? JSON.stringify(schema).length : 0);
      schemaChars.set(name, size);
    }
    n += size + 40;
  }
  return n;
}

/**
 * Compacts `rec.history` when the request would exceed the context window; returns the characters
 * of the request as it will be sent, for calibrating the meter on the provider's count afterwards.
 */
export async function compactBeforeStep(rec: TaskRecord, req: StepRequest, env: CompactionEnv): Promise<number> {
  const fixedChars =
    req.system.length + toolsChars(req.tools, req.active) + messagesChars(req.chatHistory) + messagesChars(req.tail);
  if (env.enabled) {
    const fit = fitContext({
      history: rec.history,
      fixedChars,
      meter: env.meter,
      contextWindow: env.contextWindow,
      nonce: rec.nonce,
      force: env.force === true,
    });
    if (fit) {
      rec.history = fit.history;
      await saveTask(rec);
      await emit({
        type: 'compacted',
        ...env.base,
        beforeTokens: fit.beforeTokens,
        afterTokens: fit.afterTokens,
        savedTokens: Math.max(0, fit.beforeTokens - fit.afterTokens),
        contextWindow: env.contextWindow,
        results: fit.results,
      });
    }
  }
  return fixedChars + messagesChars(rec.history);
}

/**
 * A provider's refusal of a prompt longer than the model's window: OpenAI `context_length_exceeded`,
 * Anthropic "prompt is too long", Gemini "input token count … exceeds the maximum", and the
 * OpenAI-compatible servers that copy OpenAI's wording.
 */
export function isContextOverflow(error: unknown): boolean {
  const text = describe(error);
  return /context_length_exceeded|maximum context length|prompt is too long|exceeds the maximum number of tokens|context window|too many tokens/i.test(
    text,
  );
}

function describe(error: unknown): string {
  if (!isRecord(error)) return String(error);
  const parts = [error.message, error.responseBody, isRecord(error.data) ? JSON.stringify(error.data) : undefined];
  const cause = error.lastError ?? error.cause;
  return [...parts.filter((p) => typeof p === 'string'), cause !== undefined ? describe(cause) : ''].join(' ');
}
