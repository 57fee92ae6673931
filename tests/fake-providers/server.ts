import http from 'node:http';
import type { Socket } from 'node:net';
import { FakePromptCache, type CacheUse } from './anthropic-cache';
import { anthropicError, anthropicFrames, anthropicJson, parseAnthropicRequest } from './anthropic-wire';
import { googleError, googleFrames, googleJson, googleTurnProblem, parseGoogleRequest } from './google-wire';
import { openAIError, openAIFrames, openAIJson, parseOpenAIRequest } from './openai-wire';
import { isRecord, type FakePolicy, type FakeTurn } from './turn';

export type Protocol = 'openai' | 'anthropic' | 'google';

interface Scenario {
  policy: FakePolicy;
  /** The key the fake accepts; any other gets a real-looking 401 (Gemini: 400 API_KEY_INVALID). */
  apiKey?: string;
  /** Answer 403 as for a suspended key, with the key echoed in the message as Gemini does. */
  keySuspended?: boolean;
  /** Answer this many requests with 429 (retry-after-ms: 50) before serving normally. */
  rateLimitFirst?: number;
  /** Destroy the socket after this many SSE events of the given request number (1-based). */
  dropAt?: { request: number; afterEvents: number };
  /** Hold the Nth request (1-based) until `release()`, for stopping the worker mid-task. */
  holdRequest?: number;
  /**
   * The model's context window in tokens: a longer request is refused the way real providers refuse
   * it (OpenAI 400 `context_length_exceeded`, Anthropic 400 "prompt is too long", Gemini 400
   * INVALID_ARGUMENT), counting tokens as the fake always does (characters / 4).
   */
  contextWindow?: number;
  /** Anthropic only: serve cache_control breakpoints from a prompt cache and report cache reads/writes. */
  promptCache?: boolean;
}

interface RecordedRequest {
  scenario: string;
  protocol: Protocol;
  /** Path and query as requested (`…/models/gemini-2.5-flash:streamGenerateContent?alt=sse`). */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  turn: FakeTurn;
  status: number;
  /** The token counts the fake reported for this response (what the agent's usage must add up to). */
  usage?: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
  /** What the prompt cache did with this request (scenarios with `promptCache`). */
  cache?: CacheUse;
}

export interface FakeProviders {
  origin: string;
  /** Base URL to put in the extension's settings for one scenario and protocol. */
  baseURL(scenario: string, protocol: Protocol): string;
  scenario(name: string, s: Scenario): void;
  requests: RecordedRequest[];
  /** Resolves once a held request has arrived. */
  held(scenario: string): Promise<void>;
  /** Lets the held request of a scenario go (it is answered normally if its socket still lives). */
  release(scenario: string): void;
  close(): Promise<void>;
}

/** Token counts the way a provider reports them, from the bytes exchanged (≈4 characters a token). */
function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/**
 * Fake LLM providers on 127.0.0.1 speaking the real wire protocols (OpenAI chat completions and
 * Anthropic Messages and Gemini generateContent, streamed), driven by scripted policies. Paths:
 * /<scenario>/openai/v1/chat/completions, /<scenario>/anthropic/v1/messages and
 * /<scenario>/google/v1beta/models/<model>:streamGenerateContent?alt=sse.
 */
