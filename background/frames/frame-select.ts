/** Picking one child frame by id or URL substring, with the ambiguity rule of promote_iframe. */
import { err, ok, type Result } from '../../shared/result';
import { MAIN_FRAME_ID } from './frame-ids';
import { shortUrl, type BrowserFrame } from './frame-store';

export interface FrameQuery {
  frameId?: string | undefined;
  urlFilter?: string | undefined;
  matchIndex?: number | undefined;
}

export type FramePick = { kind: 'one'; frame: BrowserFrame } | { kind: 'ambiguous'; matches: BrowserFrame[] };

export function describeFrames(frames: readonly BrowserFrame[]): string {
  return frames.map((f) => `${f.id} ${shortUrl(f.url)}`).join('; ') || '(none)';
}

/**
 * frameId picks exactly; urlFilter is a case-insensitive substring of a child frame's URL (the main
 * frame is never matched by URL: its URL often contains the same host). Several matches without a
 * matchIndex are returned as `ambiguous` so the caller can refuse to guess.
 */
export function pickFrame(frames: readonly BrowserFrame[], q: FrameQuery): Result<FramePick> {
  if (q.frameId !== undefined) {
    const frame = frames.find((f) => f.id === q.frameId);
    if (frame) return ok({ kind: 'one', frame });
    return err(
      'unknown_frame',
      `no frame ${q.frameId} on the page now; current frames: ${describeFrames(frames)}. Call get_frames for the current ids.`,
    );
  }
  const filter = (q.urlFilter ?? '').trim().toLowerCase();
  if (filter === '') return err('bad_arguments', 'give frameId (e.g. "f1") or a non-empty urlFilter');
  const children = frames.filter((f) => f.id !== MAIN_FRAME_ID);
  const matches = children.filter((f) => f.url.toLowerCase().includes(filter));
  if (matches.length === 0) {
    return err(
      'no_matching_frame',
      `no child frame's URL contains "${q.urlFilter ?? ''}"; child frames: ${describeFrames(children)}`,
    );
  }
  if (q.matchIndex !== undefined) {
    const frame = matches[q.matchIndex];
    if (frame) return ok({ kind: 'one', frame });
    return err(
      'bad_match_index',
      `matchIndex ${q.matchIndex} is out of range: ${matches.length} frames match "${q.urlFilter ?? ''}" (${describeFrames(matches)}); use 0..${matches.length - 1}`,
    );
  }
  if (matches.length > 1) return ok({ kind: 'ambiguous', matches });
  const only = matches[0];
  return only ? ok({ kind: 'one', frame: only }) : err('no_matching_frame', 'no match');
}
