/**
 * `find` and `text_search`: locate elements and text in one call instead of paging the tree
 * (issue 12; docs/find.md). The page does the work (content-scripts/find/); here: arguments for the
 * model, frame routing like the iframe_* tools, refs qualified for their frame, and the compact
 * model-facing text (shared/find-format.ts).
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { FIND_SHAPE, TEXT_SEARCH_SHAPE, TEXT_SEARCH_TAIL } from '../../shared/find-args';
import { formatFind, formatTextSearch } from '../../shared/find-format';
import { FindPageResultSchema, TextSearchPageResultSchema } from '../../shared/find-schemas';
import { err, ok, type Result } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { qualifyRefsInText } from '../frames/qualified-ref';
import { defineTool } from './define-tool';
import { FrameIdArg, pageTarget, RefIdArg } from './page-target';
import { toolsFor } from './registry';
import type { ToolContext } from './types';
import { checkReply } from '../page-call';

const RefArg = RefIdArg.describe('only inside this element');
const FrameArg = FrameIdArg.describe('inside this frame');

// The fields the page parses too, stated once (shared/find-args.ts), plus what the worker handles.
const FindArgsSchema = zm.strictObject({
  ...FIND_SHAPE,
  confidenceFloor: z.number().min(0).max(100).optional(),
  ref_id: RefArg.optional(),
  frameId: FrameArg.optional(),
});

const TextSearchArgsSchema = zm.strictObject({
  ...TEXT_SEARCH_SHAPE,
  ref_id: RefArg.optional(),
  ...TEXT_SEARCH_TAIL,
  frameId: FrameArg.optional(),
});

async function runInPage(
  tool: 'find' | 'text_search',
  pageArgs: Record<string, unknown>,
  refId: string | undefined,
  frameId: string | undefined,
  ctx: ToolContext,
): Promise<Result<{ data: unknown; frame: string }>> {
  const target = await pageTarget(ctx.tabId, refId, frameId, ctx.reads);
  if (!target.ok) return target;
  const t = target.data;
  const args = t.localRef !== undefined ? { ...pageArgs, ref_id: t.localRef } : pageArgs;
  const reply = await sendToContent(ctx.tabId, { type: 'tool', tool, args }, t.chromeFrameId);
  if (!reply.ok) {
    const where = t.frame === 'f0' ? '' : `frame ${t.frame}: `;
    return err(reply.error.code, `${where}${qualifyRefsInText(reply.error.message, t.frame)}`);
  }
  return ok({ data: reply.data, frame: t.frame });
}

export const findTool = defineTool({
  name: 'find',
  description:
    'Finds elements by description: the best candidates as tree lines with refs, and whether each is actionable.',
  schema: FindArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx) {
    const { confidenceFloor, frameId, ref_id, ...pageArgs } = args;
    const reply = await runInPage('find', pageArgs, ref_id, frameId, ctx);
    if (!reply.ok) return reply;
    const parsed = checkReply(ok(reply.data.data), FindPageResultSchema, 'find result');
    if (!parsed.ok) return parsed;
    const text = formatFind(parsed.data, {
      confidenceFloor: confidenceFloor ?? 0,
      tools: new Set(toolsFor(ctx.mode, ctx.tier).map((t) => t.name)),
    });
    return ok(qualifyRefsInText(text, reply.data.frame));
  },
});

export const textSearchTool = defineTool({
  name: 'text_search',
  compactFamily: 'more',
  description:
    'Counts a text in the live page (full text, shadow roots included) and lists where, with refs. count 0: absent.',
  schema: TextSearchArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx) {
    const { frameId, ref_id, ...pageArgs } = args;
    const reply = await runInPage('text_search', pageArgs, ref_id, frameId, ctx);
    if (!reply.ok) return reply;
    const parsed = checkReply(ok(reply.data.data), TextSearchPageResultSchema, 'text_search result');
    if (!parsed.ok) return parsed;
    return ok(qualifyRefsInText(formatTextSearch(parsed.data), reply.data.frame));
  },
});
