/**
 * What `network_read` and `watch` tell the model about requests: one compact line per request and a
 * summary by type. Images, fonts, stylesheets, media and beacons are counted under "other": they are
 * rarely why a task failed, and a page loads hundreds of them. Pure.
 */
import type { NetEntry } from './network-log';

export const NET_FILTERS = ['all', 'failed', 'mutations'] as const;
export type NetFilter = (typeof NET_FILTERS)[number];

// RFC 9110 §9.2.1: the safe methods; anything else may change server state.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SUMMARY_TYPES = new Set(['document', 'frame', 'xhr', 'script', 'websocket']);

export function isFailed(e: NetEntry): boolean {
  return e.error !== undefined || (e.status !== undefined && e.status >= 400);
}

export function isMutation(e: NetEntry): boolean {
  return !SAFE_METHODS.has(e.method.toUpperCase());
}

export function foldType(type: string): string {
  return SUMMARY_TYPES.has(type) ? type : 'other';
}

export interface NetSummary {
  requests: number;
  byType: Record<string, number>;
  failed: number;
  mutations: number;
  pending: number;
}

export function summarize(entries: readonly NetEntry[]): NetSummary {
  const byType: Record<string, number> = {};
  let failed = 0;
  let mutations = 0;
  let pending = 0;
  for (const e of entries) {
    const t = foldType(e.type);
    byType[t] = (byType[t] ?? 0) + 1;
    if (isFailed(e)) failed += 1;
    if (isMutation(e)) mutations += 1;
    if (e.status === undefined && e.error === undefined) pending += 1;
  }
  return { requests: entries.length, byType, failed, mutations, pending };
}

/** `#812 POST 422 xhr 35ms http://127.0.0.1:8080/api/orders/:id` (#id: webRequest's, for network_body) or `GET failed script 3ms … (net::ERR_…)`. */
export function requestLine(e: NetEntry): string {
  const status = e.status !== undefined ? String(e.status) : e.error !== undefined ? 'failed' : 'pending';
  const ms = e.ms !== undefined ? ` ${e.ms}ms` : '';
  const error = e.error !== undefined ? ` (${e.error})` : '';
  return `${e.id !== undefined ? `#${e.id} ` : ''}${e.method} ${status} ${e.type}${ms} ${e.url}${error}`;
}

export interface NetworkReport {
  /** Epoch ms the log started (the task's start, or a resume after a worker restart). */
  since: number;
  /** Requests seen since then; the ring keeps the newest `kept`. */
  seen: number;
  kept: number;
  summary: NetSummary;
  filter: NetFilter;
  /** How many requests match the filter; `requests` holds the newest `limit` of them, oldest first. */
  matching: number;
  requests: string[];
}

export function networkReport(
  entries: readonly NetEntry[],
  opts: { since: number; seen: number; filter: NetFilter; limit: number },
): NetworkReport {
  const matching = entries.filter((e) =>
    opts.filter === 'failed' ? isFailed(e) : opts.filter === 'mutations' ? isMutation(e) : true,
  );
  return {
    since: opts.since,
    seen: opts.seen,
    kept: entries.length,
    summary: summarize(entries),
    filter: opts.filter,
    matching: matching.length,
    requests: matching.slice(-opts.limit).map(requestLine),
  };
}
