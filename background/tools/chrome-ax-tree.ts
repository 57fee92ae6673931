/**
 * `chrome_ax_tree`: Chrome's own accessibility tree (CDP) in the page tree's grammar, with the page
 * tree's refs. The authority for "what does Chrome think this is", and the read where the page
 * scripts cannot run (background/cdp/ax-tree-read.ts). Not the agent's main read: Chrome's tree costs
 * several times a page-tree build and cannot see listener-only clickables.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { MAX_MAX_CHARS, MIN_MAX_CHARS } from '../../shared/tree-contract';
import { DEFAULT_MAX_CHARS } from '../../shared/tree-options';
import { readChromeAx, type AxReadResult } from '../cdp/ax-tree-read';
import { sendToContent } from '../content-bridge';
import { MAIN_FRAME_ID } from '../frames/frame-ids';
import { syncFrames } from '../frames/frame-store';
import { resolveRefTarget } from '../frames/route-ref';
import { checkRead, type ReadGate } from '../policy/read-gate';
import { qualifyRefsInText } from '../../shared/refs';
import { defineTool } from './define-tool';
import { estimateTokens } from '../../shared/token-estimate';
import { ReadFrameArg, RefIdArg } from './page-read';

/** Chrome's tree pages like the page tree's default (shared/tree-options.ts). */
const DEFAULT_PAGE_CHARS = DEFAULT_MAX_CHARS.all;
const ALL_TIERS = ['compact', 'mid', 'full'] as const;

const ChromeAxArgs = z.strictObject({
  ref_id: RefIdArg.optional().describe("print only this element's subtree"),
  query: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('words to look for in roles, names, values and states: at most 12 matching nodes with their ancestors'),
  maxChars: z.number().int().min(MIN_MAX_CHARS).max(MAX_MAX_CHARS).optional().describe('page size (default 6000)'),
  page: z.number().int().min(1).optional().describe('1-based page of a long tree; pass tree_revision with it'),
  tree_revision: z.string().min(1).max(64).optional().describe('the revision page 1 returned; required for page 2+'),
  frameId: ReadFrameArg.optional(),
});
export type ChromeAxArgsT = z.infer<typeof ChromeAxArgs>;

interface ChromeAxTarget {
  chromeFrameId: number;
  frame: string;
  localRef: string | undefined;
  documentId: string | undefined;
  url: string;
}

/** The frame a call reads, from a frame-qualified ref, frameId, or the main frame. */
async function chromeAxTarget(
  tabId: number,
  refId: string | undefined,
  frameId: string | undefined,
  reads: ReadGate | undefined,
): Promise<Result<ChromeAxTarget>> {
  let chromeFrameId = 0;
  let frame = frameId ?? MAIN_FRAME_ID;
  let localRef: string | undefined;
  if (refId !== undefined) {
    const t = await resolveRefTarget(tabId, refId, frameId);
    if (!t.ok) return t;
    [chromeFrameId, frame, localRef] = [t.data.frameId, t.data.frame, t.data.localRef];
  }
  const frames = await syncFrames(tabId);
  if (!frames.ok) return frames;
  const found = frames.data.find((f) => (refId !== undefined ? f.chromeFrameId === chromeFrameId : f.id === frame));
  if (!found) {
    return err('unknown_frame', `frame ${frame} is not on the page now; call get_frames and read a frame it lists`);
  }
  const allowed = await checkRead(reads, tabId, found.chromeFrameId);
  if (!allowed.ok) return allowed;
  return ok({ chromeFrameId: found.chromeFrameId, frame, localRef, documentId: found.documentId, url: found.url });
}

/** Whether the page scripts answer in the frame (the bridge injects them on first use where it may). */
async function pageScriptsAnswer(tabId: number, chromeFrameId: number): Promise<boolean> {
  const probe = await sendToContent(tabId, { type: 'tool', tool: 'frame_info', args: {} }, chromeFrameId);
  return probe.ok;
}

/** The exact arguments of the next page: page 1's shaping arguments, the next page, the revision. */
type ChromeAxContinuation = Omit<ChromeAxArgsT, 'page' | 'tree_revision'> & {
  page: number;
  tree_revision: string;
};

