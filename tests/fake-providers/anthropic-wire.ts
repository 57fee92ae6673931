import type { ServerResponse } from 'node:http';
import { pieces, type StreamOptions } from './openai-wire';
import { isRecord, takePageNote, textOf, type FakeDecision, type FakeTurn } from './turn';

/** Reads an Anthropic Messages request body into the protocol-neutral turn. */
export function parseAnthropicRequest(body: unknown): FakeTurn {
  const turn: FakeTurn = { system: '', messages: [], tools: [] };
  if (!isRecord(body)) return turn;
  turn.system = textOf(body.system);
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(m)) continue;
    const parts =
      typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : Array.isArray(m.content) ? m.content : [];
    if (m.role === 'user') {
      let text = '';
      for (const p of parts) {
        if (!isRecord(p)) continue;
        if (p.type === 'tool_result')
          turn.messages.push({ role: 'tool', toolCallId: String(p.tool_use_id), text: textOf(p.content) });
        else if (p.type === 'text' && typeof p.text === 'string' && !takePageNote(turn, p.text)) text += p.text;
      }
      if (text) turn.messages.push({ role: 'user', text });
    } else if (m.role === 'assistant') {
      let text = '';
      const toolCalls = [];
      for (const p of parts) {
        if (!isRecord(p)) continue;
        if (p.type === 'text' && typeof p.text === 'string') text += p.text;
        if (p.type === 'tool_use') toolCalls.push({ id: String(p.id), name: String(p.name), args: p.input });
      }
      turn.messages.push({ role: 'assistant', text, toolCalls });
    }
  }
  for (const t of Array.isArray(body.tools) ? body.tools : []) {
    if (isRecord(t)) turn.tools.push({ name: String(t.name), parameters: t.input_schema });
  }
  return turn;
}

/** The SSE frames of a streamed Messages response: message_start, text and tool_use blocks with deltas, message_delta, message_stop. */
export function anthropicFrames(d: FakeDecision, o: StreamOptions): string[] {
  const events: { event: string; data: unknown }[] = [];
  const id = `msg_${Math.random().toString(36).slice(2, 12)}`;
  events.push({
    event: 'message_start',
    data: {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: o.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...inputUsage(o), output_tokens: 1 },
      },
    },
  });
  let index = 0;
  if (d.text) {
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
    });
    for (const p of pieces(d.text, 12))
      events.push({
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text: p } },
      });
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
    index++;
  }
  for (const call of d.toolCalls ?? []) {
    const toolId = `toolu_${Math.random().toString(36).slice(2, 14)}`;
    events.push({
      event: 'content_block_start',
      data: {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: toolId, name: call.name, input: {} },
      },
    });
    for (const p of pieces(JSON.stringify(call.args), 16)) {
      events.push({
        event: 'content_block_delta',
        data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: p } },
      });
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
    index++;
  }
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: d.toolCalls?.length ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: o.usage.output },
    },
  });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
}

export function anthropicError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ type: 'error', error: { type, message } }));
}

/** A non-streamed Messages response. */
export function anthropicJson(d: FakeDecision, o: StreamOptions): unknown {
  return {
    id: `msg_${Math.random().toString(36).slice(2, 12)}`,
    type: 'message',
    role: 'assistant',
    model: o.model,
    content: [
      ...(d.text ? [{ type: 'text', text: d.text }] : []),
      ...(d.toolCalls ?? []).map((c, i) => ({
        type: 'tool_use',
        id: `toolu_${i}_${Date.now()}`,
        name: c.name,
        input: c.args,
      })),
    ],
    stop_reason: d.toolCalls?.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { ...inputUsage(o), output_tokens: o.usage.output },
  };
}

/** Anthropic splits the prompt: `input_tokens` is only the part neither read from nor written to the cache. */
function inputUsage(o: StreamOptions): Record<string, number> {
  const read = o.usage.cacheRead ?? 0;
  const write = o.usage.cacheWrite ?? 0;
  return {
    input_tokens: Math.max(0, o.usage.input - read - write),
    ...(o.usage.cacheRead !== undefined ? { cache_read_input_tokens: read, cache_creation_input_tokens: write } : {}),
  };
}
