/**
 * The requests an action caused, in its result (issue 25): `POST /api/orders → 422`. The worker sees
 * them through the shared observe-only request tap (background/observe/tab-requests.ts) with method
 * and status, which the page cannot. When the action sent requests, the worker waits for their
 * responses (up to 2 s from the action's start) and then collects the page's late observation (token
 * `late`, content-scripts/actions/observe.ts): what the responses changed, such as the toast after a
 * 422. An action that sent nothing pays nothing more than the subscription.
 *
 * Only what a person would call "what the click did" is listed: fetch/XHR, beacons, form posts and
 * other non-GET documents; not images, scripts, styles or fonts, and not third-party telemetry.
 * URLs are sanitized (shared/url-sanitize.ts): the page's own origin prints as a path, never a query.
 */
import { ObservationReportSchema, type Changes } from '../../../shared/tools/action-results';
import { ok, type Result } from '../../../shared/result';
import { LATE_OBSERVATION_TOKEN } from '../../../shared/tools/actions';
import { monotonicMs, sleep } from '../../../shared/timeout';
import { sanitizeUrl } from '../../../shared/url-sanitize';
import { sendToContent } from '../../content-bridge';
import { settledDownloads, summarize, watchDownloads, type DownloadWatch } from '../../observe/downloads';
import { subscribeTabRequests, type RequestEvent } from '../../observe/tab-requests';
import { isTelemetry } from './activity-watch';
import { DOWNLOAD_LINK_HINT } from '../../../shared/tools/action-results';