export async function startFakeProviders(): Promise<FakeProviders> {
  const scenarios = new Map<string, Scenario>();
  const caches = new Map<string, FakePromptCache>();
  const counts = new Map<string, number>();
  const holds = new Map<
    string,
    { arrived: Promise<void>; arrive: () => void; go: Promise<void>; release: () => void }
  >();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  function holdFor(name: string) {
    let h = holds.get(name);
    if (!h) {
      let arrive: () => void = () => undefined;
      let release: () => void = () => undefined;
      const arrived = new Promise<void>((r) => (arrive = r));
      const go = new Promise<void>((r) => (release = r));
      h = { arrived, arrive, go, release };
      holds.set(name, h);
    }
    return h;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const m =
      /^\/([\w-]+)\/(openai|anthropic)\/v1\/(chat\/completions|messages)$/.exec(url.pathname) ??
      /^\/([\w-]+)\/(google)\/v1beta\/models\/([\w.-]+):(streamGenerateContent|generateContent)$/.exec(url.pathname);
    const scenarioName = m?.[1] ?? '';
    const protocol: Protocol = m?.[2] === 'anthropic' ? 'anthropic' : m?.[2] === 'google' ? 'google' : 'openai';
    const scenario = scenarios.get(scenarioName);
    let body: unknown = null;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    const turn =
      protocol === 'anthropic'
        ? parseAnthropicRequest(body)
        : protocol === 'google'
          ? parseGoogleRequest(body)
          : parseOpenAIRequest(body);
    const record: RecordedRequest = {
      scenario: scenarioName,
      protocol,
      url: req.url ?? '',
      headers: req.headers,
      body,
      turn,
      status: 200,
    };
    requests.push(record);
    const fail = (status: number, message: string, code: string, headers: Record<string, string> = {}) => {
      record.status = status;
      if (protocol === 'google')
        googleError(
          res,
          status,
          status === 429 ? 'Resource has been exhausted (e.g. check quota).' : message,
          /^[A-Z_]+$/.test(code) ? code : undefined,
          headers,
        );
      else if (protocol === 'anthropic')
        anthropicError(
          res,
          status,
          status === 401
            ? 'authentication_error'
            : status === 403
              ? 'permission_error'
              : status === 429
                ? 'rate_limit_error'
                : 'invalid_request_error',
          message,
          headers,
        );
      else openAIError(res, status, message, code, headers);
    };
    if (!m || !scenario) return fail(404, `unknown fake endpoint ${req.url ?? ''}`, 'not_found');

    const key =
      protocol === 'anthropic'
        ? req.headers['x-api-key']
        : protocol === 'google'
          ? (req.headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? undefined)
          : req.headers.authorization?.replace(/^Bearer /, '');
    // Gemini answers a wrong key with 400 INVALID_ARGUMENT / API_KEY_INVALID, not 401.
    if (scenario.apiKey !== undefined && key !== scenario.apiKey && protocol === 'google')
      return fail(400, 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
    if (scenario.keySuspended)
      return fail(
        403,
        `Permission denied: Consumer 'api_key:${String(key)}' has been suspended.`,
        protocol === 'google' ? 'CONSUMER_SUSPENDED' : 'permission_denied',
      );
    if (scenario.apiKey !== undefined && key !== scenario.apiKey) {
      return fail(
        401,
        protocol === 'anthropic'
          ? 'invalid x-api-key'
          : 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        'invalid_api_key',
      );
    }
    const turnProblem = protocol === 'google' ? googleTurnProblem(body) : null;
    if (turnProblem) return fail(400, turnProblem, 'invalid_argument');
    const n = (counts.get(scenarioName) ?? 0) + 1;
    counts.set(scenarioName, n);
    if (scenario.rateLimitFirst !== undefined && n <= scenario.rateLimitFirst) {
      return fail(429, 'Rate limit reached for requests. Please try again shortly.', 'rate_limit_exceeded', {
        'retry-after-ms': '50',
        'retry-after': '0',
      });
    }
    if (scenario.holdRequest === n) {
      const h = holdFor(scenarioName);
      h.arrive();
      await h.go;
      if (res.destroyed || req.socket.destroyed) return;
    }
    const promptTokens = tokens(raw);
    if (scenario.contextWindow !== undefined && promptTokens > scenario.contextWindow) {
      const w = scenario.contextWindow;
      return protocol === 'anthropic'
        ? fail(400, `prompt is too long: ${promptTokens} tokens > ${w} maximum`, 'invalid_request_error')
        : protocol === 'google'
          ? fail(
              400,
              `The input token count (${promptTokens}) exceeds the maximum number of tokens allowed (${w}).`,
              'INVALID_ARGUMENT',
            )
          : fail(
              400,
              `This model's maximum context length is ${w} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`,
              'context_length_exceeded',
            );
    }
    // A model offered no tools cannot call one (test_connection's ping): it answers in words.
    let decision;
    try {
      decision = turn.tools.length === 0 ? { text: 'OK' } : scenario.policy(turn);
    } catch (e) {
      // A broken policy is a test bug: answer 500 at once rather than leave the agent waiting.
      return fail(500, `fake policy crashed: ${e instanceof Error ? e.message : String(e)}`, 'server_error');
    }
    const model =
      protocol === 'google' ? (m[3] ?? 'fake') : isRecord(body) && typeof body.model === 'string' ? body.model : 'fake';
    const streamed = protocol === 'google' ? m[4] === 'streamGenerateContent' : isRecord(body) && body.stream === true;
    const includeUsage = isRecord(body) && isRecord(body.stream_options) && body.stream_options.include_usage === true;
    const usage: NonNullable<RecordedRequest['usage']> = {
      input: promptTokens,
      output: tokens(JSON.stringify(decision)),
    };
    if (protocol === 'anthropic' && scenario.promptCache) {
      const cache = caches.get(scenarioName) ?? new FakePromptCache();
      caches.set(scenarioName, cache);
      record.cache = cache.serve(body);
      usage.cacheRead = Math.min(record.cache.read, promptTokens);
      usage.cacheWrite = Math.min(record.cache.write, promptTokens - usage.cacheRead);
    }
    record.usage = usage;
    if (!streamed) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          protocol === 'anthropic'
            ? anthropicJson(decision, { model, includeUsage: true, usage })
            : protocol === 'google'
              ? googleJson(decision, { model, includeUsage: true, usage })
              : openAIJson(decision, { model, includeUsage, usage }),
        ),
      );
      return;
    }
    const drop = scenario.dropAt?.request === n ? scenario.dropAt.afterEvents : -1;
    const frames =
      protocol === 'anthropic'
        ? anthropicFrames(decision, { model, includeUsage: true, usage })
        : protocol === 'google'
          ? googleFrames(decision, { model, includeUsage: true, usage })
          : openAIFrames(decision, { model, includeUsage, usage });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const [i, frame] of frames.entries()) {
      if (i === drop) {
        // A connection that dies mid-response: what was written arrives, then the socket goes,
        // with no terminating chunk.
        await new Promise((r) => setTimeout(r, 100));
        res.socket?.destroy();
        return;
      }
      res.write(frame);
      // Real streams arrive in separate packets; pacing keeps the deltas separate too.
      await new Promise((r) => setImmediate(r));
    }
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake provider has no TCP address');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    baseURL: (scenario, protocol) => `${origin}/${scenario}/${protocol}/${protocol === 'google' ? 'v1beta' : 'v1'}`,
    scenario: (name, s) => {
      scenarios.set(name, s);
      caches.delete(name);
      counts.set(name, 0);
      holds.delete(name);
    },
    requests,
    held: (name) => holdFor(name).arrived,
    release: (name) => holdFor(name).release(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
