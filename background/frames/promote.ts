/**
 * `promote_iframe`: open a child frame's own document in the same tab, so an embedded app that is hard
 * to operate inside its frame becomes an ordinary page, and Back returns to the embedding page.
 *
 * The frame URL comes from the browser's frame inventory (chrome.webNavigation), never from the
 * iframe's src attribute (which may be stale after navigation inside the frame). Promotion refuses to
 * guess between several matching frames and fails closed when the frame (or a frame inside it) holds
 * a draft: navigating the tab away discards it.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { describeFrames, pickFrame } from './frame-select';
import { shortUrl, syncFrames, type BrowserFrame } from './frame-store';
import { withTimeout } from '../../shared/timeout';
import { qualifyRef } from './qualified-ref';
import { printLine } from '../../shared/tree-print';
import type { ToolApprovals } from '../tools/types';
import { sanitizeUrl } from '../../shared/url-sanitize';

const FieldSchema = z.object({ ref: z.string(), tag: z.string(), type: z.string(), name: z.string() });
const DraftSchema = z.object({
  url: z.string(),
  changedFields: z.array(FieldSchema),
  attachedFiles: z.array(FieldSchema.extend({ files: z.number() })),
  editedRegions: z.array(FieldSchema),
  unverifiedEdits: z.array(FieldSchema),
  watchingSince: z.number(),
  totals: z.object({ changed: z.number(), files: z.number(), regions: z.number(), unverified: z.number() }),
});
type Draft = z.infer<typeof DraftSchema>;

export const PromoteArgsSchema = z.strictObject({
  urlFilter: z
    .string()
    .min(1)
    .max(500)
    .describe('substring of the child frame URL, host plus path part, e.g. "airtable.com/embed/"'),
  matchIndex: z
    .number()
    .int()
    .min(0)
    .max(100)
    .optional()
    .describe('0-based pick when several frames match (from a previous ambiguous result)'),
  force: z.boolean().optional().describe('discard unsaved work in the frame; only when the user explicitly wants that'),
});
export type PromoteArgs = z.infer<typeof PromoteArgsSchema>;

interface FrameDraftReport {
  frameId: string;
  url: string;
  /** Human-readable problems, empty when the frame is clean. */
  problems: string[];
}

const STATE_TIMEOUT_MS = 3000;
const NAV_TIMEOUT_MS = 20_000;

function describeDraft(frame: BrowserFrame, d: Draft): string[] {
  const list = (fields: { ref: string; tag: string; name: string }[], total: number): string => {
    const shown = fields
      .slice(0, 4)
      .map((f) => printLine({ role: f.tag, ...(f.name ? { name: f.name } : {}), ref: qualifyRef(frame.id, f.ref) }));
    return shown.join(', ') + (total > shown.length ? ` and ${total - shown.length} more` : '');
  };
  const out: string[] = [];
  if (d.totals.changed > 0)
    out.push(`${d.totals.changed} changed field(s): ${list(d.changedFields, d.totals.changed)}`);
  if (d.totals.files > 0)
    out.push(`${d.totals.files} file input(s) with attached files: ${list(d.attachedFiles, d.totals.files)}`);
  if (d.totals.regions > 0)
    out.push(`${d.totals.regions} edited text region(s): ${list(d.editedRegions, d.totals.regions)}`);
  if (d.totals.unverified > 0)
    out.push(
      `${d.totals.unverified} unverified edit(s) in widgets whose state cannot be compared: ${list(d.unverifiedEdits, d.totals.unverified)}`,
    );
  return out;
}

async function inspectFrame(tabId: number, frame: BrowserFrame): Promise<FrameDraftReport> {
  const reply = await withTimeout(
    sendToContent(tabId, { type: 'tool', tool: 'frame_state', args: {} }, frame.chromeFrameId),
    STATE_TIMEOUT_MS,
    () => err('timeout', `no answer within ${STATE_TIMEOUT_MS} ms`),
  );
  const base = { frameId: frame.id, url: sanitizeUrl(frame.url) };
  if (!reply.ok) return { ...base, problems: [`its state cannot be inspected (${reply.error.message})`] };
  const draft = DraftSchema.safeParse(reply.data);
  if (!draft.success) return { ...base, problems: ['its state cannot be inspected (malformed reply)'] };
  return { ...base, problems: describeDraft(frame, draft.data) };
}

/** The frame and every frame nested inside it: all of them are discarded with the embedding page. */
function subtree(frames: readonly BrowserFrame[], root: BrowserFrame): BrowserFrame[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    const cur = out[i];
    if (cur) out.push(...frames.filter((f) => f.parentChromeFrameId === cur.chromeFrameId));
  }
  return out;
}

function promotable(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'file:';
  } catch {
    return false;
  }
}