/** Lines a result carries: a pointer to what happened, `network_read` has the rest. */
const MAX_LINES = 4;
/** The responses an action waits for: what appears within 2 s (issue 25). */
const WAIT_CAP_MS = 2000;
const POLL_MS = 15;
const FETCH_TYPES = new Set(['xmlhttprequest', 'ping', 'websocket', 'other']);
const DOCUMENT_TYPES = new Set(['main_frame', 'sub_frame']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ActionRequest {
  method: string;
  url: string;
  type: string;
  initiator?: string;
  status?: number;
  error?: string;
  done: boolean;
}

/** Whether a request is part of what the action did, by type, method and host. */
export function isActionRequest(r: Pick<ActionRequest, 'method' | 'url' | 'type' | 'initiator'>): boolean {
  if (DOCUMENT_TYPES.has(r.type)) return !READ_METHODS.has(r.method.toUpperCase());
  if (!FETCH_TYPES.has(r.type)) return false;
  return !isTelemetry(r.url, r.initiator);
}

function where(url: string, initiator: string | undefined): string {
  try {
    const u = new URL(url);
    // Same origin as the page that sent it: the path says it all.
    return sanitizeUrl(u.origin === initiator ? u.pathname : `${u.origin}${u.pathname}`);
  } catch {
    return sanitizeUrl(url);
  }
}

/** `POST /api/orders → 422`, `GET /api/search → failed (net::ERR_FAILED)`, `POST /api/x → pending`. */
export function requestLines(reqs: readonly ActionRequest[]): string[] {
  const lines = reqs.slice(0, MAX_LINES).map((r) => {
    const outcome =
      r.status !== undefined ? String(r.status) : r.error !== undefined ? `failed (${r.error})` : 'pending';
    return `${r.method.toUpperCase()} ${where(r.url, r.initiator)} → ${outcome}`;
  });
  if (reqs.length > MAX_LINES) lines.push(`(+${reqs.length - MAX_LINES} more; network_read lists them)`);
  return lines;
}

interface EvidenceWatch {
  /** Requests seen so far (copies). */
  requests(): ActionRequest[];
  stop(): void;
}

/**
 * Only the requests of the frame the action ran in (webRequest's `frameId` is the frame that sent a
 * subresource request): a click on a host page can make a cross-origin frame fetch a path that names
 * that site's data, which must not reach the model unasked (docs/security-reads.md, provenance; red
 * team `reads-click-evidence-frame-requests`).
 */
function watchActionRequests(tabId: number, frameId: number): EvidenceWatch {
  const seen = new Map<string, ActionRequest>();
  const onEvent = (e: RequestEvent): void => {
    if (e.kind === 'start') {
      if (e.frameId !== frameId) return;
      const req: ActionRequest = { method: e.method, url: e.url, type: e.type, done: false };
      if (e.initiator !== undefined) req.initiator = e.initiator;
      if (isActionRequest(req)) seen.set(e.requestId, req);
      return;
    }
    const req = seen.get(e.requestId);
    if (!req) return;
    if (e.kind === 'headers') req.status = e.statusCode;
    else if (e.kind === 'done') {
      req.status = e.statusCode;
      req.done = true;
    } else if (e.kind === 'error') {
      req.error = e.error;
      req.done = true;
    }
  };
  const unsubscribe = subscribeTabRequests(tabId, onEvent);
  return {
    requests: () => [...seen.values()].map((r) => ({ ...r })),
    stop: unsubscribe,
  };
}

interface WithChanges {
  changes: Changes;
  verified?: boolean;
  diagnostics?: string[];
  hint?: string;
}

function hasChanges(v: unknown): v is WithChanges {
  return typeof v === 'object' && v !== null && 'changes' in v && typeof v.changes === 'object' && v.changes !== null;
}

function isScrollResult(v: unknown): v is { atEnd: boolean; appeared?: string[] } {
  return typeof v === 'object' && v !== null && 'atEnd' in v && typeof v.atEnd === 'boolean';
}

/**
 * Adds the action's requests to its result; when it sent any, waits for their responses and merges
 * the page's late observation (what they changed). `data` is returned as given when it has no `changes`.
 */
async function addEvidence<T>(
  watch: EvidenceWatch,
  startedAt: number,
  tabId: number,
  frameId: number | undefined,
  data: T,
): Promise<T> {
  if (watch.requests().length === 0 || !(hasChanges(data) || isScrollResult(data))) {
    watch.stop();
    return data;
  }
  while (watch.requests().some((r) => !r.done) && monotonicMs() - startedAt < WAIT_CAP_MS) await sleep(POLL_MS);
  const reqs = watch.requests();
  watch.stop();
  // A navigation took the page (and its observation) away: nothing late to hear from it.
  const navigated = hasChanges(data) && data.changes.url !== undefined;
  const lateReply = navigated
    ? null
    : await sendToContent(
        tabId,
        { type: 'tool', tool: 'action_observe', args: { token: LATE_OBSERVATION_TOKEN, action: 'collect' } },
        frameId,
      );
  const late = lateReply?.ok ? ObservationReportSchema.safeParse(lateReply.data) : null;
  if (!hasChanges(data)) {
    // A scroll that made a feed fetch more: what the response added.
    const appeared = late?.success ? late.data.changes.appeared : undefined;
    if (appeared && isScrollResult(data)) data.appeared = appeared;
    return data;
  }
  const out: WithChanges = { ...data };
  if (late?.success) out.changes = { ...data.changes, ...late.data.changes };
  // A write the action sent is the handler doing its work (the CDP veto reads it the same way:
  // activity-watch.ts); a late change of the target or what it controls is progress too.
  const wrote = reqs.some((r) => !READ_METHODS.has(r.method.toUpperCase()));
  if (out.verified === false && (wrote || (late?.success && late.data.progress.length > 0))) {
    out.verified = true;
    // The page-side "nothing seen yet" hint no longer holds; a veto's advice to re-read still does.
    if (out.hint?.startsWith('no visible change yet')) delete out.hint;
  }
  out.changes = { ...out.changes, requests: requestLines(reqs) };
  return Object.assign(data, out);
}

/** Runs one page action with its requests watched, and adds them (and what their responses changed) to its result. */
export async function withEvidence<T>(
  tabId: number,
  frameId: number | undefined,
  run: () => Promise<Result<T>>,
): Promise<Result<T>> {
  const startedAt = monotonicMs();
  const watch = watchActionRequests(tabId, frameId ?? 0);
  const downloads = watchDownloads(tabId);
  let result: Result<T>;
  try {
    result = await run();
  } catch (e) {
    watch.stop();
    downloads.stop();
    throw e;
  }
  if (!result.ok) {
    watch.stop();
    downloads.stop();
    return result;
  }
  const data = await addEvidence(watch, startedAt, tabId, frameId, result.data);
  return ok(await addDownloads(downloads, startedAt, data));
}

function isDownloadLinkClick(data: unknown): boolean {
  return typeof data === 'object' && data !== null && Reflect.get(data, 'hint') === DOWNLOAD_LINK_HINT;
}

/**
 * The files the action downloaded: `downloads: [{id, name, size, state, path, mime}]`, waited for
 * (within the same 2 s as the requests) until complete, so the size is the file's. `read_download
 * {id}` reads a text one back.
 */
async function addDownloads<T>(watch: DownloadWatch, startedAt: number, data: T): Promise<T> {
  // An attachment response whose download Chrome has not created yet: wait for it (within the cap).
  // A click on an `<a download>` link waits for one too: Firefox's tab request log does not always
  // show the response before the click returns (measured: 1 run in 3 listed no download).
  const expected = (): number => Math.max(watch.attachments(), isDownloadLinkClick(data) ? 1 : 0);
  while (watch.ids().length < expected() && monotonicMs() - startedAt < WAIT_CAP_MS) await sleep(POLL_MS);
  watch.stop();
  const ids = watch.ids();
  if (ids.length === 0 || typeof data !== 'object' || data === null) return data;
  const items = await settledDownloads(ids, Math.max(0, WAIT_CAP_MS - (monotonicMs() - startedAt)));
  return Object.assign(data, { downloads: items.map(summarize) });
}
