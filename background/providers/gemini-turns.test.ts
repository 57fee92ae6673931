import { describe, expect, it } from 'vitest';
import { alternateTurns, alternatingTurnsFetch } from './gemini-turns';

const fr = { functionResponse: { name: 'click_ax', response: { name: 'click_ax', content: 'ok' } } };
const note = { text: "The user's tab now: …" };

describe('Gemini turns alternate between user and model', () => {
  it('joins a function response and the page note into one user turn, parts in order', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'task' }] },
      { role: 'user', parts: [note] },
      { role: 'model', parts: [{ functionCall: { name: 'click_ax', args: {} } }] },
      { role: 'user', parts: [fr] },
      { role: 'user', parts: [note] },
    ];
    expect(alternateTurns(contents)).toEqual([
      { role: 'user', parts: [{ text: 'task' }, note] },
      contents[2],
      { role: 'user', parts: [fr, note] },
    ]);
  });

  it('sends an already alternating body as it was, and rewrites one that is not', async () => {
    const sent: (string | undefined)[] = [];
    const next: typeof fetch = (_input, init) => {
      sent.push(typeof init?.body === 'string' ? init.body : undefined);
      return Promise.resolve(new Response('{}'));
    };
    const f = alternatingTurnsFetch(next);
    const fine = JSON.stringify({ contents: [{ role: 'user', parts: [note] }], tools: [] });
    await f('https://x/models/m:streamGenerateContent', { method: 'POST', body: fine });
    const twice = {
      contents: [
        { role: 'user', parts: [fr] },
        { role: 'user', parts: [note] },
      ],
      tools: [],
    };
    await f('https://x/models/m:streamGenerateContent', { method: 'POST', body: JSON.stringify(twice) });
    expect(sent[0]).toBe(fine);
    expect(JSON.parse(sent[1] ?? '')).toEqual({ contents: [{ role: 'user', parts: [fr, note] }], tools: [] });
  });
});
