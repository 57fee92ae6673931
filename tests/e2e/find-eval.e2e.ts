/**
 * `npm run find-eval`: the query set written before the ranker (tests/find-queries.json) run through
 * the `find` tool in real Chromium. The expected element of each query is resolved independently of
 * the ranker, by its CSS selector in the extension's isolated world (closed shadow roots through
 * chrome.dom.openOrClosedShadowRoot), and compared with what the returned refs resolve to
 * (`__wb_ax_lookup`). Prints top-1 and top-3; every miss is listed with its reason in
 * tests/known-failures/find-eval.json (a new miss fails, a fixed one must leave the list).
 * Also checks that every ref find returns in a main frame is the ref the tree prints for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseTree, parseTreeLine } from '../../shared/tree-line';
import { FramesReplySchema, okData } from './support/frames';
import { compareWithList, readKnownList, writeKnownList } from './support/known-list';
import { ROOT } from './support/paths';
import { useExtension } from './support/setup';
import { readTree, WHOLE_TREE } from './support/tree';

const QuerySet = z.object({
  queries: z.array(
    z.object({
      id: z.string(),
      page: z.string(),
      query: z.string(),
      expect: z.string(),
      scope: z.string().optional(),
      frame: z.string().optional(),
      tags: z.array(z.string()),
    }),
  ),
});
type Query = z.infer<typeof QuerySet>['queries'][number];

const KNOWN_FILE = path.join(ROOT, 'tests/known-failures/find-eval.json');
const QUERIES = QuerySet.parse(JSON.parse(readFileSync(path.join(ROOT, 'tests/find-queries.json'), 'utf8'))).queries;

const env = useExtension({ shared: true });

/** Resolves `a >>> b >>> c` (each `>>>` steps into the shadow root of the element before it). */
const RESOLVE = `((chain) => {
  let scope = document;
  let el = null;
  for (const [i, sel] of chain.entries()) {
    el = scope.querySelector(sel);
    if (!el) return null;
    if (i < chain.length - 1) {
      scope = chrome.dom.openOrClosedShadowRoot(el);
      if (!scope) return null;
    }
  }
  return el;
})`;

function chainOf(selector: string): string {
  return JSON.stringify(selector.split('>>>').map((s) => s.trim()));
}

const EvalReply = z.object({
  result: z.object({ value: z.unknown().optional() }).loose(),
  exceptionDetails: z.object({ text: z.string() }).loose().optional(),
});
const ContextCreated = z.object({
  context: z.object({
    id: z.number(),
    name: z.string(),
    auxData: z.object({ frameId: z.string().optional(), type: z.string().optional() }).loose().optional(),
  }),
});
const FrameTree: z.ZodType<{ frame: { id: string; url: string }; childFrames?: FrameTreeT[] }> = z.lazy(() =>
  z.object({
    frame: z.object({ id: z.string(), url: z.string() }).loose(),
    childFrames: z.array(FrameTree).optional(),
  }),
);
type FrameTreeT = z.infer<typeof FrameTree>;

/** The extension's isolated world in every same-process frame of a page, by frame URL. */
async function isolatedWorlds(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const contexts = new Map<string, number>();
  cdp.on('Runtime.executionContextCreated', (event: unknown) => {
    const p = ContextCreated.safeParse(event);
    if (!p.success) return;
    const { id, name, auxData } = p.data.context;
    if (auxData?.type === 'isolated' && name === 'Weaverbird' && auxData.frameId) contexts.set(auxData.frameId, id);
  });
  await cdp.send('Runtime.enable');
  const tree = FrameTree.parse(
    z.object({ frameTree: z.unknown() }).parse(await cdp.send('Page.getFrameTree')).frameTree,
  );
  const frames: { id: string; url: string }[] = [];
  const walk = (t: FrameTreeT) => {
    frames.push(t.frame);
    for (const c of t.childFrames ?? []) walk(c);
  };
  walk(tree);
  const top = tree.frame.id;
  return {
    async value(expression: string, frameUrl?: string): Promise<unknown> {
      const frame = frameUrl === undefined ? top : frames.find((f) => f.url.includes(frameUrl))?.id;
      const contextId = frame !== undefined ? contexts.get(frame) : undefined;
      if (contextId === undefined) throw new Error(`no isolated world for frame ${frameUrl ?? 'top'}`);
      const reply = EvalReply.parse(await cdp.send('Runtime.evaluate', { expression, contextId, returnByValue: true }));
      if (reply.exceptionDetails) throw new Error(`isolated-world evaluation failed: ${reply.exceptionDetails.text}`);
      return reply.result.value;
    },
    detach: () => cdp.detach(),
  };
}

interface Outcome {
  q: Query;
  rank: number;
  refs: string[];
  lines: string[];
  text: string;
}

/** Candidate entries of find's text: `N. <tree line> · score …`. */
function entries(text: string): { ref: string; line: string }[] {
  const out: { ref: string; line: string }[] = [];
  for (const l of text.split('\n')) {
    const m = /^\d+\. (.*?)(?: · score .*)$/.exec(l);
    const parsed = m?.[1] !== undefined ? parseTreeLine(m[1]) : null;
    if (m?.[1] !== undefined && parsed?.ref) out.push({ ref: parsed.ref, line: m[1] });
  }
  return out;
}

const results: Outcome[] = [];

