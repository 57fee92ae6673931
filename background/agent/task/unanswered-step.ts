/**
 * The step a worker died in. The runner stores a step's tool results when the whole step ends
 * (runner.ts), but a record stored while a call was in flight (state-store.ts saveReadMark, an
 * action's mark) already holds the assistant turn that asked for the step's calls. Resuming from it
 * as it stands would send the provider a tool call with no result (which OpenAI, Anthropic and Gemini
 * refuse), and the calls before the in-flight one may have run: the record cannot say which.
 */
import type { ModelMessage } from 'ai';

export interface UnansweredCall {
  toolCallId: string;
  toolName: string;
}

/** The calls of a trailing assistant turn that no tool turn answers; empty when the history is whole. */
export function unansweredCalls(history: readonly ModelMessage[]): UnansweredCall[] {
  const last = history.at(-1);
  if (last?.role !== 'assistant' || typeof last.content === 'string') return [];
  return last.content.flatMap((part) =>
    part.type === 'tool-call' ? [{ toolCallId: part.toolCallId, toolName: part.toolName }] : [],
  );
}

/**
 * The tool turn that closes a step of reads the worker did not finish: each call answered "not run",
 * so the model reads again what it still needs. Only for steps whose every call is a read: a step
 * with an action may have acted, and such a task ends as interrupted instead (task-resume.ts).
 */
export function notRunResults(calls: readonly UnansweredCall[]): ModelMessage {
  return {
    role: 'tool',
    content: calls.map((c) => ({
      type: 'tool-result' as const,
      toolCallId: c.toolCallId,
      toolName: c.toolName,
      output: {
        type: 'text' as const,
        value: `Not run: Chrome restarted Weaverbird's worker during this step, before ${c.toolName} returned. Call it again if you still need it; refs from before may be stale, so read the page first.`,
      },
    })),
  };
}
