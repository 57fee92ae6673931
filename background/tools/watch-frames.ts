/**
 * `watch` in subframes (issue 28): a toast or an error in an embedded checkout or a chat widget is
 * feedback the model needs as much as one in the page. Each frame's content script keeps its own
 * watch (content-scripts/handlers/watch-regions.ts), started with the frame's id so its lines carry
 * qualified refs (`f2:ref_7`), the ones iframe_read prints and actions take.
 *
 * Only frames this task may already read are watched. The read gate is judged, never asked, here
 * (ReadGate.outside): a watch must not raise a prompt for every ad or widget frame of another site;
 * the model that needs one asks through iframe_read, and the report says how many were left out.
 */
import { z } from 'zod';
import type { Result } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { syncFrames } from '../frames/frame-store';
import { checkRead, type ReadGate } from '../policy/read-gate';
import { checkReply } from '../page-call';

/** A frame that does not answer within this is left out (it is reported), not waited for. */
const FRAME_CALL_MS = 3_000;
/** Enough for a page's real widgets; a page of many frames must not make the watch slow. */
const MAX_FRAMES = 8;

const RegionSchema = z.object({
  lines: z.array(z.string()),
  appearedAtMs: z.number().nullable(),
  disappearedAtMs: z.number().nullable(),
});
type WatchRegion = z.infer<typeof RegionSchema> & { frame?: string };

export const RegionsReply = z.object({
  startedAt: z.number(),
  endedAt: z.number(),
  samples: z.number(),
  capped: z.boolean(),
  steady: z.number(),
  regions: z.array(RegionSchema),
});

export interface WatchedFrame {
  id: string;
  chromeFrameId: number;
}

export interface FrameWatches {
  watched: WatchedFrame[];
  /** Frames of sites this task does not read: not watched. */
  otherSites: number;
}

async function startOne(tabId: number, frame: WatchedFrame, sampleMs: number): Promise<WatchedFrame | null> {
  const args = { op: 'start', sampleMs, frameRef: frame.id };
  const r = await sendToContent(
    tabId,
    { type: 'tool', tool: 'watch_regions', args },
    frame.chromeFrameId,
    FRAME_CALL_MS,
  );
  return r.ok ? frame : null;
}

/**
 * The subframes this task may read, each passed through the read gate as any read of it is (which
 * records its origin for provenance); frames of other sites are judged outside without asking and
 * only counted. `watch` and `wait_for_stable` (stable-frames.ts) observe these.
 */
export async function readableSubframes(tabId: number, reads: ReadGate | undefined): Promise<FrameWatches> {
  const frames = await syncFrames(tabId);
  if (!frames.ok) return { watched: [], otherSites: 0 };
  const sub = frames.data.filter((f) => f.chromeFrameId !== 0);
  if (sub.length === 0) return { watched: [], otherSites: 0 };
  const outside = reads ? await reads.outside(tabId) : new Set<number>();
  const readable = sub.filter((f) => !outside.has(f.chromeFrameId)).slice(0, MAX_FRAMES);
  const allowed = await Promise.all(
    readable.map(async (f) => ((await checkRead(reads, tabId, f.chromeFrameId)).ok ? f : null)),
  );
  return {
    watched: allowed.flatMap((f) => (f ? [{ id: f.id, chromeFrameId: f.chromeFrameId }] : [])),
    otherSites: sub.filter((f) => outside.has(f.chromeFrameId)).length,
  };
}

/** Starts a watch in every subframe the task may read (the main frame is started by the caller). */
export async function startFrameWatches(
  tabId: number,
  reads: ReadGate | undefined,
  sampleMs: number,
): Promise<FrameWatches> {
  const gated = await readableSubframes(tabId, reads);
  const started = await Promise.all(gated.watched.map((f) => startOne(tabId, f, sampleMs)));
  return { watched: started.filter((f): f is WatchedFrame => f !== null), otherSites: gated.otherSites };
}

export interface FrameReport {
  regions: WatchRegion[];
  steady: number;
  capped: boolean;
  /** Frames that navigated or went away during the window. */
  lost: string[];
}

/** Stops the subframe watches and merges their reports, each region naming its frame. */
export async function stopFrameWatches(tabId: number, watched: readonly WatchedFrame[]): Promise<FrameReport> {
  const replies = await Promise.all(
    watched.map(async (f): Promise<[WatchedFrame, Result<z.infer<typeof RegionsReply>>]> => {
      const reply = await sendToContent(
        tabId,
        { type: 'tool', tool: 'watch_regions', args: { op: 'stop' } },
        f.chromeFrameId,
        FRAME_CALL_MS,
      );
      return [f, checkReply(reply, RegionsReply, 'watch report')];
    }),
  );
  const out: FrameReport = { regions: [], steady: 0, capped: false, lost: [] };
  for (const [frame, r] of replies) {
    if (!r.ok) {
      out.lost.push(frame.id);
      continue;
    }
    out.regions.push(...r.data.regions.map((region) => ({ ...region, frame: frame.id })));
    out.steady += r.data.steady;
    out.capped ||= r.data.capped;
  }
  return out;
}
