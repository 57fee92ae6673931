/**
 * The frame inventory the model sees (`get_frames`): the browser's frame list (chrome.webNavigation,
 * authoritative for URLs and parentage, cross-origin included) joined with what each frame's content
 * script says about itself (name, origin, title) and which `<iframe>` element in the parent hosts it.
 */
import { z } from 'zod';
import { err, errorMessage, ok, type Result } from '../../shared/result';
import { sendToContent } from '../content-bridge';
import { syncFrames, type BrowserFrame } from './frame-store';
import { qualifyRef } from './qualified-ref';
import { sanitizeUrl } from '../../shared/url-sanitize';
import { withTimeout } from '../../shared/timeout';
import { checkReply } from '../page-call';

const EmbeddedSchema = z.object({
  frameIndex: z.number().nullable(),
  ref: z.string(),
  tag: z.string(),
  name: z.string(),
  title: z.string(),
  src: z.string(),
  visible: z.boolean(),
  box: z.object({ x: z.number(), y: z.number() }),
});

const FrameInfoSchema = z.object({
  url: z.string(),
  origin: z.string(),
  name: z.string(),
  title: z.string(),
  readyState: z.string(),
  isTop: z.boolean(),
  indexInParent: z.number().nullable(),
  embedded: z.array(EmbeddedSchema),
});
type FrameInfo = z.infer<typeof FrameInfoSchema>;

export interface FrameEntry {
  frameId: string;
  parent: string | null;
  url: string;
  origin: string;
  name: string;
  title: string;
  /** Nesting depth: 0 for the main frame. */
  depth: number;
  /** The `<iframe>` element hosting this frame, as a ref usable in the parent frame. */
  element?: string;
  /** False when the iframe element has no box (hidden, zero-sized): usually a tracker, not content. */
  visible?: boolean;
  /** Whether Weaverbird's page scripts answer in this frame; when not, why. */
  scripts: 'ready' | string;
  /** Chrome's frameId, for people debugging with chrome.* APIs. */
  chromeFrameId: number;
}

/** How long one frame may take to answer before it is reported as not answering. */
const FRAME_TIMEOUT_MS = 3000;

/** frame_info from one frame, or an error value when it does not answer in time. */
export async function askFrame(tabId: number, frame: BrowserFrame): Promise<Result<FrameInfo>> {
  const reply = await withTimeout(
    sendToContent(tabId, { type: 'tool', tool: 'frame_info', args: {} }, frame.chromeFrameId),
    FRAME_TIMEOUT_MS,
    () => ({ ok: false as const, error: { code: 'timeout', message: `no answer within ${FRAME_TIMEOUT_MS} ms` } }),
  );
  return checkReply(reply, FrameInfoSchema, 'frame_info reply');
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * Where a frame's viewport starts in the top-level viewport: the sum of its ancestors' iframe content
 * boxes. CDP Input events take top-level coordinates, while a child frame measures in its own.
 * Transforms on iframe elements are not accounted for.
 */
export async function frameOffset(tabId: number, chromeFrameId: number): Promise<Result<{ x: number; y: number }>> {
  if (chromeFrameId === 0) return ok({ x: 0, y: 0 });
  const synced = await syncFrames(tabId);
  if (!synced.ok) return synced;
  const byChrome = new Map(synced.data.map((f) => [f.chromeFrameId, f]));
  let x = 0;
  let y = 0;
  let current = byChrome.get(chromeFrameId);
  for (let guard = 0; current && current.parentChromeFrameId >= 0 && guard < 32; guard++) {
    const parent = byChrome.get(current.parentChromeFrameId);
    if (!parent) break;
    const [info, own] = await Promise.all([askFrame(tabId, parent), askFrame(tabId, current)]);
    if (!info.ok)
      return err(
        'frame_offset',
        `cannot place frame ${current.id} on screen: its parent ${parent.id} does not answer (${info.error.message})`,
      );
    const index = own.ok ? own.data.indexInParent : null;
    const host = index === null ? undefined : info.data.embedded.find((e) => e.frameIndex === index);
    if (!host)
      return err(
        'frame_offset',
        `cannot place frame ${current.id} on screen: its <iframe> was not found in ${parent.id}`,
      );
    x += host.box.x;
    y += host.box.y;
    current = parent;
  }
  return ok({ x, y });
}

export async function frameInventory(tabId: number): Promise<Result<FrameEntry[]>> {
  const synced = await syncFrames(tabId);
  if (!synced.ok) return synced;
  const frames = synced.data;
  const infos = await Promise.all(
    frames.map((f) =>
      askFrame(tabId, f).catch((e: unknown) => ({
        ok: false as const,
        error: { code: 'failed', message: errorMessage(e) },
      })),
    ),
  );
  const byChrome = new Map(frames.map((f, i) => [f.chromeFrameId, { frame: f, info: infos[i] }]));
  // Which <iframe> element (by its ref in the parent frame) hosts each child frame.
  // The join key is the child's index in its parent's window.frames (see content-scripts/frames/frame-info.ts).
  const hostOf = new Map<number, { ref: string; visible: boolean; name: string; title: string }>();
  for (const f of frames) {
    const own = byChrome.get(f.chromeFrameId)?.info;
    const parent = byChrome.get(f.parentChromeFrameId);
    if (!own?.ok || own.data.indexInParent === null || !parent?.info?.ok) continue;
    const index = own.data.indexInParent;
    const e = parent.info.data.embedded.find((x) => x.frameIndex === index);
    if (e)
      hostOf.set(f.chromeFrameId, {
        ref: qualifyRef(parent.frame.id, e.ref),
        visible: e.visible,
        name: e.name,
        title: e.title,
      });
  }
  const depthOf = (f: BrowserFrame): number => {
    let d = 0;
    let parent = f.parentChromeFrameId;
    while (parent >= 0 && d < 64) {
      d++;
      parent = byChrome.get(parent)?.frame.parentChromeFrameId ?? -1;
    }
    return d;
  };
  const entries = frames.map((f, i): FrameEntry => {
    const info = infos[i];
    const host = hostOf.get(f.chromeFrameId);
    const entry: FrameEntry = {
      frameId: f.id,
      parent: f.parent,
      url: sanitizeUrl(f.url),
      origin: info?.ok ? info.data.origin : originOf(f.url),
      name: info?.ok ? info.data.name : (host?.name ?? ''),
      title: info?.ok ? info.data.title : (host?.title ?? ''),
      depth: depthOf(f),
      scripts: info?.ok ? 'ready' : `not answering: ${info?.error.message ?? 'unknown'}`,
      chromeFrameId: f.chromeFrameId,
    };
    if (host) {
      entry.element = host.ref;
      entry.visible = host.visible;
    }
    return entry;
  });
  return ok(entries);
}
