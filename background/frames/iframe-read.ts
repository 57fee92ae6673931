/**
 * `iframe_read`: one frame's accessibility tree with the same paging rules as get_accessibility_tree,
 * its refs qualified with the frame id so they can be passed to click_ax/type_ax as they are.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { TreeArgsSchema, TreeResultSchema, type FrameTreeResult, type TreeArgs } from '../../shared/tree-contract';
import { err, ok, type Result } from '../../shared/result';
import { QUALIFIED_REF_PATTERN } from '../../shared/refs';
import { FrameIdArg } from '../tools/page-target';
import { sendToContent } from '../content-bridge';
import { describeFrames, pickFrame } from './frame-select';
import { MAIN_FRAME_ID } from './frame-ids';
import { syncFrames } from './frame-store';
import { parseQualifiedRef, qualifyRef, qualifyRefsInText } from './qualified-ref';
import { sanitizeUrl } from '../../shared/url-sanitize';
import { checkRead, type ReadGate } from '../policy/read-gate';
import { checkReply } from '../page-call';

const QualifiedRefArg = z
  .string()
  .regex(QUALIFIED_REF_PATTERN, 'must be a ref such as "f2:ref_12" (or "ref_12" inside the chosen frame)');

// The tree's one argument schema (zod/mini, shared/tree-args.ts) plus the frame pick, gated alike.
export const IframeReadArgsSchema = zm
  .extend(TreeArgsSchema, {
    frameId: FrameIdArg.optional().describe('the frame to read, e.g. "f1" (from get_frames)'),
    urlFilter: z.string().min(1).max(500).optional().describe("instead of frameId: a substring of the frame's URL"),
    matchIndex: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe('0-based pick when several frames match urlFilter'),
    ref_id: QualifiedRefArg.optional().describe("print only this element's subtree (a ref from this frame)"),
  })
  .check(
    zm.refine((a) => (a.frameId === undefined) !== (a.urlFilter === undefined), {
      message: 'give exactly one of frameId or urlFilter',
    }),
  );
export type IframeReadArgs = z.infer<typeof IframeReadArgsSchema>;

export async function readFrame(
  tabId: number,
  args: IframeReadArgs,
  reads: ReadGate | undefined,
): Promise<Result<FrameTreeResult>> {
  const frames = await syncFrames(tabId);
  if (!frames.ok) return frames;
  const pick = pickFrame(frames.data, args);
  if (!pick.ok) return pick;
  if (pick.data.kind === 'ambiguous') {
    return err(
      'ambiguous_frame',
      `${pick.data.matches.length} frames match "${args.urlFilter ?? ''}": ${describeFrames(pick.data.matches)}. Pass frameId, or matchIndex (0-based in that order).`,
    );
  }
  const frame = pick.data.frame;
  const allowed = await checkRead(reads, tabId, frame.chromeFrameId);
  if (!allowed.ok) return allowed;
  const { frameId: _f, urlFilter: _u, matchIndex: _m, ref_id, ...treeArgs } = args;
  const pageArgs: TreeArgs = { ...treeArgs };
  if (ref_id !== undefined) {
    const ref = parseQualifiedRef(ref_id);
    if (ref?.qualified && ref.frame !== frame.id) {
      return err(
        'wrong_frame',
        `ref_id ${ref_id} belongs to frame ${ref.frame}, not ${frame.id}: call iframe_read with frameId "${ref.frame}"`,
      );
    }
    if (ref) pageArgs.ref_id = ref.localRef;
  }
  // The frame qualifies its own lines before paging (frameRef), so a page holds maxChars with the prefixes.
  const frameArgs = frame.id === MAIN_FRAME_ID ? pageArgs : { ...pageArgs, frameRef: frame.id };
  const reply = await sendToContent(
    tabId,
    { type: 'tool', tool: 'get_accessibility_tree', args: frameArgs },
    frame.chromeFrameId,
  );
  if (!reply.ok)
    return err(
      reply.error.code,
      `frame ${frame.id} (${sanitizeUrl(frame.url)}): ${qualifyRefsInText(reply.error.message, frame.id)}`,
    );
  const tree = checkReply(reply, TreeResultSchema, `tree from frame ${frame.id}`);
  if (!tree.ok) return tree;
  const t = tree.data;
  const continuation = t.continuationArgs
    ? {
        ...t.continuationArgs,
        ...(t.continuationArgs.ref_id !== undefined ? { ref_id: qualifyRef(frame.id, t.continuationArgs.ref_id) } : {}),
        frameId: frame.id,
      }
    : null;
  return ok({
    ...t,
    tree: qualifyRefsInText(t.tree, frame.id),
    ...(t.notice !== undefined ? { notice: qualifyRefsInText(t.notice, frame.id) } : {}),
    frameId: frame.id,
    frameUrl: sanitizeUrl(frame.url),
    continuationArgs: continuation,
  });
}
