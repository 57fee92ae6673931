/**
 * The read gate (issue 24, "Reads follow the same origins"): every read tool resolves the frame it
 * reads and passes it here before any byte of it is read (page-target.ts, iframe-read.ts,
 * chrome-ax-tree.ts, console-read.ts, screenshot.ts, get-accessibility-tree.ts). A frame or page
 * whose content comes from an origin outside the task's asks first, in Ask mode too, because a
 * hostile page can embed the user's logged-in inbox from another site and the agent would otherwise
 * be a same-origin-policy bypass. The origin is read from what the browser has committed
 * (webNavigation), never from the model's arguments or our frame store's cached URL.
 * An approved frame origin holds for the rest of the task (chrome.storage.session, so a worker
 * restart keeps it). Every origin read is noted for provenance (provenance.ts).
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from '../../shared/result';
import { withTimeout } from '../../shared/timeout';
import { contentOrigin, mayRead, readPrompt, type FrameLink, type ReadScope } from './read-scope';

/** Read-approval state outlives the worker, not the browser session. */
const key = (taskId: string): string => `wb.read-origins.${taskId}`;
const FRAMES_MS = 2000;

export interface ReadGate {
  /** Before reading frame `chromeFrameId` (0: the page itself) of `tabId`. */
  frame(tabId: number, chromeFrameId: number): Promise<Result<true>>;
  /** Before capturing the tab's pixels: every frame it shows is read, so each other site asks. */
  pixels(tabId: number): Promise<Result<true>>;
  /**
   * Before reading data that came from `url` (a response body): its origin must be one this task may
   * read already. Judged, never asked: a request's origin is chosen by the page, not by the user.
   */
  url(url: string, what: string): Promise<Result<true>>;
  /**
   * Before reading content fetched from `origin` outside any frame (a downloaded file: its origin is
   * its URL's); `prompt` is the question the user sees when the origin is not the task's.
   */
  content(origin: string, prompt: string): Promise<Result<true>>;
  /** The frames of the tab whose reading would ask (not the task's origins): judged, never asked. */
  outside(tabId: number): Promise<ReadonlySet<number>>;
  /** The origins whose content this call has read so far (provenance.ts records them). */
  readonly origins: ReadonlySet<string>;
}

export interface ReadGateDeps {
  taskId: string;
  /** The task's navigation origins now (origin-policy.ts state on the task record). */
  navOrigins(): Promise<{ start: string; approved: readonly string[] }>;
  /** Shows the approval prompt; true when the user said yes. */
  ask(site: string, description: string): Promise<boolean>;
  /**
   * Resolves once the navigation guard has finished with the tab (a refused load taken back:
   * nav-settle.ts), within its own cap. Called only before a prompt, never on a read that is allowed.
   */
  settle?(tabId: number): Promise<void>;
}

export async function framesOf(tabId: number): Promise<FrameLink[]> {
  const all = await withTimeout(
    chrome.webNavigation.getAllFrames({ tabId }).then((r) => r ?? []),
    FRAMES_MS,
    () => [],
  );
  return all.map((f) => ({ frameId: f.frameId, parentFrameId: f.parentFrameId, url: f.url }));
}

/**
 * The approvals this worker has loaded or written (issue 26: every read call judged without a storage
 * round trip). Storage stays the truth across a restart (writes go through; a fresh worker reads it),
 * and this module is its only writer, so the map cannot fall behind it.
 */
const approvals = new Map<string, readonly string[]>();

export async function approvedFrameOrigins(taskId: string): Promise<readonly string[]> {
  const cached = approvals.get(taskId);
  if (cached) return cached;
  const raw: Record<string, unknown> = await chrome.storage.session.get(key(taskId));
  const list = z.array(z.string()).safeParse(raw[key(taskId)]);
  // An approval written while storage was read is newer: keep it.
  const now = approvals.get(taskId) ?? (list.success ? list.data : []);
  approvals.set(taskId, now);
  return now;
}

export async function approveFrameOrigin(taskId: string, origin: string): Promise<void> {
  const list = await approvedFrameOrigins(taskId);
  if (list.includes(origin)) return;
  const next = [...list, origin];
  approvals.set(taskId, next);
  await chrome.storage.session.set({ [key(taskId)]: next });
}

/** Withdraws some approved frame origins (the user took back the tab whose site they were: tab-picker.ts). */
export async function forgetFrameOrigins(taskId: string, origins: readonly string[]): Promise<void> {
  const list = await approvedFrameOrigins(taskId);
  const next = list.filter((o) => !origins.includes(o));
  if (next.length === list.length) return;
  approvals.set(taskId, next);
  await chrome.storage.session.set({ [key(taskId)]: next });
}

