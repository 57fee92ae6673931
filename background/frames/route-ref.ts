/**
 * Where a ref lives. Action tools call `resolveRefTarget` to turn what the model wrote (`ref_7` for
 * the main frame, `f2:ref_7` for a child frame) into the Chrome frameId to message and the ref that
 * frame's registry knows.
 */
import { err, isRecord, ok, type Result } from '../../shared/result';
import type { Tool } from '../tools/types';
import { MAIN_FRAME_ID } from './frame-ids';
import { findFrame, syncFrames } from './frame-store';
import { parseQualifiedRef, qualifyRefsInText } from './qualified-ref';

export interface RefTarget {
  /** Chrome frameId to pass to sendToContent. */
  frameId: number;
  /** Our frame id (f0, f2, …). */
  frame: string;
  /** The ref as the frame's own registry knows it (`ref_N`). */
  localRef: string;
  /** How to show this ref to the model (`ref_N` or `fX:ref_N`). */
  displayRef: string;
}

/**
 * Resolves a ref, optionally checking it against the frame the caller meant (`iframe_click {frameId}`).
 * A bare `ref_N` given with `expectedFrame` is taken as local to that frame; a qualified ref naming
 * another frame is refused with the frame it does belong to, never silently rerouted.
 */
export async function resolveRefTarget(tabId: number, ref: string, expectedFrame?: string): Promise<Result<RefTarget>> {
  const parsed = parseQualifiedRef(ref);
  if (!parsed) {
    return err(
      'bad_ref',
      `${JSON.stringify(ref.slice(0, 40))} is not a ref: main-frame refs look like "ref_12" and refs inside an iframe like "f2:ref_12", exactly as printed in [brackets] by the tree tools`,
    );
  }
  let frame = parsed.frame;
  if (expectedFrame !== undefined) {
    if (parsed.qualified && parsed.frame !== expectedFrame) {
      return err(
        'wrong_frame',
        `${ref} belongs to frame ${parsed.frame}, not ${expectedFrame}: use frameId "${parsed.frame}" (or pass ref_id "${ref}" to click_ax/type_ax, which route it themselves)`,
      );
    }
    frame = expectedFrame;
  }
  const displayRef = frame === MAIN_FRAME_ID ? parsed.localRef : `${frame}:${parsed.localRef}`;
  if (frame === MAIN_FRAME_ID) return ok({ frameId: 0, frame, localRef: parsed.localRef, displayRef });
  const found = await findFrame(tabId, frame);
  if (!found.ok) {
    return err('unknown_frame', `${displayRef} cannot be used: ${found.error.message}`);
  }
  return ok({ frameId: found.data.frame.chromeFrameId, frame, localRef: parsed.localRef, displayRef });
}

/**
 * For action tools that got a plain `ref_N` which the main frame does not know: the message a model
 * needs when the ref came from an iframe read but lost its prefix.
 */
function refMissHint(localRef: string): string {
  return `${localRef} is not in the main frame. Refs read with iframe_read carry their frame (e.g. "f2:${localRef}"); pass that exact qualified ref.`;
}

/** Deep-copies a value with every bare ref in its strings qualified for `frame`. */
export function qualifyDeep(value: unknown, frame: string): unknown {
  if (typeof value === 'string') return qualifyRefsInText(value, frame);
  if (Array.isArray(value)) return value.map((v) => qualifyDeep(v, frame));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = qualifyDeep(v, frame);
    return out;
  }
  return value;
}

/**
 * Wraps a ref-taking action tool so it accepts frame-qualified refs: `f2:ref_7` is resolved to frame
 * f2 and passed on as `ref_7` with `ctx.frameId` set, and refs in the reply come back qualified.
 * Plain refs go through untouched (main frame), with a hint when they miss and the page has frames.
 */
export function routeFrameRefs(tool: Tool): Tool {
  return {
    ...tool,
    async run(rawArgs, ctx) {
      const ref = isRecord(rawArgs) && typeof rawArgs.ref_id === 'string' ? rawArgs.ref_id : undefined;
      const parsed = ref !== undefined ? parseQualifiedRef(ref) : null;
      if (ref === undefined || !parsed || !isRecord(rawArgs)) return tool.run(rawArgs, ctx);
      if (!parsed.qualified || parsed.frame === MAIN_FRAME_ID) {
        const result = await tool.run({ ...rawArgs, ref_id: parsed.localRef }, ctx);
        // A bare ref from an iframe read lands in the main frame as unknown, or as stale when its
        // number is below the tab's floor (frames/ref-floor.ts): either way, say how to qualify it.
        if (result.ok || (result.error.code !== 'ref_not_found' && result.error.code !== 'stale_ref')) return result;
        const frames = await syncFrames(ctx.tabId);
        if (!frames.ok || frames.data.length < 2) return result;
        return err(result.error.code, `${result.error.message}. ${refMissHint(parsed.localRef)}`);
      }
      const target = await resolveRefTarget(ctx.tabId, ref);
      if (!target.ok) return target;
      const result = await tool.run(
        { ...rawArgs, ref_id: target.data.localRef },
        { ...ctx, frameId: target.data.frameId },
      );
      if (!result.ok)
        return err(
          result.error.code,
          `frame ${target.data.frame}: ${qualifyRefsInText(result.error.message, target.data.frame)}`,
        );
      return ok(qualifyDeep(result.data, target.data.frame));
    },
  };
}
