/**
 * URLs and provenance (issue 24): approving an origin approves it for navigation, not for carrying
 * page data. A navigation URL whose path, query or fragment holds a token the task read on *another*
 * origin carries that origin's data, and asks again even when its own origin is approved or is the
 * task's start. What was read where is the task's one provenance ledger (provenance.ts, kept in
 * chrome.storage.session so a worker restart keeps it); this file only turns a URL into the text it
 * can carry.
 *
 * Best effort by design: it catches text copied as read (reset codes, ids, keys), not text the model
 * re-encodes (docs/security-navigation.md).
 */
import { flowsInto } from './provenance';

export interface Carried {
  /** Where the text was read. */
  from: string;
  token: string;
}

/**
 * The part of a URL that can carry data (path, query, fragment), raw and decoded, with the URL's own
 * punctuation as spaces so a token between slashes or after `=` stands as a word of its own. Pure.
 */
export function urlPayload(url: URL): string {
  const raw = `${url.pathname}${url.search}${url.hash}`;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: the raw form is all there is.
  }
  return `${raw} ${decoded}`.replace(/[/?#&=;,]+/g, ' ');
}

/** Text read on another origin than the URL's own that the URL carries, or null. */
export async function carriedFrom(taskId: string, rawUrl: string): Promise<Carried | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  const flow = await flowsInto(taskId, urlPayload(url), url.origin);
  return flow ? { from: flow.from, token: flow.sample } : null;
}