export async function forgetReadOrigins(taskId: string): Promise<void> {
  approvals.delete(taskId);
  await chrome.storage.session.remove(key(taskId));
}

function denied(host: string): Result<true> {
  return err(
    'denied_by_user',
    `the user did not let this task read content from ${host}, another site embedded in or shown by this page. Do not try to read it another way; work with the task's own site or tell the user.`,
  );
}

export function makeReadGate(deps: ReadGateDeps): ReadGate {
  const origins = new Set<string>();
  /**
   * The frame list this call's last judgment used (issue 26: one getAllFrames per call, not one per
   * helper). Only `outside` reuses it: it marks frames in a note and decides nothing, while every
   * judgment before a read lists the frames afresh, so a frame that navigated meanwhile is judged as
   * what it is now.
   */
  let judged: { tabId: number; frames: FrameLink[] } | undefined;
  async function fresh(tabId: number): Promise<FrameLink[]> {
    const frames = await framesOf(tabId);
    judged = { tabId, frames };
    return frames;
  }
  async function scope(): Promise<ReadScope> {
    const nav = await deps.navOrigins();
    return { start: nav.start, approved: nav.approved, frames: await approvedFrameOrigins(deps.taskId) };
  }
  /** One prompt per origin per call, even when a screenshot shows several of its frames. */
  async function judge(origin: string | null, mainFrame: boolean, prompt?: string): Promise<Result<true>> {
    // Not a web document (chrome:, the PDF viewer's own page…): nothing of another site to read.
    if (origin === null) return ok(true);
    origins.add(origin);
    if (mayRead(await scope(), origin)) return ok(true);
    if (!(await deps.ask(origin, prompt ?? readPrompt(origin, mainFrame)))) {
      origins.delete(origin);
      return denied(new URL(origin).host);
    }
    await approveFrameOrigin(deps.taskId, origin);
    return ok(true);
  }
  /**
   * The origins the tab's frames show, for a judgment that may ask. A load the guard refused leaves
   * Chrome's error page, whose URL is the refused site's, until the guard takes the tab back
   * (navigation-guard.ts); a read in that window (a wait tool polling while the page sends itself
   * away) would ask the user to read a site the task never reached. So a listing that would ask is
   * taken again once the guard is done: the prompt is about what the tab really shows.
   */
  async function settled(tabId: number, origin: (frames: FrameLink[]) => readonly (string | null)[]) {
    const first = origin(await fresh(tabId));
    if (!deps.settle) return first;
    const s = await scope();
    if (first.every((o) => o === null || mayRead(s, o))) return first;
    await deps.settle(tabId);
    return origin(await fresh(tabId));
  }
  return {
    origins,
    content: (origin, prompt) => judge(origin, true, prompt),
    async frame(tabId, chromeFrameId) {
      const [origin = null] = await settled(tabId, (frames) => [contentOrigin(frames, chromeFrameId)]);
      return judge(origin, chromeFrameId === 0);
    },
    async outside(tabId) {
      const listed = judged?.tabId === tabId ? judged.frames : undefined;
      const [frames, s] = await Promise.all([listed ?? framesOf(tabId), scope()]);
      const out = new Set<number>();
      for (const f of frames) {
        const origin = contentOrigin(frames, f.frameId);
        if (origin !== null && !mayRead(s, origin)) out.add(f.frameId);
      }
      return out;
    },
    async url(url, what) {
      const origin = contentOrigin([{ frameId: 0, parentFrameId: -1, url }], 0);
      if (origin === null)
        return err('not_web', `${what} did not come from a web origin (http or https): it is not read`);
      if (!mayRead(await scope(), origin)) {
        return err(
          'other_site',
          `${what} came from ${new URL(origin).host}, a site this task does not read (its own sites and the frames the user approved only). Do not try to read it another way; tell the user if it matters.`,
        );
      }
      origins.add(origin);
      return ok(true);
    },
    async pixels(tabId) {
      const seen = new Set(await settled(tabId, (frames) => frames.map((f) => contentOrigin(frames, f.frameId))));
      for (const origin of seen) {
        const r = await judge(origin, false);
        if (!r.ok) return r;
      }
      return ok(true);
    },
  };
}

/** Tools without a task (the user's console) read freely: the user is the one asking. */
export async function checkRead(
  gate: ReadGate | undefined,
  tabId: number,
  chromeFrameId: number,
): Promise<Result<true>> {
  return gate ? gate.frame(tabId, chromeFrameId) : ok(true);
}
