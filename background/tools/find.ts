/**
 * `find` and `text_search`: locate elements and text in one call instead of paging the tree
 * (issue 12; docs/find.md). The page does the work (content-scripts/find/); here: arguments for the
 * model, frame routing like the iframe_* tools, refs qualified for their frame, and the compact
 * model-facing text (src/find-format.ts).
 */
import { z } from 'zod';
import {
  FIND_DEFAULT_CANDIDATES,
  FIND_MAX_CANDIDATES,
  QUERY_MAX_CHARS,
  SEARCH_DEFAULT_MATCHES,
  SEARCH_MAX_MATCHES,
} from '../../src/find-contract';
import { formatFind, formatTextSearch } from '../../src/find-format';
import { FindPageResultSchema, TextSearchPageResultSchema } from '../../src/find-schemas';
import { err, ok, type Result } from '../../src/result';
import { sendToContent } from '../content-bridge';
import { qualifyRefsInText } from '../frames/qualified-ref';
import { defineTool } from './define-tool';
import { FrameIdArg, pageTarget, RefIdArg } from './page-target';
import { toolsFor } from './registry';
import type { ToolContext } from './types';

const RefArg = RefIdArg.describe('search only inside this element (a ref from the tree, find or text_search)');
const FrameArg = FrameIdArg.describe('search inside this frame (from get_frames); frame refs come back as "f2:ref_7"');

const FindArgsSchema = z.strictObject({
  query: z
    .string()
    .min(1)
    .max(QUERY_MAX_CHARS)
    .describe(
      'what the element is, in words: its label, role, test id or where it is ("download for the May 13 invoice")',
    ),
  maxCandidates: z
    .number()
    .int()
    .min(1)
    .max(FIND_MAX_CANDIDATES)
    .optional()
    .describe(`default ${FIND_DEFAULT_CANDIDATES}`),
  visibleOnly: z.boolean().optional().describe('drop candidates that are off-screen, covered or disabled'),
  confidenceFloor: z.number().min(0).max(100).optional().describe('warn when no candidate scores above this'),
  ref_id: RefArg.optional(),
  frameId: FrameArg.optional(),
});

const TextSearchArgsSchema = z.strictObject({
  text: z.string().min(1).max(QUERY_MAX_CHARS).describe('the text to look for'),
  exact: z
    .boolean()
    .optional()
    .describe('case-sensitive, and the whole text of an element (default: substring, any case)'),
  ref_id: RefArg.optional(),
  includeHidden: z
    .boolean()
    .optional()
    .describe('also count text that is not rendered (display:none, hidden, closed <details>)'),
  maxMatches: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_MATCHES)
    .optional()
    .describe(`matches listed (default ${SEARCH_DEFAULT_MATCHES}); count is always the full total`),
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
  description: [
    'Finds elements by description in one call, instead of paging the whole tree: returns the best candidates as tree',
    'lines with their [ref_N], a score, whether each is actionable (true, disabled, off-screen or covered), its visible',
    'box, and its row/column or list item when it sits in a table or list. Use it first to locate something to act on',
    '(then act on the ref); use text_search to check that text is present or gone.',
  ].join(' '),
  schema: FindArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx) {
    const { confidenceFloor, frameId, ref_id, ...pageArgs } = args;
    const reply = await runInPage('find', pageArgs, ref_id, frameId, ctx);
    if (!reply.ok) return reply;
    const parsed = FindPageResultSchema.safeParse(reply.data.data);
    if (!parsed.success)
      return err('bad_reply', 'the page returned a malformed find result; reload the page and retry');
    const text = formatFind(parsed.data, {
      confidenceFloor: confidenceFloor ?? 0,
      tools: new Set(toolsFor(ctx.mode, ctx.tier).map((t) => t.name)),
    });
    return ok(qualifyRefsInText(text, reply.data.frame));
  },
});

export const textSearchTool = defineTool({
  name: 'text_search',
  description: [
    'Counts where a text occurs in the live page (shadow roots and popups included, full text rather than the',
    "tree's cut) and lists matches on the element the tree prints for them, with refs. count 0 means absent: use it",
    'to check that a message appeared or a value is gone.',
  ].join(' '),
  schema: TextSearchArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx) {
    const { frameId, ref_id, ...pageArgs } = args;
    const reply = await runInPage('text_search', pageArgs, ref_id, frameId, ctx);
    if (!reply.ok) return reply;
    const parsed = TextSearchPageResultSchema.safeParse(reply.data.data);
    if (!parsed.success) return err('bad_reply', 'the page returned a malformed text_search result; reload and retry');
    return ok(qualifyRefsInText(formatTextSearch(parsed.data), reply.data.frame));
  },
});
