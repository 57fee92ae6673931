/**
 * The page tree does not contain iframe content (each frame has its own document and ref space), so a
 * read of the main page names the child frames it leaves out and how to read them. This is how models
 * that are not offered get_frames (Compact tier) learn the frame ids iframe_read takes.
 */
import { capPageText } from '../../shared/fence';
import type { BrowserFrame } from './frame-store';
import { MAIN_FRAME_ID } from './frame-ids';

/** Enough for real pages (ads and widgets rarely come in dozens); the rest is counted. */
const MAX_LISTED = 8;
const URL_MAX = 80;

/**
 * `outside`: Chrome frame ids whose origin is not the task's (background/policy/read-gate.ts): they are
 * listed without content, marked, so the model knows reading them asks the user first.
 */
export function childFramesNote(
  frames: readonly BrowserFrame[],
  outside: ReadonlySet<number> = new Set(),
): string | undefined {
  const children = frames.filter((f) => f.id !== MAIN_FRAME_ID && !f.errorOccurred && !f.id.startsWith('f?'));
  if (children.length === 0) return undefined;
  const listed = children
    .slice(0, MAX_LISTED)
    .map(
      (f) =>
        `${f.id} ${capPageText(f.url, URL_MAX) || '(no url)'}${f.parent && f.parent !== MAIN_FRAME_ID ? ` (in ${f.parent})` : ''}${outside.has(f.chromeFrameId) ? ' (another site: reading it asks the user)' : ''}`,
    );
  const more = children.length > MAX_LISTED ? ` and ${children.length - MAX_LISTED} more` : '';
  const first = children[0]?.id ?? 'f1';
  return `${children.length} child frame(s) are not in this tree: ${listed.join('; ')}${more}. Read one with iframe_read {"frameId":"${first}"}.`;
}
