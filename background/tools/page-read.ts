/**
 * Routing for the page reads that take `ref_id?` and `frameId?` (verify, wait_for, extract, inspect):
 * a frame-qualified ref (`f2:ref_7`) or a frameId picks the frame, like the iframe_* tools; the frame
 * gets its local ref, and refs in the reply come back qualified so the model can use them as they are.
 * Every request goes through the content bridge, which carries the tab's ref floor.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../src/result';
import { FRAME_ID_PATTERN, QUALIFIED_REF_PATTERN } from '../../src/refs';
import { sendToContent } from '../content-bridge';
import { MAIN_FRAME_ID } from '../frames/frame-ids';
import { findFrame } from '../frames/frame-store';
import { qualifyRefsInText } from '../frames/qualified-ref';
import { qualifyDeep, resolveRefTarget } from '../frames/route-ref';

export const RefIdArg = z
  .string()
  .regex(QUALIFIED_REF_PATTERN, 'must be a ref such as "ref_12" (or "f2:ref_12" in a frame), as printed by the tree');
export const FrameIdArg = z
  .string()
  .regex(FRAME_ID_PATTERN, 'must be a frame id such as "f1", as listed by get_frames')
  .describe('the frame to read (default the main page, f0); a frame-qualified ref_id picks its frame itself');
export const SelectorArg = z
  .string()
  .min(1)
  .max(1000)
  .describe('CSS selector, searched in the page and every shadow root (closed ones too)');

interface Routed {
  chromeFrameId: number;
  frame: string;
}

/** Where the call goes, and its arguments with the ref made frame-local and frameId removed. */
async function route(
  tabId: number,
  args: Record<string, unknown>,
): Promise<Result<{ to: Routed; pageArgs: Record<string, unknown> }>> {
  const { frameId, ...rest } = args;
  const frame = typeof frameId === 'string' ? frameId : undefined;
  const ref = typeof rest.ref_id === 'string' ? rest.ref_id : undefined;
  if (ref !== undefined) {
    const target = await resolveRefTarget(tabId, ref, frame);
    if (!target.ok) return target;
    return ok({
      to: { chromeFrameId: target.data.frameId, frame: target.data.frame },
      pageArgs: { ...rest, ref_id: target.data.localRef },
    });
  }
  if (frame === undefined || frame === MAIN_FRAME_ID)
    return ok({ to: { chromeFrameId: 0, frame: MAIN_FRAME_ID }, pageArgs: rest });
  const found = await findFrame(tabId, frame);
  if (!found.ok) return found;
  return ok({ to: { chromeFrameId: found.data.frame.chromeFrameId, frame }, pageArgs: rest });
}

/** Sends one read to the right frame and qualifies the refs in what comes back. */
export async function pageRead(tabId: number, tool: string, args: Record<string, unknown>): Promise<Result<unknown>> {
  const routed = await route(tabId, args);
  if (!routed.ok) return routed;
  const { to, pageArgs } = routed.data;
  const reply = await sendToContent(tabId, { type: 'tool', tool, args: pageArgs }, to.chromeFrameId);
  if (to.frame === MAIN_FRAME_ID) return reply;
  if (!reply.ok) return err(reply.error.code, `frame ${to.frame}: ${qualifyRefsInText(reply.error.message, to.frame)}`);
  return ok(qualifyDeep(reply.data, to.frame));
}
