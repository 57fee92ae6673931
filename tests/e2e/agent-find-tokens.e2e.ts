/**
 * Issue 12's agent proof: the same task on the same long page, once the way a model pages through the
 * tree (read every page until the button shows, click, read again to check), once with find + verify.
 * Both must succeed on the page's own state; the find run must cost fewer input tokens, as the fake
 * provider reports them (its usage counts the request it received). The two figures are printed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answer, call, callsThisTask, findRef, lastCall } from '../fake-providers/reading';
import type { FakePolicy } from '../fake-providers/turn';
import { configure, FAKE_KEY, fakeSettings, run } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });
const TASK = 'Load the comments at the bottom of the page and make sure it worked.';

beforeAll(() => {
  const items = Array.from(
    { length: 400 },
    (_, i) => `<li><a href="/post/${i + 1}">Archive post number ${i + 1} of the blog</a></li>`,
  ).join('');
  env.server.route('/long-blog.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Blog</title><h1>Archive</h1><ul>${items}</ul>` +
        `<footer><button onclick="document.getElementById('news').textContent='Comments loaded: 12'">Load comments</button>` +
        `<p id="news" role="status">No comments shown</p></footer>`,
    );
  });
});

const CONTINUE = /call get_accessibility_tree with exactly these arguments: (\{.*?\})\. Reuse/;

function continueWith(printed: string) {
  const args: unknown = JSON.parse(printed);
  return { toolCalls: [{ name: 'get_accessibility_tree', args }] };
}

/** Pages the tree until the button appears, clicks it, then reads the last page again to check. */
const pagingPolicy: FakePolicy = (turn) => {
  const calls = callsThisTask(turn);
  const last = lastCall(turn);
  if (!last) return call('get_accessibility_tree', {});
  if (last.call.name === 'click_ax') return call('get_accessibility_tree', {});
  const clicked = calls.some((c) => c.call.name === 'click_ax');
  if (clicked) {
    const next = CONTINUE.exec(last.result)?.[1];
    if (next) return continueWith(next);
    return answer(/Comments loaded: 12/.test(last.result) ? 'Loaded.' : 'Could not confirm.');
  }
  const button = findRef(last.result, /^button$/, /^Load comments$/);
  if (button) return call('click_ax', { ref_id: button.ref });
  const next = CONTINUE.exec(last.result)?.[1];
  if (next) return continueWith(next);
  return answer('No Load comments button.');
};

/** find → click → verify. */
const findPolicy: FakePolicy = (turn) => {
  const last = lastCall(turn);
  if (!last) return call('find', { query: 'Load comments button' });
  if (last.call.name === 'find') {
    // Candidates are numbered tree lines: `1. button "Load comments" [ref_5] · score …`.
    const ref = /\d+\. button "Load comments" \[(ref_\d+)\]/.exec(last.result)?.[1];
    return ref ? call('click_ax', { ref_id: ref }) : answer('find did not see it.');
  }
  if (last.call.name === 'click_ax') {
    return call('verify', { check: 'text', selector: '#news', text: 'Comments loaded' });
  }
  return answer(/"holds":\s*true/.test(last.result) ? 'Loaded.' : 'Could not confirm.');
};

async function runWith(scenario: string, policy: FakePolicy) {
  env.fake.scenario(scenario, { apiKey: FAKE_KEY, policy });
  await configure(env.browser, fakeSettings('openai', env.fake.baseURL(scenario, 'openai')));
  const { page, tabId } = await env.browser.open(env.server.url('/long-blog.html'));
  const report = await run(env.browser, { tabId, task: TASK, mode: 'act' });
  const status = await page.locator('#news').textContent();
  await page.close();
  return { report, status };
}

describe('find + verify instead of paging', () => {
  it('completes the same task with fewer input tokens', async () => {
    const paging = await runWith('paging', pagingPolicy);
    const found = await runWith('find', findPolicy);
    for (const r of [paging, found]) {
      expect(r.report.status).toBe('done');
      expect(r.report.answer).toBe('Loaded.');
      expect(r.status).toBe('Comments loaded: 12');
    }
    const tools = (r: typeof paging) => r.report.steps.map((s) => s.tool);
    expect(tools(found)).toEqual(['find', 'click_ax', 'verify']);
    expect(tools(paging).filter((t) => t === 'get_accessibility_tree').length).toBeGreaterThan(4);
    const pagingTokens = paging.report.usage.inputTokens;
    const findTokens = found.report.usage.inputTokens;
    console.log(
      `find+verify vs tree paging (same task, provider usage): ${findTokens} vs ${pagingTokens} input tokens ` +
        `(${(findTokens / pagingTokens).toFixed(2)}×), ${found.report.steps.length} vs ${paging.report.steps.length} tool calls`,
    );
    expect(findTokens).toBeLessThan(pagingTokens);
  }, 240_000);
});
