/**
 * `watch` reports WebSocket frames (issue 28) in real Chromium, through a task (the fake model plays a
 * script): with response bodies on (the Network domain held for the task), the frames a chat page sends
 * and receives on its own origin's socket are listed, credentials blanked; the frames of a socket to
 * another site are only counted and their secret reaches no result. With the setting off, watch says
 * why there are no frames.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unfence } from '../../shared/fence';
import { scriptPolicy, step } from '../fake-providers/script';
import { configure, FAKE_KEY, fakeSettings, run, whenRunning, type RunReport } from './agent-helpers';
import { useExtension } from './support/setup';
import { startWsServer, type WsServer } from './support/ws-server';

const env = useExtension({ fake: true });
const TOKEN = 'tok_WsS3cret99';
const OTHER_SECRET = 'OTHER-WS-SECRET-4242';

/** Opens its own socket (and one to `?other=`) when #open is clicked, then chats every 250 ms. */
const CHAT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chat</title></head><body>
<h1>Support chat</h1><button id="open" type="button">Open chat</button><p id="last" role="status"></p>
<script>
function start(url, label) {
  const ws = new WebSocket(url);
  let n = 0;
  ws.onopen = () => {
    const timer = setInterval(() => {
      if (ws.readyState !== 1) return clearInterval(timer);
      n += 1;
      ws.send(JSON.stringify({ type: 'chat', text: 'hello ' + label + ' ' + n, access_token: '${TOKEN}' }));
    }, 250);
  };
  let replies = 0;
  ws.onmessage = () => { if (label === 'own') document.getElementById('last').textContent = ++replies + ' replies'; };
}
document.getElementById('open').addEventListener('click', () => {
  start('ws://' + location.host + '/socket', 'own');
  const other = new URLSearchParams(location.search).get('other');
  if (other) start(other, 'other');
});
</script></body></html>`;

let own: WsServer;
let other: WsServer;
beforeAll(async () => {
  own = await startWsServer(CHAT, (t) => JSON.stringify({ echo: t.slice(0, 60), session_token: TOKEN }));
  other = await startWsServer('<p>other</p>', () => `partner says ${OTHER_SECRET}`);
});
afterAll(async () => {
  await own.close();
  await other.close();
});

async function watchTask(scenario: string, networkBodies: boolean): Promise<{ report: RunReport; watch: unknown }> {
  const task = `Watch the chat (${scenario}).`;
  env.fake.scenario(scenario, {
    apiKey: FAKE_KEY,
    policy: scriptPolicy(new Map([[task, { steps: [step('watch', { durationMs: 3000 })], final: () => 'Watched.' }]])),
  });
  await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), { networkBodies }));
  const otherSocket = `${other.origin.replace('http:', 'ws:')}/socket`;
  const { page, tabId } = await env.browser.open(`${own.origin}/?other=${encodeURIComponent(otherSocket)}`);
  const running = run(env.browser, { tabId, task, mode: 'ask' });
  await whenRunning(env.browser, tabId, 'watch');
  await page.evaluate(() => document.getElementById('open')?.click());
  const report = await running;
  await page.close();
  const body = unfence(report.steps[0]?.result ?? '')
    .split('\n')
    .filter((l) => !l.startsWith('NOTE: '))
    .join('\n');
  return { report, watch: JSON.parse(body) };
}

interface Frame {
  dir: string;
  socket: string;
  text?: string;
}

describe('watch: WebSocket frames', () => {
  it('lists the own socket’s frames, redacted, and only counts another site’s', async () => {
    const { report, watch } = await watchTask('ws-on', true);
    expect(report.status).toBe('done');
    const ws = (watch as { network: { webSocket: { frames: Frame[]; notShown?: string } } }).network.webSocket;
    const sent = ws.frames.filter((f) => f.dir === 'sent');
    const received = ws.frames.filter((f) => f.dir === 'received');
    expect(sent.some((f) => f.text?.includes('hello own'))).toBe(true);
    expect(received.some((f) => f.text?.includes('"echo"'))).toBe(true);
    expect(ws.frames.every((f) => f.socket === `${own.origin}/socket`)).toBe(true);
    expect(ws.notShown).toMatch(/^\d+ frame\(s\) of sockets to other sites, or opened before the task: not read$/);
    const all = JSON.stringify(report);
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain(OTHER_SECRET);
    expect(all).not.toContain('hello other');
  });

  it('says frames need response bodies on when the setting is off', async () => {
    const { watch } = await watchTask('ws-off', false);
    expect((watch as { network: { webSocket: unknown } }).network.webSocket).toBe(
      'frames are recorded only while the user has response bodies on (settings)',
    );
  });
});
