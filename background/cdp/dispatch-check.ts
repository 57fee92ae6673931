/**
 * The worker's half of the dispatch re-check (issue 10, item 8): trusted input is sent only after
 * the page confirmed, with the debugger already attached, that it still reaches the element it was
 * planned for (content-scripts/actions/input-recheck.ts). Used by click_ax's trusted retry (any frame)
 * and by type_ax/focus_type's trusted insertion.
 */
import { InputRecheckReplySchema } from '../../shared/tools/action-results';
import * as z from 'zod/mini';
import { err, ok, type Result } from '../../shared/result';
import { placeInTopFrame, tabFrameHitDeps, type Point } from '../frames/frame-hit';
import { pageCall } from '../page-call';

async function recheck(
  tabId: number,
  frameId: number,
  args: { token: string; x?: number; y?: number; settle?: boolean },
): Promise<Result<{ x?: number | undefined; y?: number | undefined }>> {
  return pageCall(tabId, 'input_recheck', args, InputRecheckReplySchema, frameId);
}

const ClickPointSchema = z.object({ x: z.number(), y: z.number() });

export interface ClickPlan {
  /** Where to press, in the frame's own viewport. */
  local: Point;
  /** The same point in the top-level viewport, for CDP Input. */
  top: Point;
}

/**
 * After the debugger attached: lets the page settle, re-measures a point that hits the target in its
 * frame, and places it in the top frame (every ancestor must still show the frame there).
 */
export async function planTrustedClick(tabId: number, frameId: number, token: string): Promise<Result<ClickPlan>> {
  // A click needs the point: a reply without one is malformed here even though the contract allows it elsewhere.
  const fresh = await pageCall(tabId, 'input_recheck', { token, settle: true }, ClickPointSchema, frameId);
  if (!fresh.ok) return fresh;
  const { x, y } = fresh.data;
  const top = await placeInTopFrame(tabFrameHitDeps(tabId), frameId, { x, y });
  return top.ok ? ok({ local: { x, y }, top: top.data }) : top;
}

/**
 * Right before the press (after the trusted mousemove, which a page can also react to): the same
 * point must still hit the target, and in a child frame still reach that frame at the same place.
 */
export async function confirmClickPoint(
  tabId: number,
  frameId: number,
  token: string,
  plan: ClickPlan,
): Promise<Result<true>> {
  const again = await recheck(tabId, frameId, { token, x: plan.local.x, y: plan.local.y });
  if (!again.ok) return again;
  if (frameId === 0) return ok(true);
  const top = await placeInTopFrame(tabFrameHitDeps(tabId), frameId, plan.local);
  if (!top.ok) return top;
  if (Math.abs(top.data.x - plan.top.x) > 0.5 || Math.abs(top.data.y - plan.top.y) > 0.5)
    return err('target_moved', 'the frame moved on the page just before the trusted click, so none was sent');
  return ok(true);
}

/** Right before `Input.insertText`: focus must still be on the field (settling first). */
export async function confirmFocus(tabId: number, frameId: number, token: string): Promise<Result<true>> {
  const r = await recheck(tabId, frameId, { token, settle: true });
  return r.ok ? ok(true) : r;
}
