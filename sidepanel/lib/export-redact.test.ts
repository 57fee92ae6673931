import { describe, expect, it } from 'vitest';
import { buildTraceExport } from './trace';

/** Seeded secrets, each where a real trace carries it. */
const PASSWORD = 'Hunter-2-Pass!';
const OTP = '482913';
const RESET = 'RsT9kQ2mX7vB4nL8pW3z';
const OAUTH = 'oauthCODE-abc123XYZ789';
const API_KEY = 'sk-proj-AbCdEfGh12345678';
const GOOGLE_KEY = 'AIzaSyA1234567890abcdefghijklmnopqrstu';
const SESSION = 'sessVal-9f8e7d6c5b4a';
const CSRF = 'csrfVal-1a2b3c4d5e6f';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbm4ifQ.sigPartXyZ123';
const SEEDED = [PASSWORD, OTP, RESET, OAUTH, API_KEY, GOOGLE_KEY, SESSION, CSRF, JWT];

/** An OpenAI chat-completions request: the whole conversation, with tool calls and results. */
const openAiBody = JSON.stringify({
  model: 'gpt-4o',
  messages: [
    { role: 'system', content: `Tab: https://shop.example/reset?token=${RESET}#code=${OAUTH}` },
    { role: 'user', content: `Log in with my password ${PASSWORD}` },
    {
      role: 'assistant',
      tool_calls: [
        {
          id: 'c1',
          type: 'function',
          function: { name: 'type_ax', arguments: JSON.stringify({ ref_id: 'ref_3', text: PASSWORD }) },
        },
        { id: 'c2', type: 'function', function: { name: 'focus_type', arguments: JSON.stringify({ text: OTP }) } },
      ],
    },
    { role: 'tool', tool_call_id: 'c1', content: `typed; page now https://shop.example/cb?code=${OAUTH}` },
    { role: 'tool', tool_call_id: 'c2', content: `console: document.cookie = sid=${SESSION}; csrftoken=${CSRF}` },
    { role: 'tool', tool_call_id: 'c3', content: `Authorization header seen: Bearer ${JWT}` },
  ],
});

/** An Anthropic request body: tool_use with an object input. */
const anthropicBody = JSON.stringify({
  messages: [{ role: 'assistant', content: [{ type: 'tool_use', name: 'iframe_type', input: { text: PASSWORD } }] }],
  headers: { cookie: `sid=${SESSION}` },
});

/** A streamed response: the password split over argument deltas. */
const stream = [
  `data: ${JSON.stringify({ choices: [{ delta: { tool_calls: [{ index: 0, function: { name: 'type_ax', arguments: '{"ref_id":"ref_3","text":"Hunter-' } }] } }] })}`,
  `data: ${JSON.stringify({ choices: [{ delta: { tool_calls: [{ index: 0, function: { arguments: '2-Pass!"}' } }] } }] })}`,
  'data: [DONE]',
].join('\n\n');

const entries = [
  {
    id: 1,
    ts: 0,
    provider: 'openai',
    url: `https://generativelanguage.googleapis.com/v1/models?key=${GOOGLE_KEY}`,
    requestHeaders: { authorization: `Bearer ${API_KEY}`, 'set-cookie': `sid=${SESSION}` },
    requestBody: openAiBody,
    responseBody: stream,
    error: `HTTP 401 for key ${API_KEY}`,
  },
  {
    id: 2,
    ts: 1,
    provider: 'anthropic',
    requestBody: anthropicBody,
    responseBody: `Set-Cookie: sid=${SESSION}; Path=/`,
  },
];

describe('debug-log export redaction', () => {
  const text = JSON.stringify(buildTraceExport(entries, '0.1.0', new Date(0)));

  it.each(SEEDED)('holds no %s', (secret) => {
    expect(text).not.toContain(secret);
  });

  it('holds no fragment of a password split over stream chunks', () => {
    expect(text).not.toContain('Hunter-');
    expect(text).not.toContain('2-Pass!');
  });

  it('keeps what a diagnosis needs', () => {
    expect(text).toContain('type_ax');
    expect(text).toContain('ref_3');
    expect(text).toContain('[typed text redacted: 14 chars]');
    expect(text).toContain('https://shop.example/reset?…');
    expect(text).toContain('gpt-4o');
  });
});