/** Resolves when the tab's main frame finishes loading `url` (or fails), or after a timeout. */
function waitForMainFrame(tabId: number): { done: Promise<Result<string>>; cancel: () => void } {
  let cancel = (): void => undefined;
  const done = new Promise<Result<string>>((resolve) => {
    // Only a load that committed after our update counts: the old page may still be finishing its own.
    let committed = false;
    const onCommitted = (d: chrome.webNavigation.WebNavigationTransitionCallbackDetails): void => {
      if (d.tabId === tabId && d.frameId === 0) committed = true;
    };
    const onCompleted = (d: chrome.webNavigation.WebNavigationFramedCallbackDetails): void => {
      if (committed && d.tabId === tabId && d.frameId === 0) finish(ok(d.url));
    };
    const onError = (d: chrome.webNavigation.WebNavigationFramedErrorCallbackDetails): void => {
      if (d.tabId === tabId && d.frameId === 0 && d.error !== 'net::ERR_ABORTED')
        finish(err('navigation_failed', `the frame's page failed to load: ${d.error}`));
    };
    const timer = setTimeout(
      () =>
        finish(
          err(
            'navigation_timeout',
            `the page did not finish loading within ${NAV_TIMEOUT_MS / 1000} s; read it anyway, it may still be usable`,
          ),
        ),
      NAV_TIMEOUT_MS,
    );
    const finish = (r: Result<string>): void => {
      clearTimeout(timer);
      chrome.webNavigation.onCommitted.removeListener(onCommitted);
      chrome.webNavigation.onCompleted.removeListener(onCompleted);
      chrome.webNavigation.onErrorOccurred.removeListener(onError);
      resolve(r);
    };
    cancel = () => finish(err('cancelled', 'cancelled'));
    chrome.webNavigation.onCommitted.addListener(onCommitted);
    chrome.webNavigation.onCompleted.addListener(onCompleted);
    chrome.webNavigation.onErrorOccurred.addListener(onError);
  });
  return { done, cancel };
}

export async function promoteIframe(
  tabId: number,
  args: PromoteArgs,
  approvals?: ToolApprovals,
): Promise<Result<unknown>> {
  const synced = await syncFrames(tabId);
  if (!synced.ok) return synced;
  const frames = synced.data;
  const pick = pickFrame(frames, { urlFilter: args.urlFilter, matchIndex: args.matchIndex });
  if (!pick.ok) return pick;
  if (pick.data.kind === 'ambiguous') {
    return ok({
      navigated: false,
      reason: 'ambiguous',
      message: `${pick.data.matches.length} child frames match "${args.urlFilter}"; nothing was opened. Retry with matchIndex for the one you mean.`,
      matches: pick.data.matches.map((f, index) => ({ matchIndex: index, frameId: f.id, url: sanitizeUrl(f.url) })),
    });
  }
  const target = pick.data.frame;
  if (!promotable(target.url)) {
    return err(
      'not_promotable',
      `frame ${target.id} has no page of its own to open (${shortUrl(target.url)}: srcdoc/about:blank/data/blob frames only exist inside their parent). Use iframe_read and iframe_click/iframe_type on it instead.`,
    );
  }
  const embeddingUrl = frames.find((f) => f.chromeFrameId === 0)?.url ?? '';
  const inside = subtree(frames, target);
  const reports = await Promise.all(inside.map((f) => inspectFrame(tabId, f)));
  const blocked = reports.filter((r) => r.problems.length > 0);
  if (blocked.length > 0 && args.force !== true) {
    const detail = blocked
      .map((r) => `frame ${r.frameId} (${shortUrl(r.url, 60)}): ${r.problems.join('; ')}`)
      .join(' | ');
    return err(
      'iframe_has_draft',
      `not promoted: opening the frame would discard unsaved work. ${detail}. Finish or submit the embedded form (and verify it), or pass force:true only if the user explicitly wants to discard it.`,
    );
  }
  // The task's origin policy: opening a frame of another origin in the tab asks, showing its URL.
  // Asked before the re-check below, so a frame that navigates while the user reads is refused.
  const allowed = await approvals?.guardNavigation(target.url, 'Open the embedded page');
  if (allowed && !allowed.ok) return allowed;
  // Atomicity: the checks above took time; if the frame navigated or left meanwhile, do not open a URL
  // that no longer describes it.
  const again = await syncFrames(tabId);
  if (!again.ok) return again;
  const still = again.data.find((f) => f.id === target.id);
  if (!still || still.url !== target.url) {
    return err(
      'frame_changed',
      `frame ${target.id} changed while it was being checked (now: ${still ? shortUrl(still.url) : 'gone'}); frames now: ${describeFrames(again.data)}. Call promote_iframe again.`,
    );
  }
  const wait = waitForMainFrame(tabId);
  try {
    await chrome.tabs.update(tabId, { url: target.url });
  } catch (e) {
    wait.cancel();
    return err(
      'navigation_failed',
      `could not open ${sanitizeUrl(target.url)}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const loaded = await wait.done;
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  return ok({
    navigated: true,
    url: sanitizeUrl(tab?.url ?? target.url),
    title: tab?.title ?? '',
    promotedFrame: { frameId: target.id, url: sanitizeUrl(target.url) },
    embeddingUrl: sanitizeUrl(embeddingUrl),
    ...(blocked.length > 0 ? { discarded: blocked.map((r) => ({ frameId: r.frameId, problems: r.problems })) } : {}),
    ...(loaded.ok ? {} : { warning: loaded.error.message }),
    next: 'Refs from before are gone: read the page with get_accessibility_tree. go_back (or the browser Back button) returns to the embedding page.',
  });
}
