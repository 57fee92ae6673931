/**
 * Frame and ref routing for every page tool that takes `{ref_id?, frameId?}` (find, text_search,
 * screenshot, verify, wait_for, extract, inspect, …): the frame a frame-qualified ref names, or
 * `frameId`, or the main frame, and the ref as that frame's registry knows it. A ref naming another
 * frame than `frameId` is refused, never rerouted (route-ref.ts). Also the one definition of the
 * `frameId` and `ref_id` argument schemas those tools share.
 */
import { z } from 'zod';
import { FRAME_ID_PATTERN, QUALIFIED_REF_PATTERN } from '../../shared/refs';
import { err, ok, type Result } from '../../shared/result';
import { MAIN_FRAME_ID } from '../frames/frame-ids';
import { findFrame } from '../frames/frame-store';
import { resolveRefTarget } from '../frames/route-ref';
import { checkRead, type ReadGate } from '../policy/read-gate';

export const FrameIdArg = z
  .string()
  .regex(FRAME_ID_PATTERN, 'must be a frame id such as "f1", as listed by get_frames');
export const RefIdArg = z
  .string()
  .regex(QUALIFIED_REF_PATTERN, 'must be a ref such as "ref_12" (or "f2:ref_12" in a frame), as printed by the tree');

export interface PageTarget {
  chromeFrameId: number;
  /** Our frame id: f0 for the main frame. */
  frame: string;
  localRef?: string;
}

/** The frame a read goes to, passed through the task's read gate before anything is read there. */
export async function pageTarget(
  tabId: number,
  refId: string | undefined,
  frameId: string | undefined,
  reads: ReadGate | undefined,
): Promise<Result<PageTarget>> {
  const to = await resolveTarget(tabId, refId, frameId);
  if (!to.ok) return to;
  const allowed = await checkRead(reads, tabId, to.data.chromeFrameId);
  return allowed.ok ? to : allowed;
}

async function resolveTarget(tabId: number, refId?: string, frameId?: string): Promise<Result<PageTarget>> {
  if (refId !== undefined) {
    const t = await resolveRefTarget(tabId, refId, frameId);
    if (!t.ok) return t;
    return ok({ chromeFrameId: t.data.frameId, frame: t.data.frame, localRef: t.data.localRef });
  }
  if (frameId === undefined || frameId === MAIN_FRAME_ID) return ok({ chromeFrameId: 0, frame: MAIN_FRAME_ID });
  const found = await findFrame(tabId, frameId);
  if (!found.ok) return err(found.error.code, found.error.message);
  return ok({ chromeFrameId: found.data.frame.chromeFrameId, frame: frameId });
}

/** `args` routed: where they go, with `ref_id` made frame-local and `frameId` removed. */
export async function routeArgs(
  tabId: number,
  args: Record<string, unknown>,
  reads: ReadGate | undefined,
): Promise<Result<{ to: PageTarget; pageArgs: Record<string, unknown> }>> {
  const { frameId, ...rest } = args;
  const ref = typeof rest.ref_id === 'string' ? rest.ref_id : undefined;
  const to = await pageTarget(tabId, ref, typeof frameId === 'string' ? frameId : undefined, reads);
  if (!to.ok) return to;
  const local = to.data.localRef;
  return ok({ to: to.data, pageArgs: local !== undefined ? { ...rest, ref_id: local } : rest });
}
