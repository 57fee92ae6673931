import { PAGE_NOTE_HEAD } from '../../shared/page-note';

/**
 * What a fake model sees of one request, whichever wire protocol carried it: the system prompt,
 * the messages in order and the tools offered (with their JSON schemas).
 */
export interface FakeToolCall {
  id: string;
  name: string;
  args: unknown;
}

export type FakeMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: FakeToolCall[] }
  | { role: 'tool'; toolCallId: string; text: string };

export interface FakeTurn {
  system: string;
  messages: FakeMessage[];
  tools: { name: string; parameters: unknown }[];
  /**
   * The note with the tab's current title and URL that ends every agent request (after the
   * byte-stable prefix, for prompt caching): kept apart so `messages` holds the conversation only.
   */
  page?: string;
}

/** True (and the note kept on the turn) when a user text block is the agent's page note. */
export function takePageNote(turn: FakeTurn, text: string): boolean {
  if (!text.startsWith(PAGE_NOTE_HEAD)) return false;
  turn.page = text;
  return true;
}

/** What the fake model answers: text, tool calls, or both (streamed in that order). */
export interface FakeDecision {
  text?: string;
  toolCalls?: { name: string; args: unknown }[];
}

export type FakePolicy = (turn: FakeTurn) => FakeDecision;

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        isRecord(part) && typeof part.text === 'string'
          ? part.text
          : isRecord(part) && part.content !== undefined
            ? textOf(part.content)
            : '',
      )
      .join('');
  }
  return '';
}

export function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
