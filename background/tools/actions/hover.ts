/**
 * hover: synthetic pointer events first; when nothing appeared (CSS-only :hover menus cannot be
 * triggered by script), one real mouse move over CDP. Moving the mouse changes no data, so unlike a
 * click it needs no veto; the debugger is detached right after.
 */
import { z } from 'zod/mini';
import { HoverReplySchema, type HoverResult } from '../../../shared/tools/action-results';
import type zod from 'zod';
import { ok, type Result } from '../../../shared/result';
import type { ToolContext } from '../types';
import { withSession } from '../../cdp/cdp-client';
import { mouseMove } from '../../cdp/input';
import { sendToContent } from '../../content-bridge';
import { frameOffset } from '../../frames/inventory';
import { defineTool } from '../define-tool';
import { withEvidence } from './action-evidence';
import { forward } from './forward';
import { HoverArgs } from './schemas';

const Collected = z.object({ appeared: z.array(z.string()), changes: z.record(z.string(), z.unknown()) });

export const hoverTool = defineTool({
  name: 'hover',
  family: 'input',
  description:
    'Moves the pointer onto an element (menus, tooltips, hover cards); CSS :hover applies. Returns {success, method, name, rect, appeared?: tree lines of what showed up, with refs to act on, changes}.',
  schema: HoverArgs,
  modes: ['act', 'dev'],
  readOnly: false,
  handler: (args, ctx) => withEvidence(ctx.tabId, ctx.frameId, () => hoverOnce(args, ctx)),
});

async function hoverOnce(args: zod.infer<typeof HoverArgs>, ctx: ToolContext): Promise<Result<HoverResult>> {
  const reply = await forward(ctx.tabId, 'hover', args, HoverReplySchema, ctx.frameId);
  if (!reply.ok || !reply.data.fallback) return reply.ok ? ok(reply.data.result) : reply;
  const { result, fallback } = reply.data;
  const offset = await frameOffset(ctx.tabId, ctx.frameId ?? 0);
  const moved = offset.ok
    ? await withSession(ctx.tabId, ({ send }) =>
        mouseMove(send, ctx.tabId, { x: fallback.x + offset.data.x, y: fallback.y + offset.data.y }),
      )
    : offset;
  if (!moved.ok) {
    await sendToContent(
      ctx.tabId,
      { type: 'tool', tool: 'action_observe', args: { token: fallback.token, action: 'cancel' } },
      ctx.frameId,
    );
    return ok(result);
  }
  const collected = await sendToContent(
    ctx.tabId,
    { type: 'tool', tool: 'action_observe', args: { token: fallback.token, action: 'collect' } },
    ctx.frameId,
  );
  const parsed = collected.ok ? Collected.safeParse(collected.data) : null;
  const out: HoverResult = { ...result, method: 'cdp' };
  if (parsed?.success && parsed.data.appeared.length > 0) out.appeared = parsed.data.appeared;
  return ok(out);
}
