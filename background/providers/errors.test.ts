import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeProviderError } from './errors';

const key = 'sk-live-abcdef0123456789';
const ctx = { providerLabel: 'OpenAI', model: 'gpt-x', baseURL: 'https://api.example/v1', secrets: [key] };

function apiError(status: number, message: string): APICallError {
  return new APICallError({
    message,
    url: 'https://api.example/v1/chat/completions',
    requestBodyValues: {},
    statusCode: status,
    responseBody: JSON.stringify({ error: { message } }),
    data: { error: { message } },
  });
}

describe('describeProviderError', () => {
  it('names a bad key without echoing it', () => {
    const info = describeProviderError(apiError(401, `Incorrect API key provided: ${key}`), ctx);
    expect(info.code).toBe('auth_failed');
    expect(info.message).toMatch(/rejected the API key/);
    expect(info.message).not.toContain(key);
  });
  it("reads Gemini's 400 API_KEY_INVALID as a bad key, and its 403 that echoes the key without the key", () => {
    const google = { ...ctx, providerLabel: 'Google Gemini' };
    const invalid = {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
      },
    };
    const e400 = new APICallError({
      message: invalid.error.message,
      url: 'u',
      requestBodyValues: {},
      statusCode: 400,
      data: invalid,
    });
    expect(describeProviderError(e400, google)).toMatchObject({
      code: 'auth_failed',
      message: expect.stringMatching(/^Google Gemini rejected the API key \(HTTP 400: API key not valid/),
    });
    // Any other 400 stays a rejected request.
    expect(describeProviderError(apiError(400, 'Invalid JSON payload'), google).code).toBe('provider_rejected');
    const suspended = describeProviderError(
      apiError(403, `Permission denied: Consumer 'api_key:${key}' has been suspended.`),
      google,
    );
    expect(suspended.code).toBe('auth_failed');
    expect(suspended.message).not.toContain(key);
  });
  it('reports a rate limit after retries with the attempt count', () => {
    const e = new RetryError({
      message: 'x',
      reason: 'maxRetriesExceeded',
      errors: [apiError(429, 'slow'), apiError(429, 'slow'), apiError(429, 'slow')],
    });
    const info = describeProviderError(e, ctx);
    expect(info).toMatchObject({ code: 'rate_limited' });
    expect(info.message).toContain('after 3 attempts');
  });
  it('tells an unknown model apart', () => {
    expect(describeProviderError(apiError(404, 'no such model'), ctx).code).toBe('model_not_found');
  });
  it('tells an unreachable server from a dropped stream', () => {
    expect(describeProviderError(new TypeError('Failed to fetch'), ctx).code).toBe('provider_unreachable');
    expect(describeProviderError(new TypeError('network error'), ctx).code).toBe('connection_dropped');
  });
});

describe('a stream that broke off after HTTP 200', () => {
  it('is a dropped connection, not a rejection', () => {
    const cause = new TypeError('terminated', { cause: new Error('other side closed') });
    const e = new APICallError({
      message: 'Failed to process successful response',
      url: 'u',
      requestBodyValues: {},
      statusCode: 200,
      cause,
    });
    const info = describeProviderError(e, ctx);
    expect(info.code).toBe('connection_dropped');
    expect(info.message).toContain('terminated');
  });
});
