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

/**
 * Polls the main frame and `frames` into `quiet`, once per `poll`. A subframe that no longer exists
 * (removed from the page: its removal was a change of the parent, already seen) is dropped; one that
 * answered before and is silent now is reloading, and counts as a change; one that has never answered
 * for NEVER_ANSWERED_MS runs no page scripts (nothing to observe there) and is dropped, or it would
 * keep every wait busy.
 */
export function framePoller(tabId: number, watched: readonly WatchedFrame[]): (quiet: DomQuiet) => Promise<void> {
  const frames = [...watched];
  const answered = new Set<number>();
  const started = Date.now();
  const ask = (chromeFrameId: number, deadline?: number) =>
    sendToContent(tabId, { type: 'tool', tool: 'dom_activity', args: {} }, chromeFrameId, deadline);
  return async (quiet) => {
    const [main, ...subs] = await Promise.all([ask(0), ...frames.map((f) => ask(f.chromeFrameId, FRAME_POLL_MS))]);
    const now = Date.now();
    quiet.round();
    quiet.note('the page', now, main ? activityOf(main) : null);
    const silent: WatchedFrame[] = [];
    for (const [i, f] of frames.entries()) {
      const reply = subs[i];
      const a = reply ? activityOf(reply) : null;
      if (a === null) silent.push(f);
      else {
        answered.add(f.chromeFrameId);
        quiet.note(`frame ${f.id}`, now, a);
      }
    }
    if (silent.length === 0) return;
    const listed = await syncFrames(tabId);
    const present = new Set(listed.ok ? listed.data.map((f) => f.chromeFrameId) : silent.map((f) => f.chromeFrameId));
    for (const f of silent) {
      const unreachable = !answered.has(f.chromeFrameId) && now - started >= NEVER_ANSWERED_MS;
      if (!present.has(f.chromeFrameId) || unreachable) frames.splice(frames.indexOf(f), 1);
      else quiet.note(`frame ${f.id}`, now, null);
    }
  };
}
