/**
 * `find` and `text_search` in real Chromium: actionability from layout and hit-testing (clipped,
 * covered, disabled, below the fold), collection context, frame-qualified refs, stale refs refused,
 * warnings that name the model's tools, text_search counts equal to an independent count of the
 * page's visible text (text far past the tree's 300-character cut included), and the model-facing
 * text within 2,500 characters at the largest counts. The ranking itself: find-eval.e2e.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODEL_TEXT_MAX } from '../../shared/find-format';
import { parseTreeLine } from '../../shared/tree-line';
import { FramesReplySchema, okData } from './support/frames';
import { useExtension } from './support/setup';
import { readTree } from './support/tree';

const env = useExtension({ shared: true });

const ask = async (tool: string, args: unknown, tabId: number) =>
  env.browser.tool(tool, args, { tabId, mode: 'ask', tier: 'mid' });
const text = (r: unknown) => z.string().parse(r);

interface Entry {
  ref: string;
  line: string;
  rest: string;
}

function entries(out: string): Entry[] {
  const found: Entry[] = [];
  for (const l of out.split('\n')) {
    const m = /^\d+\. (.*?) · (score .*)$/.exec(l);
    const ref = m?.[1] !== undefined ? parseTreeLine(m[1])?.ref : undefined;
    if (m?.[1] !== undefined && m[2] !== undefined && ref) found.push({ ref, line: m[1], rest: m[2] });
  }
  return found;
}

async function first(tabId: number, query: string, extra: Record<string, unknown> = {}): Promise<Entry> {
  const out = text(okData(await ask('find', { query, ...extra }, tabId)));
  const top = entries(out)[0];
  if (!top) expect.fail(`find ${query}: no candidate\n${out}`);
  return top;
}

describe('find', () => {
  it('says whether each candidate is actionable, from layout and hit-testing', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/find-extra.html'));
    await page.waitForTimeout(200);
    const visible = await first(tabId, 'continue');
    expect(visible.line).toMatch(/^button "Continue" \[ref_\d+\]$/);
    expect(visible.rest).toMatch(/· actionable · box \d+,\d+ \d+×\d+/);
    // Inside an overflow:hidden box, below its bottom edge: no visible box.
    expect((await first(tabId, 'show archived projects')).rest).toMatch(/· off-screen · no visible box/);
    // Under a positioned sheet: elementFromPoint hits the sheet.
    expect((await first(tabId, 'dismiss banner')).rest).toMatch(/· covered · box /);
    expect((await first(tabId, 'export report')).rest).toMatch(/· disabled ·/);
    expect((await first(tabId, 'subscribe to the newsletter')).rest).toMatch(/· off-screen · no visible box/);
    // Scrolled into view, the same element is actionable, with the same ref.
    const below = await first(tabId, 'subscribe to the newsletter');
    await page.locator('#news-subscribe').scrollIntoViewIfNeeded();
    const after = await first(tabId, 'subscribe to the newsletter');
    expect(after.ref).toBe(below.ref);
    expect(after.rest).toMatch(/· actionable ·/);
    await page.evaluate(() => window.scrollTo(0, 0));

    // visibleOnly drops what cannot be acted on, and says so without a position to click.
    const hidden = text(okData(await ask('find', { query: 'dismiss banner', visibleOnly: true }, tabId)));
    expect(entries(hidden)).toEqual([]);
    expect(hidden).toMatch(/warning: no visible candidate/);
    expect(hidden).not.toMatch(/coordinate|click at|x=|y=/i);
    await page.close();
  });

  it('when every match is hidden or off-screen, says so and what to do: open the section it names, or scroll', async () => {
    const act = (args: unknown, tabId: number) => env.browser.tool('find', args, { tabId, mode: 'act', tier: 'full' });
    const { page, tabId } = await env.browser.open(env.server.url('/tree-clickables.html'));
    // In a closed <details>: the tree does not print it, so nothing visible matches; the warning names
    // the summary that opens it, with the ref the tree prints for it.
    const closed = text(okData(await act({ query: 'hidden' }, tabId)));
    expect(entries(closed)).toEqual([]);
    expect(closed).not.toContain('nothing on the page matched');
    const opener =
      /hidden section\(s\) \(collapsed, closed or display:none\) contain these words\. To show them, click: (.*?); then find again\./.exec(
        closed,
      )?.[1];
    expect(opener, closed).toMatch(/"More details" \[ref_\d+\]/);
    const ref = parseTreeLine(opener ?? '')?.ref ?? '';
    expect((await readTree(env.browser, tabId)).tree).toContain(`"More details" [${ref}]`);
    // Clicking that ref opens it (the app's own state: the details element is open), and find sees the button.
    expect((await env.browser.tool('click_ax', { ref_id: ref }, { tabId, mode: 'act' })).ok).toBe(true);
    await expect.poll(() => page.locator('details').first().getAttribute('open')).toBe('');
    const shown = entries(text(okData(await act({ query: 'hidden' }, tabId))));
    expect(shown.find((e) => /^button "Hidden button" \[ref_\d+\]$/.test(e.line))?.rest).toMatch(/· actionable ·/);
    await page.close();

    // A real library's disclosure (Shoelace's sl-details slots its content into a closed <details> in
    // its shadow root): the control named is the one the tree prints, and clicking it shows the checkbox.
    const sl = await env.browser.open(env.server.url('/tree-shoelace.html'));
    await sl.page.getByRole('button', { name: 'Advanced options' }).waitFor();
    const beta = text(okData(await act({ query: 'join the beta' }, sl.tabId)));
    const slOpener = /To show them, click: (.*?); then find again\./.exec(beta)?.[1] ?? '';
    expect(slOpener, beta).toMatch(/^button "Advanced options" \[ref_\d+\] \{collapsed\}$/);
    const slRef = parseTreeLine(slOpener)?.ref ?? '';
    expect((await readTree(env.browser, sl.tabId)).tree).toContain(`"Advanced options" [${slRef}]`);
    expect((await env.browser.tool('click_ax', { ref_id: slRef }, { tabId: sl.tabId, mode: 'act' })).ok).toBe(true);
    await expect
      .poll(async () => entries(text(okData(await act({ query: 'join the beta' }, sl.tabId)))).map((e) => e.line))
      .toContainEqual(expect.stringMatching(/^checkbox "Join the beta" \[ref_\d+\]/));
    await sl.page.close();

    // Below the fold only: all off-screen, and the way there is an action by ref or a scroll, never a position.
    const extra = await env.browser.open(env.server.url('/find-extra.html'));
    const below = text(okData(await act({ query: 'subscribe to the newsletter' }, extra.tabId)));
    expect(below).toMatch(
      /warning: no visible candidate: all \d+ match\(es\) are off-screen \(scrolled away or clipped\)\. If one is the element you mean, act on its ref \(actions scroll it into view\) or scroll to it;/,
    );
    await extra.page.close();
  });

  it('closed shadow roots: a collapsed section there is named by its opener with the tree ref, and opens', async () => {
    const act = (args: unknown, tabId: number) => env.browser.tool('find', args, { tabId, mode: 'act', tier: 'full' });
    const click = async (ref: string, tabId: number) =>
      expect((await env.browser.tool('click_ax', { ref_id: ref }, { tabId, mode: 'act' })).ok).toBe(true);
    const { page, tabId } = await env.browser.open(env.server.url('/find-closed-sections.html'));
    await page.locator('body[data-ready]').waitFor({ state: 'attached' });
    const openerOf = async (query: string) => {
      const out = text(okData(await act({ query }, tabId)));
      expect(entries(out), out).toEqual([]);
      return /1 hidden section\(s\) .* To show them, click: (.*?); then find again\./.exec(out)?.[1] ?? out;
    };
    const tree = (await readTree(env.browser, tabId)).tree;
    // aria-controls resolved in the closed root: the button the tree prints, with its ref.
    const advanced = await openerOf('two-factor sign-in');
    expect(advanced).toMatch(/^button "Advanced settings" \[ref_\d+\] \{collapsed\}$/);
    const advRef = parseTreeLine(advanced)?.ref ?? '';
    expect(tree).toContain(`button "Advanced settings" [${advRef}]`);
    // A closed <details> in the root: its summary. Light content slotted into the root's collapsed
    // part: the component's own control, found through the closed root.
    const billing = await openerOf('download receipts');
    expect(billing).toMatch(/"Billing" \[ref_\d+\]/);
    expect(tree).toContain(`"Billing" [${parseTreeLine(billing)?.ref ?? ''}]`);
    const tools = await openerOf('export archive');
    expect(tools).toMatch(/^button "More tools" \[ref_\d+\] \{collapsed\}$/);
    expect(tree).toContain(`"More tools" [${parseTreeLine(tools)?.ref ?? ''}]`);

    // Clicking the named refs opens the sections (the components' own state), and find then returns
    // the controls inside, actionable; acting on them changes the page.
    await click(advRef, tabId);
    await expect.poll(() => page.locator('#panel').getAttribute('data-open')).toBe('true');
    const tf = await first(tabId, 'two-factor sign-in');
    expect(tf.line).toMatch(/^checkbox "Enable two-factor sign-in" \[ref_\d+\]/);
    expect(tf.rest).toMatch(/· actionable ·/);
    await click(tf.ref, tabId);
    await click(parseTreeLine(tools)?.ref ?? '', tabId);
    await expect.poll(() => page.locator('#fold').getAttribute('data-open')).toBe('true');
    const exp = await first(tabId, 'export archive');
    expect(exp.line).toMatch(/^button "Export archive" \[ref_\d+\]$/);
    await click(exp.ref, tabId);
    await expect.poll(() => page.locator('#state').textContent()).toBe('security: strong; copies: saved');
    await page.close();
  });

  it('web components: a slotted label reaches its control, and text on it is reported on the control', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tree-shoelace.html'));
    await page.locator('body[data-ready]').waitFor({ state: 'attached' });
    const tree = (await readTree(env.browser, tabId, { filter: 'all', maxChars: 1_000_000 })).tree;
    const treeRef = (pattern: RegExp) => {
      const line = tree.split('\n').find((l) => pattern.test(l));
      const ref = line ? /\[(ref_\d+)\]/.exec(line)?.[1] : undefined;
      if (!ref) expect.fail(`no tree line matches ${pattern}\n${tree}`);
      return ref;
    };
    // <sl-button>Save settings</sl-button>: the label is the host's light-DOM text, drawn in a slot
    // inside the inner <button>; a hit on it is retargeted to the host, yet a click lands on the button.
    const save = await first(tabId, 'save my settings');
    expect(save.line).toBe(`button "Save settings" [${treeRef(/button "Save settings"/)}]`);
    expect(save.rest).toMatch(/· actionable · box /);
    // sl-switch draws its track over the real <input> inside the <label>: the label's click reaches it.
    const dark = await first(tabId, 'turn on dark mode');
    expect(dark.line).toBe(`switch "Dark mode" [${treeRef(/switch "Dark mode"/)}]`);
    expect(dark.rest).toMatch(/· actionable · /);
    // The unnamed field is found by its placeholder, the only words it shows.
    expect((await first(tabId, 'the nickname field')).line).toMatch(/^textbox \[ref_\d+\] placeholder="Nickname"$/);
    // text_search reports slotted text on the control the tree prints for it, with the same ref.
    const saveText = text(okData(await ask('text_search', { text: 'Save settings' }, tabId)));
    expect(saveText.split('\n')[1]).toMatch(new RegExp(`^1\\. button "Save settings" \\[${save.ref}\\] · `));
    const darkText = text(okData(await ask('text_search', { text: 'Dark mode' }, tabId)));
    expect(darkText.split('\n')[1]).toMatch(new RegExp(`^1\\. switch "Dark mode" \\[${dark.ref}\\] · `));
    // A help text the tree prints as a bare line is reported on its own element, not on the page.
    const help = text(okData(await ask('text_search', { text: 'never share' }, tabId)));
    expect(help.split('\n')[1]).toMatch(/^1\. generic \[ref_\d+\]: "We never share it" · /);
    const visible = await ask('verify', { check: 'visible', ref_id: save.ref }, tabId);
    expect(visible).toEqual({ ok: true, data: { holds: true } });
    await page.close();
  });

  it('gives table and list context, and names only the tools the model has when nothing matches', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/find-extra.html'));
    const dl = await first(tabId, 'download the invoice from May 13');
    expect(dl.rest).toContain('in table "Invoices" row "May 13" col "Actions"');
    expect(await page.evaluate(() => document.querySelector('#inv-2 button')?.textContent)).toBe('Download');
    // The row's whole text (browxai's rowText), beside its key; an item whose context already holds
    // all of its text says it once.
    expect(dl.rest).toContain('row text "May 13 Refund -$4.00 Download ✉"');
    const remove = await first(tabId, 'remove Alan Turing');
    expect(remove.rest).toContain('in list "Team members" item "Alan Turing');
    expect(remove.rest).not.toContain('row text');

    const none = text(okData(await ask('find', { query: 'zebra crossing' }, tabId)));
    expect(none).toMatch(/^find "zebra crossing": no candidates/);
    expect(none).toMatch(/get_accessibility_tree or text_search/);
    const floor = text(okData(await ask('find', { query: 'remove', confidenceFloor: 50 }, tabId)));
    expect(floor).toMatch(/no candidate scored above 50 \(top score: [\d.]+\)/);
    await page.close();
  });

  it("follows the seed's container rule: a region is demoted below a link, an article is not", async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/find-extra.html'));
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'afterbegin',
        '<article aria-label="Shipping policy"><p>We ship in two days.</p><a href="#ship">Read more about shipping</a></article>' +
          '<section aria-label="Returns policy"><p>Returns are free.</p><a href="#ret">Read more about returns</a></section>',
      );
    });
    // The article's name matches the whole query: it can be the target, so it stays first.
    expect((await first(tabId, 'shipping policy')).line).toMatch(/^article "Shipping policy" \[ref_\d+\]/);
    // A region only encloses the link: the link comes first although the region's name matches better.
    expect((await first(tabId, 'returns policy')).line).toMatch(/^link "Read more about returns" \[ref_\d+\]/);
    await page.close();
  });

  it('returns frame-qualified refs inside a frame, and refuses a ref from before a reload', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/frames-main.html'));
    await page.frameLocator('#same').locator('#send').waitFor();
    const frames = FramesReplySchema.parse(okData(await ask('get_frames', {}, tabId))).frames;
    const form = frames.find((f) => f.url.includes('frames-form.html'));
    if (!form) expect.fail('no frames-form frame');
    const send = await first(tabId, 'send', { frameId: form.frameId });
    expect(send.ref).toMatch(new RegExp(`^${form.frameId}:ref_\\d+$`));
    // The qualified ref works with the action tools as it is.
    const clicked = await env.browser.tool('click_ax', { ref_id: send.ref }, { tabId, mode: 'act', tier: 'mid' });
    expect(clicked.ok).toBe(true);
    // As a scope it routes to its frame (descendants only: a button holds no candidates), and a
    // frameId naming another frame is refused rather than rerouted.
    const scoped = text(okData(await ask('find', { query: 'send', ref_id: send.ref }, tabId)));
    expect(scoped).toMatch(/^find "send": no candidates/);
    const wrong = await ask('find', { query: 'send', ref_id: send.ref, frameId: 'f0' }, tabId);
    expect(wrong.ok ? 'ok' : wrong.error.code).toBe('wrong_frame');

    const top = await first(tabId, 'top button');
    await page.reload();
    await page.waitForTimeout(500);
    await ask('get_page_info', {}, tabId);
    const stale = await ask('find', { query: 'button', ref_id: top.ref }, tabId);
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.error.code).toMatch(/stale_ref|ref_not_found/);
    const staleSearch = await ask('text_search', { text: 'Top', ref_id: top.ref }, tabId);
    expect(staleSearch.ok).toBe(false);
    await page.close();
  });

  it('keeps its model-facing text within 2,500 characters at the largest counts', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tree-table.html'));
    const out = text(okData(await ask('find', { query: 'order', maxCandidates: 20 }, tabId)));
    expect(out.length).toBeLessThanOrEqual(MODEL_TEXT_MAX);
    expect(entries(out).length).toBeGreaterThanOrEqual(10);
    const search = text(okData(await ask('text_search', { text: 'order', maxMatches: 200 }, tabId)));
    expect(search.length).toBeLessThanOrEqual(MODEL_TEXT_MAX);
    expect(search).toMatch(/^text_search "order": count \d+/);
    await page.close();
  });
});

/** Occurrences in the page's visible text nodes, counted by the page itself (open shadow roots too). */
async function independentCount(page: Page, needle: string): Promise<number> {
  return page.evaluate((want) => {
    const lower = want.toLowerCase();
    let n = 0;
    const visit = (root: Document | ShadowRoot) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node instanceof Element) {
          if (node.shadowRoot) visit(node.shadowRoot);
          continue;
        }
        const parent = node.parentElement;
        if (!parent || ['SCRIPT', 'STYLE', 'TITLE'].includes(parent.tagName)) continue;
        if (!parent.checkVisibility({ visibilityProperty: true })) continue;
        const hay = (node.textContent ?? '').replace(/\s+/g, ' ').toLowerCase();
        for (let at = hay.indexOf(lower); at >= 0; at = hay.indexOf(lower, at + lower.length)) n++;
      }
    };
    visit(document);
    return n;
  }, needle);
}

