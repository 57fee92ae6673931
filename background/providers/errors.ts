import { APICallError, RetryError } from 'ai';
import { errorMessage, isRecord, type ErrorInfo } from '../../shared/result';
import { redactText } from '../../shared/redact';

/** The AI SDK gave up waiting (its step or chunk timeout): the provider went silent. */
export class ProviderTimeoutError extends Error {
  override name = 'ProviderTimeoutError';
}

export interface ErrorContext {
  providerLabel: string;
  model: string;
  baseURL: string | undefined;
  secrets: readonly string[];
}

const DROPPED =
  /network error|terminated|ERR_INCOMPLETE|ERR_CONNECTION|socket hang up|premature|input stream|other side closed|ECONNRESET/i;
const UNREACHABLE =
  /Failed to fetch|fetch failed|ERR_CONNECTION_REFUSED|ECONNREFUSED|NetworkError|ERR_NAME_NOT_RESOLVED|Load failed/i;

function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AbortError' || /aborted/i.test(e.message)) && !DROPPED.test(e.message);
}

/** The provider's own one-line reason from an error body such as `{"error":{"message":"…"}}`. */
function providerReason(e: APICallError): string {
  const body = e.data;
  if (isRecord(body) && isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
  return e.message;
}

/**
 * Gemini answers a wrong key with HTTP 400 INVALID_ARGUMENT, not 401: the google.rpc.ErrorInfo
 * detail says `reason: "API_KEY_INVALID"` (https://ai.google.dev/gemini-api/docs/troubleshooting).
 */
function isInvalidKey(e: APICallError): boolean {
  const body = e.data;
  const details = isRecord(body) && isRecord(body.error) ? body.error.details : undefined;
  return Array.isArray(details) && details.some((d) => isRecord(d) && d.reason === 'API_KEY_INVALID');
}

function fromApiCall(e: APICallError, ctx: ErrorContext, attempts: number): ErrorInfo {
  const status = e.statusCode ?? 0;
  const reason = providerReason(e).slice(0, 300);
  const who = ctx.providerLabel;
  if (status === 401 || status === 403 || (status === 400 && isInvalidKey(e))) {
    return {
      code: 'auth_failed',
      message: `${who} rejected the API key (HTTP ${status}: ${reason}). Check the key in Settings; keys are per provider.`,
    };
  }
  if (status === 404) {
    return {
      code: 'model_not_found',
      message: `${who} does not know the model "${ctx.model}" (HTTP 404: ${reason}). Check the model name in Settings.`,
    };
  }
  if (status === 429) {
    const tries = attempts > 1 ? ` after ${attempts} attempts with backoff` : '';
    return {
      code: 'rate_limited',
      message: `${who} is rate-limiting requests (HTTP 429${tries}: ${reason}). Wait a minute and try again, or check your plan's quota.`,
    };
  }
  if (status >= 500) {
    return {
      code: 'provider_unavailable',
      message: `${who} had a server error (HTTP ${status}${attempts > 1 ? ` after ${attempts} attempts` : ''}: ${reason}). Try again shortly.`,
    };
  }
  return { code: 'provider_rejected', message: `${who} rejected the request (HTTP ${status}: ${reason}).` };
}

/** The messages down an error's cause chain ("terminated: other side closed"). */
function causeMessages(e: unknown, depth = 0): string {
  if (!(e instanceof Error) || depth > 4) return '';
  const rest = causeMessages(e.cause, depth + 1);
  return rest ? `${e.message}: ${rest}` : e.message;
}

/**
 * Turns anything a provider call throws into one clear message for the user. Keys are scrubbed
 * from the result: provider error bodies sometimes echo part of the request.
 */
export function describeProviderError(e: unknown, ctx: ErrorContext): ErrorInfo {
  const info = classify(e, ctx);
  return { code: info.code, message: redactText(info.message, ctx.secrets) };
}

function classify(e: unknown, ctx: ErrorContext): ErrorInfo {
  if (RetryError.isInstance(e)) {
    const last = e.lastError;
    if (APICallError.isInstance(last)) return fromApiCall(last, ctx, e.errors.length);
    return classify(last, ctx);
  }
  if (APICallError.isInstance(e)) {
    // Fetch failures, and a body that broke off after a 200, are wrapped as APICallError with
    // the network error as the cause.
    const causes = causeMessages(e.cause);
    if (e.statusCode === undefined || (e.statusCode < 300 && causes))
      return classify(new Error(causes || e.message), ctx);
    return fromApiCall(e, ctx, 1);
  }
  const message = errorMessage(e);
  if (e instanceof ProviderTimeoutError) {
    return {
      code: 'timeout',
      message: `${ctx.providerLabel} stopped responding (${message}). The server may be overloaded or the model too slow for this context; try again or pick a faster model.`,
    };
  }
  if (isAbort(e)) return { code: 'cancelled', message: 'The request was cancelled.' };
  if (UNREACHABLE.test(message)) {
    return {
      code: 'provider_unreachable',
      message: `Could not reach ${ctx.providerLabel} at ${ctx.baseURL ?? 'its base URL'} (${message}). Check the network, the base URL, or that the local server is running.`,
    };
  }
  if (DROPPED.test(message)) {
    return {
      code: 'connection_dropped',
      message: `The connection to ${ctx.providerLabel} dropped in the middle of a response (${message}). Nothing more was received; try again.`,
    };
  }
  return { code: 'provider_error', message: `${ctx.providerLabel} call failed: ${message}` };
}
