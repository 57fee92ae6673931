/**
 * `wait_for_stable` across frames (issue 28): a page is not quiet while an embedded checkout or a
 * chat widget is still rendering. Each frame's content script keeps its own MutationObserver
 * (content-scripts/reads/dom-activity.ts: an observer never sees another document's mutations, DOM
 * §4.3), so the wait asks every frame it judges, the main one and the subframes of sites the task
 * reads (the same frame gate as `watch`, watch-frames.ts `readableSubframes`: frames of other sites
 * are left out without asking and counted).
 *
 * What a frame reports is only how long ago its DOM last changed and its readyState: no page text.
 */
import { z } from 'zod';
import type { Result } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { syncFrames } from '../frames/frame-store';
import { HELD_OPEN_MS } from './inflight-requests';
import type { WatchedFrame } from './watch-frames';

/** A subframe that does not answer a poll within this counts as busy for that poll. */
const FRAME_POLL_MS = 1_000;

const ActivitySchema = z.object({
  msSinceMutation: z.number(),
  started: z.boolean(),
  readyState: z.string(),
  ageMs: z.number(),
});
type Activity = z.infer<typeof ActivitySchema>;

/**
 * The document's own load still running (readyState not "complete"): busy. This covers the requests
 * of a page that was already loading before the task's request tap opened, which the tap never saw
 * start. A load running longer than HELD_OPEN_MS (a resource that never finishes) does not count,
 * by the rule that leaves held-open requests out.
 */
function stillLoading(a: Activity): boolean {
  return a.readyState !== 'complete' && a.ageMs < HELD_OPEN_MS;
}

/** The latest DOM change over every frame polled, and where it was. */
export class DomQuiet {
  private changedAt: number;
  private where = 'the page';
  private loading: { where: string; readyState: string } | null = null;

  constructor(started: number) {
    this.changedAt = started;
  }

  /** One poll's answer from one frame (`null`: it did not answer, e.g. navigating: not quiet). */
  note(where: string, now: number, activity: Activity | null): void {
    let at = activity === null ? now : now - activity.msSinceMutation;
    if (activity !== null && stillLoading(activity)) {
      this.loading = { where, readyState: activity.readyState };
      at = now;
    }
    if (at >= this.changedAt) [this.changedAt, this.where] = [at, where];
  }

  /** Starts a poll round: loading is judged afresh each round. */
  round(): void {
    this.loading = null;
  }

  get lastChange(): number {
    return this.changedAt;
  }

  /** Why the DOM side is not quiet, for `busy`. */
  busy(now: number): string {
    if (this.loading !== null) {
      const whose = this.loading.where === 'the page' ? 'the page is' : `${this.loading.where} is`;
      return `${whose} still loading (document.readyState "${this.loading.readyState}")`;
    }
    return `${this.where} changed ${now - this.changedAt} ms ago`;
  }
}

function activityOf(reply: Result<unknown>): Activity | null {
  if (!reply.ok) return null;
  const parsed = ActivitySchema.safeParse(reply.data);
  return parsed.success ? parsed.data : null;
}

/** A subframe that has never answered within this is one the page scripts cannot reach (a data: frame). */
const NEVER_ANSWERED_MS = 1_000;

/** What the result says about frames: how many were judged, and which were not and why. */
export function frameNotes(
  watched: number,
  otherSites: number,
  unanswered: readonly string[],
): { framesWatched?: number; framesNotWatched?: string } {
  const judged = watched - unanswered.length;
  const left = [
    ...(otherSites > 0 ? [`${otherSites} iframe(s) of other sites`] : []),
    // A frame frozen by its own script, or one whose document never loaded, cannot say whether it
    // changed: it is left out rather than keeping every wait busy, and named so a read of it is not trusted blindly.
    ...(unanswered.length > 0
      ? [`${unanswered.join(', ')}: never answered (frozen by its script, never loaded, or a data: page), not judged`]
      : []),
  ];
  return {
    ...(judged > 0 ? { framesWatched: judged } : {}),
    ...(left.length > 0 ? { framesNotWatched: left.join('; ') } : {}),
  };
}

/**
 * Polls the main frame and `frames` into `quiet`, once per `poll`. A subframe that no longer exists
 * (removed from the page: its removal was a change of the parent, already seen) is dropped; one that
 * answered before and is silent now is reloading, and counts as a change; one that has never answered
 * for NEVER_ANSWERED_MS (a data: frame running no page scripts, a frame frozen by a busy script or
 * never loaded) is dropped, or it would keep every wait busy, and listed in `unanswered`.
 */
export class FramePoller {
  private readonly frames: WatchedFrame[];
  private readonly answered = new Set<number>();
  private readonly started = Date.now();
  /** The ids of frames dropped for never answering. */
  readonly unanswered: string[] = [];

  constructor(
    private readonly tabId: number,
    watched: readonly WatchedFrame[],
  ) {
    this.frames = [...watched];
  }

  private ask(chromeFrameId: number, deadline?: number): Promise<Result<unknown>> {
    return sendToContent(this.tabId, { type: 'tool', tool: 'dom_activity', args: {} }, chromeFrameId, deadline);
  }

  async poll(quiet: DomQuiet): Promise<void> {
    const frames = this.frames;
    const [main, ...subs] = await Promise.all([
      this.ask(0),
      ...frames.map((f) => this.ask(f.chromeFrameId, FRAME_POLL_MS)),
    ]);
    const now = Date.now();
    quiet.round();
    quiet.note('the page', now, main ? activityOf(main) : null);
    const silent: WatchedFrame[] = [];
    for (const [i, f] of frames.entries()) {
      const reply = subs[i];
      const a = reply ? activityOf(reply) : null;
      if (a === null) silent.push(f);
      else {
        this.answered.add(f.chromeFrameId);
        quiet.note(`frame ${f.id}`, now, a);
      }
    }
    if (silent.length > 0) await this.settleSilent(silent, quiet, now);
  }

  private async settleSilent(silent: readonly WatchedFrame[], quiet: DomQuiet, now: number): Promise<void> {
    const listed = await syncFrames(this.tabId);
    const present = new Set(listed.ok ? listed.data.map((f) => f.chromeFrameId) : silent.map((f) => f.chromeFrameId));
    for (const f of silent) {
      const unreachable = !this.answered.has(f.chromeFrameId) && now - this.started >= NEVER_ANSWERED_MS;
      if (!present.has(f.chromeFrameId) || unreachable) this.frames.splice(this.frames.indexOf(f), 1);
      else quiet.note(`frame ${f.id}`, now, null);
      if (present.has(f.chromeFrameId) && unreachable) this.unanswered.push(`frame ${f.id}`);
    }
  }
}