describe('find eval (tests/find-queries.json)', () => {
  const pages = [...new Set(QUERIES.map((q) => q.page))];
  it.each(pages)('%s', { timeout: 120_000 }, async (pagePath) => {
    const { page, tabId } = await env.browser.open(env.server.url(pagePath));
    await page.waitForTimeout(300);
    if (pagePath === '/frames-main.html')
      await page.frameLocator('#outer').frameLocator('#inner').locator('#deep').waitFor();
    const worlds = await isolatedWorlds(env.browser.context, page);
    const frames =
      pagePath === '/frames-main.html'
        ? FramesReplySchema.parse(okData(await env.browser.tool('get_frames', {}, { tabId, mode: 'ask', tier: 'mid' })))
            .frames
        : [];
    const mine: Outcome[] = [];
    for (const q of QUERIES.filter((x) => x.page === pagePath)) {
      const args: Record<string, unknown> = { query: q.query, maxCandidates: 5 };
      if (q.frame !== undefined) {
        const f = frames.find((x) => x.url.includes(q.frame ?? ''));
        if (!f) throw new Error(`${q.id}: no frame with URL containing ${q.frame}`);
        args.frameId = f.frameId;
      }
      if (q.scope !== undefined) {
        args.ref_id = await worlds.value(`globalThis.__wbAx.registry.refFor(${RESOLVE}(${chainOf(q.scope)}))`, q.frame);
      }
      const reply = await env.browser.tool('find', args, { tabId, mode: 'ask', tier: 'mid' });
      const text = z.string().parse(okData(reply));
      const found = entries(text);
      const local = found.map((e) => e.ref.replace(/^f\d+:/, ''));
      const rank = z
        .number()
        .parse(
          await worlds.value(
            `(() => { const want = ${RESOLVE}(${chainOf(q.expect)}); if (!want) return -2;` +
              ` return ${JSON.stringify(local)}.findIndex((r) => window.__wb_ax_lookup(r) === want); })()`,
            q.frame,
          ),
        );
      if (rank === -2) throw new Error(`${q.id}: the expected element ${q.expect} is not on ${pagePath}`);
      const outcome = { q, rank, refs: found.map((e) => e.ref), lines: found.map((e) => e.line), text };
      mine.push(outcome);
      results.push(outcome);
    }
    // Every ref find returned in the main frame is the one the tree prints, on the same line.
    const tree = parseTree((await readTree(env.browser, tabId, { ...WHOLE_TREE, maxTextChars: 0 })).tree);
    const treeLines = new Map(tree.filter((l) => l.ref).map((l) => [l.ref ?? '', l]));
    for (const o of mine.filter((x) => x.q.frame === undefined)) {
      for (const [i, ref] of o.refs.entries()) {
        const line = o.lines[i] ?? '';
        if (o.text.split('\n').some((l) => l.includes(`[${ref}]`) && l.includes('not in the tree (test id)'))) continue;
        const printed = treeLines.get(ref);
        expect(printed, `${o.q.id}: ${ref} (${line}) is not printed by the tree`).toBeDefined();
        const mineParsed = parseTreeLine(line);
        expect({ role: mineParsed?.role, ref: mineParsed?.ref }).toEqual({ role: printed?.role, ref: printed?.ref });
      }
      const live = z
        .array(z.boolean())
        .parse(await worlds.value(`${JSON.stringify(o.refs)}.map((r) => window.__wb_ax_lookup(r) !== null)`));
      expect(live.every(Boolean), `${o.q.id}: every returned ref resolves`).toBe(true);
    }
    await worlds.detach();
    await page.close();
  });

  it('top-1 and top-3 are held by the known-failure list', () => {
    expect(results.length).toBe(QUERIES.length);
    const n = results.length;
    const top1 = results.filter((r) => r.rank === 0).length;
    const top3 = results.filter((r) => r.rank >= 0 && r.rank < 3).length;
    const pct = (k: number) => `${((100 * k) / n).toFixed(1)} %`;
    const byTag = new Map<string, [number, number]>();
    for (const r of results)
      for (const t of r.q.tags) {
        const [a, b] = byTag.get(t) ?? [0, 0];
        byTag.set(t, [a + (r.rank === 0 ? 1 : 0), b + 1]);
      }
    console.log(
      `find-eval: ${n} queries · top-1 ${top1}/${n} (${pct(top1)}) · top-3 ${top3}/${n} (${pct(top3)})\n` +
        [...byTag].map(([t, [a, b]]) => `  ${t}: top-1 ${a}/${b}`).join('\n'),
    );
    const found: string[] = [];
    for (const r of results) {
      if (r.rank !== 0) {
        found.push(`${r.rank < 0 ? 'miss' : `rank ${r.rank + 1}`}: ${r.q.id}`);
        console.log(
          `  ${r.q.id} (${r.q.query}): rank ${r.rank < 0 ? '>5' : r.rank + 1}\n    ${r.lines.slice(0, 3).join('\n    ')}`,
        );
      }
    }
    const totals = { queries: n, top1, top3 };
    if (process.env.WB_UPDATE_KNOWN === '1') {
      writeKnownList(
        KNOWN_FILE,
        readKnownList(KNOWN_FILE),
        found,
        totals,
        'Known find misses (tests/e2e/find-eval.e2e.ts, npm run find-eval): query id → reason. Rewrite with WB_UPDATE_KNOWN=1, then give every new entry a reason.',
      );
    }
    expect(compareWithList(readKnownList(KNOWN_FILE), found, totals)).toEqual([]);
  });
});