export type ChromeAxResult = AxReadResult & {
  continuationArgs: ChromeAxContinuation | null;
  /** Estimated tokens of this page (shared/token-estimate.ts). */
  tokensEstimate: number;
  frameId?: string;
};

/** The arguments that shape a read (all but page and revision), defaults filled, in one fixed key order. */
function shapeOf(args: ChromeAxArgsT): Omit<ChromeAxArgsT, 'page' | 'tree_revision'> & { maxChars: number } {
  return {
    ...(args.ref_id !== undefined ? { ref_id: args.ref_id } : {}),
    ...(args.query !== undefined ? { query: args.query } : {}),
    maxChars: args.maxChars ?? DEFAULT_PAGE_CHARS,
    ...(args.frameId !== undefined ? { frameId: args.frameId } : {}),
  };
}

export async function runChromeAx(
  tabId: number,
  args: ChromeAxArgsT,
  reads: ReadGate | undefined,
  scripts?: boolean,
): Promise<Result<ChromeAxResult>> {
  const target = await chromeAxTarget(tabId, args.ref_id, args.frameId, reads);
  if (!target.ok) return target;
  const t = target.data;
  const page = args.page ?? 1;
  if (page > 1 && args.tree_revision === undefined) {
    return err(
      'bad_arguments',
      'page 2+ needs the tree_revision page 1 returned; pass both, with the same other arguments',
    );
  }
  const read = await readChromeAx(tabId, {
    chromeFrameId: t.chromeFrameId,
    documentId: t.documentId,
    frameUrl: t.url,
    scripts: page > 1 ? true : (scripts ?? (await pageScriptsAnswer(tabId, t.chromeFrameId))),
    refId: t.localRef,
    query: args.query,
    maxChars: args.maxChars ?? DEFAULT_PAGE_CHARS,
    page,
    revision: args.tree_revision,
    shape: shapeOf(args),
  });
  if (!read.ok) return read;
  // The model view parses this as a tree result (loop/budgets.ts), which keeps only `notice`: say the source there.
  const source = `source: ${read.data.source}.`;
  const out: ChromeAxResult = {
    ...read.data,
    notice: read.data.notice ? `${source} ${read.data.notice}` : source,
    continuationArgs: read.data.hasMore
      ? { ...shapeOf(args), page: page + 1, tree_revision: read.data.tree_revision }
      : null,
    tokensEstimate: estimateTokens(read.data.tree),
  };
  if (t.frame === MAIN_FRAME_ID) return ok(out);
  // Refs of a child frame print qualified (`f1:ref_7`), as every frame tool prints them.
  return ok({ ...out, tree: qualifyRefsInText(out.tree, t.frame), frameId: t.frame });
}

export const chromeAxTree = defineTool({
  name: 'chrome_ax_tree',
  family: 'developer',
  description: [
    "Chrome's own accessibility tree, in the same line grammar and with the same [ref_N] refs as get_accessibility_tree.",
    'Use it to check what Chrome computes for an element (role, name, states) or where get_accessibility_tree cannot read a frame;',
    'get_accessibility_tree stays the main read (cheaper, and it sees click-listener-only elements).',
    'query keeps at most 12 matching nodes with their ancestors (a match in a row or list item brings the whole item);',
    'ref_id zooms into an element; frameId reads a child frame. Long trees are paged: pass page and tree_revision.',
    "Briefly attaches Chrome's debugger (detached after); fails with cdp_busy while DevTools is open on the tab.",
  ].join(' '),
  schema: ChromeAxArgs,
  // Chrome's getFullAXTree of a 50k-element page (its own 40 s deadline, ax-tree-read.ts), its digest and
  // the ref lookups can pass 25 s on a busy 2-core machine (tests/e2e/chrome-ax-tree.e2e.ts); abandoning
  // it would only make the model read again.
  deadlineMs: 55_000,
  modes: ['act', 'dev'],
  tiersByMode: { act: ['full'], dev: ALL_TIERS },
  // Chrome's accessibility tree comes through chrome.debugger (CDP), which Firefox does not offer.
  browsers: ['chrome'],
  readOnly: true,
  handler: (args, ctx) => runChromeAx(ctx.tabId, args, ctx.reads),
});
