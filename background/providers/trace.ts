import { errorMessage } from '../../src/result';
import { redactHeaders, redactText, redactUrl } from '../../src/redact';
import { scrubImages } from '../../src/image-scrub';

export interface TraceEntry {
  id: number;
  ts: number;
  provider: string;
  model: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The request body, cut to TRACE_BODY_CHARS for storage; `requestChars` is its real length. */
  requestBody: string;
  requestChars: number;
  status?: number;
  responseBody?: string;
  responseChars?: number;
  ms?: number;
  error?: string;
}

/** How many request/response pairs the debug log keeps: enough for a long task, small enough for session storage. */
const TRACE_CAPACITY = 200;
/**
 * Trace storage has its own truncation policy: a trace showing only the head of a large body does
 * not mean the model received a truncated payload; `requestChars`/`responseChars` say what it got.
 */
const TRACE_BODY_CHARS = 24_000;

const entries: TraceEntry[] = [];
let nextId = 1;

function cut(text: string): string {
  return text.length > TRACE_BODY_CHARS
    ? `${text.slice(0, TRACE_BODY_CHARS)}… [trace cut; ${text.length} chars in all]`
    : text;
}

function push(entry: TraceEntry): void {
  entries.push(entry);
  if (entries.length > TRACE_CAPACITY) entries.splice(0, entries.length - TRACE_CAPACITY);
}

/** Newest last. Copies, so callers cannot edit the buffer. */
export function traceEntries(): TraceEntry[] {
  return entries.map((e) => ({ ...e }));
}

function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body === undefined || body === null) return '';
  if (body instanceof URLSearchParams) return body.toString();
  return `[${Object.prototype.toString.call(body)} body]`;
}

/**
 * A `fetch` for the AI SDK providers that records each exchange in the ring buffer, with keys
 * scrubbed from headers, URL and bodies before anything is stored.
 */
export function tracingFetch(meta: { provider: string; model: string; secrets: readonly string[] }): typeof fetch {
  const { secrets } = meta;
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : input instanceof URL ? input.toString() : String(input);
    const method = init?.method ?? request?.method ?? 'GET';
    const rawBody = bodyText(init?.body);
    const entry: TraceEntry = {
      id: nextId++,
      ts: Date.now(),
      provider: meta.provider,
      model: meta.model,
      method,
      url: redactUrl(url, secrets),
      requestHeaders: redactHeaders(new Headers(init?.headers ?? request?.headers), secrets),
      // Screenshot bytes are not kept: the trace may be stored and exported (vision/image-store.ts).
      requestBody: cut(redactText(scrubImages(rawBody), secrets)),
      requestChars: rawBody.length,
    };
    push(entry);
    const started = Date.now();
    try {
      const response = await fetch(input, init);
      entry.status = response.status;
      // Read a clone so the SDK's own stream is untouched; an aborted stream ends the copy too.
      response
        .clone()
        .text()
        .then(
          (text) => {
            entry.responseBody = cut(redactText(text, secrets));
            entry.responseChars = text.length;
            entry.ms = Date.now() - started;
          },
          (e: unknown) => {
            entry.error = redactText(`response stream ended early: ${errorMessage(e)}`, secrets);
            entry.ms = Date.now() - started;
          },
        );
      return response;
    } catch (e) {
      entry.error = redactText(errorMessage(e), secrets);
      entry.ms = Date.now() - started;
      throw e;
    }
  };
}
