import { TreeArgsSchema, TreeResultSchema, type TreeResult } from '../../shared/tree-contract';
import { ok } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { childFramesNote } from '../frames/frames-note';
import { syncFrames } from '../frames/frame-store';
import { checkRead, type ReadGate } from '../policy/read-gate';
import { defineTool } from './define-tool';
import { treeFromChromeAx } from './tree-fallback';
import { checkReply } from '../page-call';

/** Page 1 of a whole-page read names the child frames the tree leaves out (frames-note.ts). */
async function withFramesNote(
  tabId: number,
  tree: TreeResult,
  listing: ReturnType<typeof syncFrames>,
  reads: ReadGate | undefined,
): Promise<TreeResult> {
  const frames = await listing;
  // Frames of other sites are listed, never inlined: marked so the model knows reading them asks.
  const outside = reads ? await reads.outside(tabId) : undefined;
  const note = frames.ok ? childFramesNote(frames.data, outside) : undefined;
  if (note === undefined) return tree;
  return { ...tree, notice: tree.notice === undefined ? note : `${tree.notice} ${note}` };
}

export const getAccessibilityTree = defineTool({
  name: 'get_accessibility_tree',
  description:
    "The page as a text tree, one node a line, with [ref_N] ids for the action tools. filter 'interactive' is cheapest.",
  schema: TreeArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx) {
    const allowed = await checkRead(ctx.reads, ctx.tabId, 0);
    if (!allowed.ok) return allowed;
    // A first page's frame note lists the tab's frames while the page builds its tree (one browser
    // call fewer on the read's path: on a small page it is a tenth of the read, issue 26). A note is
    // information only: the read gate above judged the read with its own fresh list.
    const listing = args.ref_id === undefined && (args.page ?? 1) === 1 ? syncFrames(ctx.tabId) : undefined;
    // Left unawaited when the read fails or turns out not to be a first page.
    listing?.catch(() => undefined);
    const reply = await sendToContent(ctx.tabId, { type: 'tool', tool: 'get_accessibility_tree', args });
    // Where no page script can run, Chrome's own tree answers instead (tree-fallback.ts).
    if (!reply.ok) return treeFromChromeAx(ctx.tabId, args, reply);
    const result = checkReply(reply, TreeResultSchema, 'tree');
    if (!result.ok) return result;
    const whole = result.data.page === 1 && args.ref_id === undefined;
    if (!whole) return ok(result.data);
    return ok(await withFramesNote(ctx.tabId, result.data, listing ?? syncFrames(ctx.tabId), ctx.reads));
  },
});
