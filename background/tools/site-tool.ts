import { z } from 'zod';
import { quotePageText } from '../../shared/fence';
import { checkJsonSchema } from '../../shared/json-schema-check';
import { err, ok } from '../../shared/result';
import { checkRead } from '../policy/read-gate';
import { discoverSiteTools, findSiteTool, listSiteTools, runSiteTool, siteToolReadOnly } from '../webmcp/site-tools';
import { defineTool } from './define-tool';

/** Under the tool deadline (tool-deadline.ts, 20 s): the page's own call gets this long. */
const CALL_MS = 15_000;

/**
 * `site_tool`: calls a tool the page publishes (WebMCP). The approval gate judged this call before it
 * got here (policy/site-tool-gate.ts); the handler re-checks what only it can see at call time: the
 * schema, Ask mode, the read gate of the tool's frame, and (in the page) that a tool judged read-only
 * still is. The result is page text: fenced like every result.
 */
export const siteTool = defineTool({
  name: 'site_tool',
  family: 'data',
  description: 'Calls a tool the site publishes (get_page_info lists them); args must fit its inputSchema.',
  schema: z
    .object({
      name: z.string().min(1).max(100),
      args: z.record(z.string(), z.unknown()).optional(),
      frameId: z
        .string()
        .regex(/^f\d+$/)
        .optional()
        .describe('frame of the tool, when not f0'),
    })
    .strict(),
  modes: ['ask', 'act', 'dev'],
  readOnly: false,
  askGated: true,
  async handler({ name, args, frameId }, ctx) {
    const found = await findSiteTool(ctx.tabId, name, frameId);
    if (!found.ok) return found;
    const tool = found.data;
    const readOnly = siteToolReadOnly(tool);
    if (ctx.mode === 'ask' && !readOnly)
      return err(
        'tool_not_allowed',
        `site_tool is not allowed here: Ask mode is read-only and the site does not mark ${quotePageText(name, 100)} read-only; the user must switch to Act mode.`,
      );
    const input = args ?? {};
    const fits = tool.inputSchema === undefined ? { ok: true as const } : checkJsonSchema(input, tool.inputSchema);
    if (!fits.ok)
      return err(
        'bad_arguments',
        fits.unsupported
          ? `${name}'s inputSchema cannot be checked (${fits.message}); not called.`
          : `invalid args for ${name}: ${fits.message}. Its inputSchema: ${tool.schema.slice(0, 1500)}`,
      );
    const read = await checkRead(ctx.reads, ctx.tabId, tool.chromeFrameId);
    if (!read.ok) return read;
    const r = await runSiteTool(ctx.tabId, tool, input, readOnly, CALL_MS);
    if (!r.ok) return r;
    const where = tool.frameId === 'f0' ? {} : { frameId: tool.frameId };
    if (!r.data.changed) return ok({ tool: name, ...where, result: r.data.text });
    // The page fired `toolchange` during the call: its list now, so the model need not guess (docs/webmcp.md).
    const now = await discoverSiteTools(ctx.tabId);
    return ok({ tool: name, ...where, result: r.data.text, siteToolsNow: listSiteTools(now) });
  },
});
