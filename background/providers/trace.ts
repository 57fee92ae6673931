import { errorMessage } from '../../shared/result';
import { redactHeaders, redactText, redactUrl } from '../../shared/redact';
import { scrubImages } from '../../shared/image-scrub';
import { newTraceId, persistSoon, pushTrace, type TraceEntry } from './trace-store';
import { sliceSafe } from '../../shared/text';

export type { TraceEntry } from './trace-store';
export { traceEntries } from './trace-store';

/**
 * Trace storage has its own truncation policy: a trace showing part of a large body does not mean
 * the model received a truncated payload; `requestChars`/`responseChars` say what it got. A request
 * body is the whole conversation, so its END holds the newest tool results (what a person
 * diagnosing a read needs): a long body keeps a short head and a long tail.
 */
const BODY_HEAD_CHARS = 4_000;
const BODY_TAIL_CHARS = 60_000;

export function cutBody(text: string): string {
  if (text.length <= BODY_HEAD_CHARS + BODY_TAIL_CHARS) return text;
  const omitted = text.length - BODY_HEAD_CHARS - BODY_TAIL_CHARS;
  return `${sliceSafe(text, BODY_HEAD_CHARS)}… [trace cut: ${omitted} of ${text.length} chars omitted here] …${text.slice(-BODY_TAIL_CHARS)}`;
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
      id: newTraceId(),
      ts: Date.now(),
      provider: meta.provider,
      model: meta.model,
      method,
      url: redactUrl(url, secrets),
      requestHeaders: redactHeaders(new Headers(init?.headers ?? request?.headers), secrets),
      // Screenshot bytes are not kept: the trace may be stored and exported (vision/image-store.ts).
      requestBody: cutBody(redactText(scrubImages(rawBody), secrets)),
      requestChars: rawBody.length,
    };
    pushTrace(entry);
    const started = Date.now();
    try {
      const response = await fetch(input, init);
      entry.status = response.status;
      persistSoon();
      // Read a clone so the SDK's own stream is untouched; an aborted stream ends the copy too.
      response
        .clone()
        .text()
        .then(
          (text) => {
            entry.responseBody = cutBody(redactText(text, secrets));
            entry.responseChars = text.length;
            entry.ms = Date.now() - started;
            persistSoon();
          },
          (e: unknown) => {
            entry.error = redactText(`response stream ended early: ${errorMessage(e)}`, secrets);
            entry.ms = Date.now() - started;
            persistSoon();
          },
        );
      return response;
    } catch (e) {
      entry.error = redactText(errorMessage(e), secrets);
      entry.ms = Date.now() - started;
      persistSoon();
      throw e;
    }
  };
}
