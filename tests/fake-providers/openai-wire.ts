import type { ServerResponse } from 'node:http';
import { isRecord, parseJson, takePageNote, textOf, type FakeDecision, type FakeMessage, type FakeTurn } from './turn';

/** Reads an OpenAI chat-completions request body into the protocol-neutral turn. */
export function parseOpenAIRequest(body: unknown): FakeTurn {
  const turn: FakeTurn = { system: '', messages: [], tools: [] };
  if (!isRecord(body)) return turn;
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(m)) continue;
    if (m.role === 'system' || m.role === 'developer') turn.system += textOf(m.content);
    else if (m.role === 'user') {
      const text = textOf(m.content);
      if (!takePageNote(turn, text)) turn.messages.push({ role: 'user', text });
    } else if (m.role === 'tool')
      turn.messages.push({ role: 'tool', toolCallId: String(m.tool_call_id), text: textOf(m.content) });
    else if (m.role === 'assistant') {
      const calls = (Array.isArray(m.tool_calls) ? m.tool_calls : []).flatMap((c) =>
        isRecord(c) && isRecord(c.function)
          ? [{ id: String(c.id), name: String(c.function.name), args: parseJson(c.function.arguments) }]
          : [],
      );
      const msg: FakeMessage = { role: 'assistant', text: textOf(m.content), toolCalls: calls };
      turn.messages.push(msg);
    }
  }
  for (const t of Array.isArray(body.tools) ? body.tools : []) {
    if (isRecord(t) && isRecord(t.function))
      turn.tools.push({ name: String(t.function.name), parameters: t.function.parameters });
  }
  return turn;
}

/** Splits a string into pieces, so deltas arrive the way real streams deliver them. */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [''];
}

export interface StreamOptions {
  model: string;
  includeUsage: boolean;
  /** `input` is the whole prompt; `cacheRead`/`cacheWrite` are parts of it (Anthropic's prompt cache). */
  usage: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
}

/** The SSE frames of a streamed chat completion: role, text deltas, tool_calls deltas, finish, usage, [DONE]. */
export function openAIFrames(d: FakeDecision, o: StreamOptions): string[] {
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 10)}`;
  const created = Math.floor(Date.now() / 1000);
  const chunks: unknown[] = [];
  const chunk = (delta: unknown, finish: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: o.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  chunks.push(chunk({ role: 'assistant', content: '' }));
  for (const p of d.text ? pieces(d.text, 12) : []) chunks.push(chunk({ content: p }));
  (d.toolCalls ?? []).forEach((call, index) => {
    const callId = `call_${Math.random().toString(36).slice(2, 12)}`;
    chunks.push(
      chunk({ tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: '' } }] }),
    );
    for (const p of pieces(JSON.stringify(call.args), 16))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }));
  });
  chunks.push(chunk({}, d.toolCalls?.length ? 'tool_calls' : 'stop'));
  if (o.includeUsage) {
    chunks.push({
      id,
      object: 'chat.completion.chunk',
      created,
      model: o.model,
      choices: [],
      usage: {
        prompt_tokens: o.usage.input,
        completion_tokens: o.usage.output,
        total_tokens: o.usage.input + o.usage.output,
      },
    });
  }
  return [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'];
}

export function openAIError(
  res: ServerResponse,
  status: number,
  message: string,
  code: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(
    JSON.stringify({ error: { message, type: status === 429 ? 'rate_limit_error' : 'invalid_request_error', code } }),
  );
}

/** A non-streamed chat completion (`stream` absent or false). */
export function openAIJson(d: FakeDecision, o: StreamOptions): unknown {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2, 10)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: o.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: d.text ?? null,
          ...(d.toolCalls?.length
            ? {
                tool_calls: d.toolCalls.map((c, i) => ({
                  id: `call_${i}_${Date.now()}`,
                  type: 'function',
                  function: { name: c.name, arguments: JSON.stringify(c.args) },
                })),
              }
            : {}),
        },
        finish_reason: d.toolCalls?.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: o.usage.input,
      completion_tokens: o.usage.output,
      total_tokens: o.usage.input + o.usage.output,
    },
  };
}
