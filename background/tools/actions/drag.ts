/**
 * drag: the page drags synthetically (HTML5 drag and drop or pointer events, content-scripts/actions/drag.ts)
 * and judges it by the lists' order; when a pointer drag moved nothing, the worker sends one trusted
 * CDP mouse drag along the same path, unless the synthetic one sent data or opened something (the
 * click retry's veto), and collects the page's verdict.
 */
import { DragCollectedSchema, DragReplySchema, type DragResult } from '../../../shared/tools/action-results';
import { err, ok, type Result } from '../../../shared/result';
import { HAS_CDP } from '../../../shared/browser-target';
import { withSession } from '../../cdp/cdp-client';
import { mouseDrag } from '../../cdp/input';
import { sendToContent } from '../../content-bridge';
import { frameOffset } from '../../frames/inventory';
import { resolveRefTarget } from '../../frames/route-ref';
import { defineTool } from '../define-tool';
import { vetoReason, watchTabActivity } from './activity-watch';
import { DragArgs } from './schemas';
import { checkReply } from '../../page-call';

/** The drop target's ref as the page of `frameId` knows it; a ref of another frame is refused. */
async function localTarget(
  tabId: number,
  frameId: number,
  ref: string | undefined,
): Promise<Result<string | undefined>> {
  if (ref === undefined || !ref.includes(':')) return ok(ref);
  const t = await resolveRefTarget(tabId, ref);
  if (!t.ok) return t;
  if (t.data.frameId !== frameId)
    return err('bad_ref', `${ref} is in another frame than the dragged element; drag works within one frame`);
  return ok(t.data.localRef);
}

async function observe(tabId: number, token: string, action: 'collect' | 'cancel', frameId: number) {
  return sendToContent(tabId, { type: 'tool', tool: 'action_observe', args: { token, action } }, frameId);
}

export const dragTool = defineTool({
  name: 'drag',
  description:
    'Drags an element onto another (to_ref_id) or to a viewport point (to). Returns {moved?, verified, before, after: list orders}.',
  schema: DragArgs,
  modes: ['act', 'dev'],
  tiers: ['mid', 'full'],
  family: 'input',
  readOnly: false,
  async handler(args, ctx) {
    const frameId = ctx.frameId ?? 0;
    const to = await localTarget(ctx.tabId, frameId, args.to_ref_id);
    if (!to.ok) return to;
    const pageArgs = { ...args, ...(to.data !== undefined ? { to_ref_id: to.data } : {}) };
    const watch = watchTabActivity(ctx.tabId);
    const reply = await sendToContent(ctx.tabId, { type: 'tool', tool: 'drag', args: pageArgs }, frameId);
    const activity = watch.stop();
    const parsed = checkReply(reply, DragReplySchema, 'drag result');
    if (!parsed.ok) return parsed;
    const { result, fallback } = parsed.data;
    if (!fallback) return ok(result);
    const veto = HAS_CDP ? vetoReason(activity) : 'not tried: this browser has no trusted input';
    if (veto) {
      await observe(ctx.tabId, fallback.token, 'cancel', frameId);
      return ok({ ...result, fallback: veto });
    }
    const offset = await frameOffset(ctx.tabId, frameId);
    const shift = (p: { x: number; y: number }) => (offset.ok ? { x: p.x + offset.data.x, y: p.y + offset.data.y } : p);
    const dragged = offset.ok
      ? await withSession(ctx.tabId, ({ send }) => mouseDrag(send, ctx.tabId, shift(fallback.from), shift(fallback.to)))
      : offset;
    if (!dragged.ok) {
      await observe(ctx.tabId, fallback.token, 'cancel', frameId);
      return ok({ ...result, fallback: `not tried: ${dragged.error.message}` });
    }
    const collected = await observe(ctx.tabId, fallback.token, 'collect', frameId);
    const verdict = collected.ok ? DragCollectedSchema.safeParse(collected.data) : null;
    const out: DragResult = {
      ...result,
      method: 'cdp',
      fallback: 'the synthetic drag moved nothing, so one trusted (CDP) drag was sent',
    };
    if (verdict?.success) {
      out.verified = verdict.data.verified;
      out.after = verdict.data.after;
      if (verdict.data.moved) out.moved = verdict.data.moved;
      if (verdict.data.verified) delete out.hint;
    }
    return ok(out);
  },
});
