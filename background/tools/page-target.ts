/**
 * Where a read tool that takes `{ref_id?, frameId?}` runs (find, text_search): the frame a
 * frame-qualified ref names, or `frameId`, or the main frame, and the ref as that frame's registry
 * knows it. A ref naming another frame than `frameId` is refused, never rerouted (route-ref.ts).
 */
import { err, ok, type Result } from '../../src/result';
import { MAIN_FRAME_ID } from '../frames/frame-ids';
import { findFrame } from '../frames/frame-store';
import { resolveRefTarget } from '../frames/route-ref';

export interface PageTarget {
  chromeFrameId: number;
  /** Our frame id: f0 for the main frame. */
  frame: string;
  localRef?: string;
}

export async function pageTarget(tabId: number, refId?: string, frameId?: string): Promise<Result<PageTarget>> {
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
