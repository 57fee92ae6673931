// Complete reads (issue 28) through the whole stack: a long thread whose replies are collapsed behind
// "Show N more replies" buttons and an "Expand all". The read status says COMPLETE only once every page
// of a snapshot with nothing collapsed was read; until then it says what is left, naming the collapsed
// controls as tree lines with refs. Judged by the page's own state (which replies are open).
import { beforeAll, describe, expect, it } from 'vitest';
import { readUntilComplete } from '../fake-providers/policies';
import { configure, FAKE_KEY, fakeSettings, run } from './agent-helpers';
import { useExtension } from './support/setup';

const env = useExtension({ fake: true });

const MESSAGES = 80;
const COLLAPSED_AT = [4, 41, 70];

function threadHtml(): string {
  const body = Array.from({ length: MESSAGES }, (_, i) => {
    const n = i + 1;
    const text = `Message ${n} of the launch thread: the team discussed item ${n}, its owner, its deadline and the open risks in some detail.`;
    const replies = COLLAPSED_AT.includes(n)
      ? `<button type="button" class="more" aria-expanded="false" aria-controls="r${n}">Show 3 more replies</button>
         <ul id="r${n}" hidden>${[1, 2, 3].map((k) => `<li>Hidden reply ${n}.${k}: agreed, with one caveat about item ${n}.</li>`).join('')}</ul>`
      : '';
    return `<article><h2>From member ${n}</h2><p>${text}</p>${replies}</article>`;
  }).join('\n');
  return `<!doctype html><meta charset="utf-8"><title>Launch thread</title>
<main><h1>Launch thread</h1><button type="button" id="all">Expand all</button>${body}</main>
<script>
  function open(button) {
    document.getElementById(button.getAttribute('aria-controls')).hidden = false;
    button.setAttribute('aria-expanded', 'true');
    button.textContent = 'Hide replies';
  }
  for (const b of document.querySelectorAll('button.more')) b.addEventListener('click', () => open(b));
  document.getElementById('all').addEventListener('click', (e) => {
    for (const b of document.querySelectorAll('button.more[aria-expanded="false"]')) open(b);
    e.currentTarget.remove();
  });
  window.openReplies = () => document.querySelectorAll('ul[id^="r"]:not([hidden]) li').length;
</script>`;
}

beforeAll(() => {
  env.server.route('/thread.html', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(threadHtml());
  });
});

describe('complete reads', () => {
  it('says COMPLETE only after every page was read and every collapsed reply opened and read', async () => {
    env.fake.scenario('complete-read', { apiKey: FAKE_KEY, policy: readUntilComplete() });
    await configure(env.browser, fakeSettings('anthropic', env.fake.baseURL('complete-read', 'anthropic')));
    const { page, tabId } = await env.browser.open(env.server.url('/thread.html'));
    const report = await run(env.browser, { tabId, task: 'Summarise the whole thread.', mode: 'act' });
    expect(report.status).toBe('done');
    const reads = report.steps.filter((s) => s.tool === 'get_accessibility_tree');
    // Whole-document task on a Full model: the first page is the larger one, carried by every continuation.
    expect(reads[0]?.args).toEqual({ maxChars: 12_000 });
    expect(reads[0]?.result).toContain('note: whole-document task: pages of 12000 characters.');
    expect(reads[0]?.result).toMatch(
      /page 1 of (\d+) · tree_revision \S+ · \d+ refs · ~[\d,]+ tokens \(whole tree ~[\d,]+\)/,
    );
    const totalFirst = Number(/page 1 of (\d+)/.exec(reads[0]?.result ?? '')?.[1]);
    expect(totalFirst).toBeGreaterThan(1);
    // Every page before the last of the first snapshot says which pages are left.
    expect(reads[0]?.result).toMatch(
      /\[read status: NOT complete: 1 of \d+ page\(s\) read.*Left: page\(s\) 2(–\d+)? not read yet/,
    );
    // The last page of the first snapshot: all pages read, yet not complete; the collapsed controls named as tree lines.
    const endOfFirst = reads[totalFirst - 1]?.result ?? '';
    expect(endOfFirst).toMatch(/\[read status: NOT complete: all of \d+ page\(s\) read/);
    expect(endOfFirst).toMatch(/4 collapsed part\(s\) not shown/);
    expect(endOfFirst).toMatch(/^button "Expand all" \[ref_\d+\]$/m);
    expect(endOfFirst.match(/^button "Show 3 more replies" \[ref_\d+\] \{collapsed\}$/gm)).toHaveLength(3);
    for (const r of reads.slice(0, totalFirst)) expect(r.result).not.toContain('[read status: COMPLETE');
    // Then: Expand all, a fresh read to its end, and only its last page says COMPLETE.
    const click = report.steps.find((s) => s.tool === 'click_ax');
    expect(click?.ok).toBe(true);
    expect(report.steps.filter((s) => s.tool === 'click_ax')).toHaveLength(1);
    const last = reads.at(-1)?.result ?? '';
    expect(last).toMatch(
      /\[read status: COMPLETE: all of \d+ page\(s\) read, ~[\d,]+ tokens \(tree_revision \S+\); nothing collapsed or cut\]/,
    );
    expect(reads.filter((r) => r.result.includes('[read status: COMPLETE'))).toHaveLength(1);
    expect(reads.map((r) => r.result).join('\n')).toContain('Hidden reply 70.3');
    expect(report.answer).toMatch(/^Complete: \[read status: COMPLETE/);
    // The page's own state: every hidden reply is open.
    expect(await page.evaluate(() => (window as unknown as { openReplies(): number }).openReplies())).toBe(9);
    await page.close();
  });

  it('a read that stops early says what is left', async () => {
    env.fake.scenario('stops-early', { apiKey: FAKE_KEY, policy: readUntilComplete(0) });
    await configure(env.browser, fakeSettings('anthropic', env.fake.baseURL('stops-early', 'anthropic')));
    const { page, tabId } = await env.browser.open(env.server.url('/thread.html'));
    const report = await run(env.browser, { tabId, task: 'Summarise the whole thread.', mode: 'act' });
    expect(report.status).toBe('done');
    expect(report.answer).toMatch(
      /^Stopped reading: \[read status: NOT complete: all of \d+ page\(s\) read.*4 collapsed part\(s\) not shown/,
    );
    expect(report.steps.some((s) => s.result.includes('[read status: COMPLETE'))).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { openReplies(): number }).openReplies())).toBe(0);
    await page.close();
  });
});
