/**
 * The page reads that take `ref_id?` and `frameId?` (verify, wait_for, extract, inspect): routed like
 * every frame-aware tool (page-target.ts); refs in the reply come back qualified so the model can use
 * them as they are. Every request goes through the content bridge, which carries the tab's ref floor.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { MAIN_FRAME_ID } from '../frames/frame-ids';
import { qualifyRefsInText } from '../frames/qualified-ref';
import { qualifyDeep } from '../frames/route-ref';
import type { ReadGate } from '../policy/read-gate';
import { FrameIdArg, routeArgs } from './page-target';

export { RefIdArg } from './page-target';
export const ReadFrameArg = FrameIdArg.describe(
  'the frame to read (default the main page, f0); a frame-qualified ref_id picks its frame itself',
);
export const SelectorArg = z
  .string()
  .min(1)
  .max(1000)
  .describe('CSS selector, searched in the page and every shadow root (closed ones too)');

/** Sends one read to the right frame and qualifies the refs in what comes back. */
export async function pageRead(
  tabId: number,
  tool: string,
  args: Record<string, unknown>,
  reads: ReadGate | undefined,
  /** A read that runs for a window of its own (sample) gets that much longer than the usual page deadline. */
  deadlineMs?: number,
): Promise<Result<unknown>> {
  const routed = await routeArgs(tabId, args, reads);
  if (!routed.ok) return routed;
  const { to, pageArgs } = routed.data;
  const reply = await sendToContent(tabId, { type: 'tool', tool, args: pageArgs }, to.chromeFrameId, deadlineMs);
  if (to.frame === MAIN_FRAME_ID) return reply;
  if (!reply.ok) return err(reply.error.code, `frame ${to.frame}: ${qualifyRefsInText(reply.error.message, to.frame)}`);
  return ok(qualifyDeep(reply.data, to.frame));
}
