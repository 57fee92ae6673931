/**
 * Frame tools: get_frames, iframe_read, iframe_click, iframe_type, promote_iframe. Logic lives in
 * background/frames/; these are the model-facing contracts and gating.
 *
 * Exposure by tier: iframe_read is read-only (Ask too) and offered to every tier, because a Compact
 * model has no other way into a frame (page 1 of get_accessibility_tree names the frame ids); the
 * inventory (get_frames), acting through iframe_* and promotion are Mid/Full. Compact models act in
 * frames by passing the frame-qualified refs iframe_read prints to click_ax/type_ax.
 */
import { z } from 'zod';
import { err, ok } from '../../shared/result';
import { QUALIFIED_REF_PATTERN } from '../../shared/refs';
import { frameInventory } from '../frames/inventory';
import { IframeReadArgsSchema, readFrame } from '../frames/iframe-read';
import { FrameIdArg } from './page-target';
import { PromoteArgsSchema, promoteIframe } from '../frames/promote';
import { resolveRefTarget } from '../frames/route-ref';
import { defineTool } from './define-tool';
import { getTool } from './registry';
import type { ToolContext } from './types';

const FrameRef = z.string().regex(QUALIFIED_REF_PATTERN, 'must be a ref from iframe_read, such as "f2:ref_12"');

export const getFrames = defineTool({
  name: 'get_frames',
  family: 'frames',
  description: [
    'Lists the frames of the page: frameId (f0 = main page; child ids stay stable while the frame stays), parent,',
    'url, origin, name, title, depth, element (the <iframe> ref in its parent frame), visible, scripts ("ready" or why not).',
    'Iframe content is not in get_accessibility_tree: read a frame with iframe_read.',
  ].join(' '),
  schema: z.object({}).strict(),
  modes: ['ask', 'act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: true,
  async handler(_args, ctx) {
    const frames = await frameInventory(ctx.tabId);
    if (!frames.ok) return frames;
    return ok({ frames: frames.data, count: frames.data.length });
  },
});

export const iframeRead = defineTool({
  name: 'iframe_read',
  family: 'frames',
  description: [
    "Reads one frame's accessibility tree (same format, arguments and paging as get_accessibility_tree), chosen by",
    'frameId ("f1") or urlFilter (substring of the frame URL; matchIndex when several match). Refs come back',
    'frame-qualified ("f1:ref_4"): pass them unchanged to click_ax/type_ax or iframe_click/iframe_type.',
    'When hasMore is true, call again with exactly continuationArgs.',
  ].join(' '),
  schema: IframeReadArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  handler: (args, ctx) => readFrame(ctx.tabId, args, ctx.reads),
});

/** Runs an action tool with the ref qualified for `frameId`, after checking the ref belongs there. */
async function actInFrame(
  tool: string,
  frameId: string,
  ref: string,
  extra: Record<string, unknown>,
  ctx: ToolContext,
) {
  const target = await resolveRefTarget(ctx.tabId, ref, frameId);
  if (!target.ok) return target;
  const action = getTool(tool);
  if (!action) return err('tool_unavailable', `${tool} is not installed in this build; iframe actions need it`);
  return action.run({ ...extra, ref_id: target.data.displayRef }, ctx);
}

export const iframeClick = defineTool({
  name: 'iframe_click',
  family: 'frames',
  description:
    'Clicks an element inside a frame: {frameId: "f1", ref_id: "f1:ref_4"} (a bare "ref_4" is taken as a ref of that frame). Same result as click_ax, which also accepts the qualified ref directly.',
  schema: z.strictObject({ frameId: FrameIdArg, ref_id: FrameRef }),
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: false,
  handler: (args, ctx) => actInFrame('click_ax', args.frameId, args.ref_id, {}, ctx),
});

export const iframeType = defineTool({
  name: 'iframe_type',
  family: 'frames',
  description:
    'Types into a field inside a frame: {frameId, ref_id, text, clear?}. Same result as type_ax, which also accepts the qualified ref ("f1:ref_4") directly.',
  schema: z.strictObject({
    frameId: FrameIdArg,
    ref_id: FrameRef,
    text: z.string().max(20_000),
    clear: z.boolean().optional().describe('replace the current value instead of appending'),
  }),
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: false,
  handler: (args, ctx) =>
    actInFrame(
      'type_ax',
      args.frameId,
      args.ref_id,
      { text: args.text, ...(args.clear !== undefined ? { clear: args.clear } : {}) },
      ctx,
    ),
});

export const promoteIframeTool = defineTool({
  name: 'promote_iframe',
  family: 'frames',
  description: [
    "Opens a child frame's own page in this tab (Back returns to the embedding page), for an embedded app or form",
    'that is hard to operate inside its frame. urlFilter: substring of the frame URL (host + path, e.g.',
    '"airtable.com/embed/"). Several matches: nothing opens and the matches are returned; retry with matchIndex.',
    'Refuses when the frame has unsaved input, attached files or edits it cannot verify; force:true discards them',
    'and is only for when the user explicitly wants that. Re-read the page afterwards.',
  ].join(' '),
  schema: PromoteArgsSchema,
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  readOnly: false,
  handler: (args, ctx) => promoteIframe(ctx.tabId, args, ctx.approvals),
});
