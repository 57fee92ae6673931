import type { ServerResponse } from 'node:http';
import { pieces, type StreamOptions } from './openai-wire';
import { isRecord, takePageNote, type FakeDecision, type FakeMessage, type FakeToolCall, type FakeTurn } from './turn';

/**
 * The Gemini API (`generativelanguage.googleapis.com/v1beta`) as `@ai-sdk/google` 3 calls it:
 * `POST {base}/models/{model}:streamGenerateContent?alt=sse` (or `:generateContent`), key in
 * `x-goog-api-key`, body `{systemInstruction:{parts}, contents:[{role:'user'|'model', parts}],
 * tools:[{functionDeclarations}]}`. Parts are `{text}`, `{functionCall:{id?,name,args}}` and
 * `{functionResponse:{id?,name,response:{name,content}}}`.
 */

function partsOf(v: unknown): Record<string, unknown>[] {
  return isRecord(v) && Array.isArray(v.parts) ? v.parts.filter(isRecord) : [];
}

function responseText(response: unknown): string {
  if (isRecord(response)) {
    const content = response.content;
    if (typeof content === 'string') return content;
    if (content !== undefined) return JSON.stringify(content);
  }
  return typeof response === 'string' ? response : JSON.stringify(response ?? null);
}

/** Reads a generateContent request body into the protocol-neutral turn. */
export function parseGoogleRequest(body: unknown): FakeTurn {
  const turn: FakeTurn = { system: '', messages: [], tools: [] };
  if (!isRecord(body)) return turn;
  turn.system = partsOf(body.systemInstruction)
    .map((p) => (typeof p.text === 'string' ? p.text : ''))
    .join('\n\n');
  // The Developer API echoes call ids when the client sends them; Gemini itself pairs a
  // functionResponse with the model's functionCall by order and name, so ids are optional here too.
  let counter = 0;
  let pending: FakeToolCall[] = [];
  for (const c of Array.isArray(body.contents) ? body.contents : []) {
    if (!isRecord(c)) continue;
    const parts = partsOf(c);
    if (c.role === 'model') {
      let text = '';
      const toolCalls: FakeToolCall[] = [];
      for (const p of parts) {
        if (typeof p.text === 'string' && p.thought !== true) text += p.text;
        if (isRecord(p.functionCall)) {
          const id = typeof p.functionCall.id === 'string' ? p.functionCall.id : `gemini-call-${++counter}`;
          toolCalls.push({ id, name: String(p.functionCall.name), args: p.functionCall.args ?? {} });
        }
      }
      pending = [...toolCalls];
      const msg: FakeMessage = { role: 'assistant', text, toolCalls };
      turn.messages.push(msg);
    } else {
      let text = '';
      for (const p of parts) {
        if (typeof p.text === 'string' && !takePageNote(turn, p.text)) text += p.text;
        if (isRecord(p.functionResponse)) {
          const r = p.functionResponse;
          const byId = typeof r.id === 'string' ? pending.findIndex((x) => x.id === r.id) : -1;
          const at = byId >= 0 ? byId : pending.findIndex((x) => x.name === r.name);
          const [matched] = at >= 0 ? pending.splice(at, 1) : [];
          const id = typeof r.id === 'string' ? r.id : (matched?.id ?? `unmatched-${String(r.name)}`);
          turn.messages.push({ role: 'tool', toolCallId: id, text: responseText(r.response) });
        }
      }
      if (text) turn.messages.push({ role: 'user', text });
    }
  }
  for (const t of Array.isArray(body.tools) ? body.tools : []) {
    if (!isRecord(t) || !Array.isArray(t.functionDeclarations)) continue;
    for (const f of t.functionDeclarations)
      if (isRecord(f)) turn.tools.push({ name: String(f.name), parameters: f.parameters });
  }
  return turn;
}

/**
 * Gemini has refused (HTTP 400 INVALID_ARGUMENT) a request whose `contents` do not alternate between
 * `user` and `model`; the fake is that strict, so a wire that sends two `user` turns in a row fails.
 */
export function googleTurnProblem(body: unknown): string | null {
  const contents = isRecord(body) && Array.isArray(body.contents) ? body.contents : [];
  for (let i = 1; i < contents.length; i++) {
    const [a, b] = [contents[i - 1], contents[i]];
    if (isRecord(a) && isRecord(b) && a.role === b.role)
      return 'Please ensure that multiturn requests alternate between user and model.';
  }
  return null;
}

/** A thought signature like the ones Gemini 2.5+/3 attach to a function call (opaque base64). */
export const FAKE_THOUGHT_SIGNATURE = Buffer.from('weaverbird-fake-thought-signature').toString('base64');

interface Chunk {
  parts: Record<string, unknown>[];
  finish?: boolean;
}

function usageMetadata(o: StreamOptions, output: number) {
  return { promptTokenCount: o.usage.input, candidatesTokenCount: output, totalTokenCount: o.usage.input + output };
}

function responseChunk(c: Chunk, o: StreamOptions, responseId: string, output: number): unknown {
  return {
    candidates: [
      {
        content: { parts: c.parts, role: 'model' },
        ...(c.finish ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    // Every streamed chunk carries usage so far; the last one holds the totals the SDK reports.
    usageMetadata: usageMetadata(o, output),
    modelVersion: o.model,
    responseId,
  };
}

function chunksOf(d: FakeDecision): Chunk[] {
  const chunks: Chunk[] = (d.text ? pieces(d.text, 12) : []).map((t) => ({ parts: [{ text: t }] }));
  // Gemini sends a function call whole (name and parsed args) in one part; only the first call of
  // a response carries the signature. Its finishReason is STOP, as for text.
  (d.toolCalls ?? []).forEach((call, i) =>
    chunks.push({
      parts: [
        {
          functionCall: { name: call.name, args: call.args },
          ...(i === 0 ? { thoughtSignature: FAKE_THOUGHT_SIGNATURE } : {}),
        },
      ],
    }),
  );
  if (chunks.length === 0) chunks.push({ parts: [{ text: '' }] });
  const last = chunks.at(-1);
  if (last) last.finish = true;
  return chunks;
}

/** The SSE frames of `streamGenerateContent?alt=sse`: one GenerateContentResponse per event, CRLF-delimited as Google sends them. */
export function googleFrames(d: FakeDecision, o: StreamOptions): string[] {
  const responseId = Math.random().toString(36).slice(2, 14);
  const chunks = chunksOf(d);
  return chunks.map((c, i) => {
    const output = i === chunks.length - 1 ? o.usage.output : Math.ceil((o.usage.output * (i + 1)) / chunks.length);
    return `data: ${JSON.stringify(responseChunk(c, o, responseId, output))}\r\n\r\n`;
  });
}

/** A non-streamed `:generateContent` response. */
export function googleJson(d: FakeDecision, o: StreamOptions): unknown {
  const parts = chunksOf(d).flatMap((c) => c.parts);
  return responseChunk({ parts, finish: true }, o, Math.random().toString(36).slice(2, 14), o.usage.output);
}

const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};

/** A google.rpc.Status error body, optionally with an ErrorInfo reason (API_KEY_INVALID, CONSUMER_SUSPENDED…). */
export function googleError(
  res: ServerResponse,
  status: number,
  message: string,
  reason?: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  const details = reason
    ? [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason,
          domain: 'googleapis.com',
          metadata: { service: 'generativelanguage.googleapis.com' },
        },
      ]
    : undefined;
  res.end(
    JSON.stringify(
      { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN', ...(details ? { details } : {}) } },
      null,
      2,
    ),
  );
}
