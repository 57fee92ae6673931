/**
 * network_body in real Chromium, through a task (the fake model plays a script): a same-origin JSON
 * body comes back by the #id network_read printed, with its token blanked, only when the user turned
 * response bodies on; a body from another origin (a CORS API on another port) is refused by the read
 * gate and its secret reaches no result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptPolicy, step } from '../fake-providers/script';
import { configure, FAKE_KEY, fakeSettings, run, whenRunning, type RunReport } from './agent-helpers';
import { startFixtureServer, type FixtureServer } from './support/server';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });
const TOKEN = 'tok_ProfileS3cret77';
const OTHER_SECRET = 'OtherSiteS3cret55';
let other: FixtureServer;

beforeAll(async () => {
  other = await startFixtureServer();
  other.route('/api/feed', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify({ feed: [OTHER_SECRET], owner: 'other' }));
  });
});
afterAll(() => other.close());

const idOf = (path: string) => new RegExp(`(#\\d+) GET 200 xhr \\d+ms \\S+${path}`);

async function bodyTask(scenario: string, networkBodies: boolean): Promise<RunReport> {
  env.server.route('/api/profile', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ user: { name: 'Jane Roe', plan: 'pro' }, session: { access_token: TOKEN } }));
  });
  const task = `Read the profile response (${scenario}).`;
  env.fake.scenario(scenario, {
    apiKey: FAKE_KEY,
    policy: scriptPolicy(
      new Map([
        [
          task,
          {
            steps: [
              step('watch', { durationMs: 2500 }),
              step('network_read', {}),
              step('network_body', (v) => ({ requestId: v.grab(idOf('/api/profile')) })),
              step('network_body', (v) => ({ requestId: v.grab(idOf('/api/feed')) })),
            ],
            final: () => 'Read.',
          },
        ],
      ]),
    ),
  });
  await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai'), { networkBodies }));
  const { page, tabId } = await env.browser.open(env.server.url('/basic.html'));
  const report = run(env.browser, { tabId, task, mode: 'act' });
  await whenRunning(env.browser, tabId, 'watch');
  // The requests happen while the task runs: bodies are kept only from the task's start.
  await page.evaluate(async (o) => {
    await (await fetch('/api/profile')).text();
    await (await fetch(`${o}/api/feed`)).text();
  }, other.origin);
  const done = await report;
  await page.close();
  return done;
}

describe('network_body', () => {
  it('returns a same-origin JSON body, token blanked, by id; another origin is refused', async () => {
    const r = await bodyTask('nb-on', true);
    expect(r.status).toBe('done');
    const [profile, feed] = r.steps.filter((s) => s.tool === 'network_body');
    expect(profile?.ok).toBe(true);
    expect(profile?.result).toContain('Jane Roe');
    expect(profile?.result).toContain('[redacted]');
    expect(feed?.ok).toBe(false);
    expect(feed?.result).toMatch(/other_site|a site this task does not read/);
    const all = JSON.stringify(r.steps);
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain(OTHER_SECRET);
  });

  it('is off by default: no body is kept, the error says how to turn it on', async () => {
    const r = await bodyTask('nb-off', false);
    const [profile] = r.steps.filter((s) => s.tool === 'network_body');
    expect(profile?.ok).toBe(false);
    expect(profile?.result).toMatch(/networkBodies setting is off/);
    expect(JSON.stringify(r.steps)).not.toContain('Jane Roe');
  });
});