const ARTICLE_WORDS = [
  'loom',
  'weft',
  'warp',
  'indigo',
  'madder',
  'river',
  'guild',
  'apprentice',
  'shuttle',
  'sources',
  'tradition',
  'harvest',
  'pattern',
  'village',
  'colour',
  'cotton',
  'silk',
  'heddle',
  'bench',
  'water',
  'season',
  'market',
  'spring',
  'craft',
  'wool',
  'thread',
  'pedal',
  'weld',
  'bolt',
  'weaver',
  'note 3',
  'hand weaving',
  'master',
];

describe('text_search', () => {
  it('counts what an independent count of the visible text counts, past the tree text cut', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/tree-article.html'));
    const tree = (await readTree(env.browser, tabId, { filter: 'all', maxChars: 1_000_000 })).tree.toLowerCase();
    let beyondCut = 0;
    for (const word of ARTICLE_WORDS) {
      const out = text(okData(await ask('text_search', { text: word, maxMatches: 5 }, tabId)));
      const count = Number(/count (\d+)/.exec(out)?.[1] ?? -1);
      expect(count, word).toBe(await independentCount(page, word));
      expect(out.length).toBeLessThanOrEqual(MODEL_TEXT_MAX);
      let inTree = 0;
      for (let at = tree.indexOf(word); at >= 0; at = tree.indexOf(word, at + word.length)) inTree++;
      if (inTree < count) beyondCut++;
    }
    expect(ARTICLE_WORDS.length).toBeGreaterThanOrEqual(30);
    // The tree cuts long paragraphs at 300 characters; text_search reads them whole.
    expect(beyondCut).toBeGreaterThan(10);
    await page.close();
  });

  it('reports each match on the element the tree prints, with its ref; count 0 is absence', async () => {
    const { page, tabId } = await env.browser.open(env.server.url('/find-extra.html'));
    const out = text(okData(await ask('text_search', { text: 'Upgrade plan' }, tabId)));
    // Inside a closed shadow root: the page's own scripts cannot see it, text_search does.
    expect(out).toMatch(/^text_search "Upgrade plan": count 1/);
    const line = out.split('\n')[1] ?? '';
    const ref = /\[(ref_\d+)\]/.exec(line)?.[1];
    expect(line).toMatch(/^1\. button "Upgrade plan" \[ref_\d+\]/);
    const tree = (await readTree(env.browser, tabId, { filter: 'all', maxChars: 1_000_000 })).tree;
    expect(tree).toContain(`button "Upgrade plan" [${ref ?? 'none'}]`);
    // Off-screen text is not visible text: each match says which, with the visible box.
    const shown = text(okData(await ask('text_search', { text: 'Continue' }, tabId)));
    expect(shown.split('\n')[1]).toMatch(/^1\. button "Continue" \[ref_\d+\] · ".*" · visible · box \d+,\d+ \d+×\d+$/);
    const below = text(okData(await ask('text_search', { text: 'Subscribe to the newsletter' }, tabId)));
    expect(below.split('\n')[1]).toMatch(/ · off-screen$/);
    const clipped = text(okData(await ask('text_search', { text: 'Show archived projects' }, tabId)));
    expect(clipped.split('\n')[1]).toMatch(/ · off-screen$/);
    await page.locator('#news-subscribe').scrollIntoViewIfNeeded();
    const scrolled = text(okData(await ask('text_search', { text: 'Subscribe to the newsletter' }, tabId)));
    expect(scrolled.split('\n')[1]).toMatch(/ · visible · box \d+,\d+ \d+×\d+$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    const row = text(okData(await ask('text_search', { text: 'Refund' }, tabId)));
    expect(row).toContain('in table "Invoices" row "May 13" col "Type"');
    const gone = text(okData(await ask('text_search', { text: 'Wrong Type' }, tabId)));
    expect(gone).toMatch(/count 0/);
    // exact: case-sensitive, the element's whole text.
    expect(text(okData(await ask('text_search', { text: 'download', exact: true }, tabId)))).toMatch(/count 0/);
    expect(text(okData(await ask('text_search', { text: 'Download', exact: true }, tabId)))).toMatch(/count 3/);
    // The dialog is closed (display:none): only includeHidden counts its text.
    expect(text(okData(await ask('text_search', { text: 'Save project settings' }, tabId)))).toMatch(/count 0/);
    expect(
      text(okData(await ask('text_search', { text: 'Save project settings', includeHidden: true }, tabId))),
    ).toMatch(/count 1/);
    await page.close();
  });
});
