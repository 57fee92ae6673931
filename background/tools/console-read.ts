import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { captureConsole, type ConsoleCapture } from '../observe/console-capture';
import { atLevel, CONSOLE_LEVELS, type ConsoleEntry, type ConsoleLevel } from '../observe/console-format';
import { defineTool } from './define-tool';
import { FrameIdArg } from './page-target';
import { findFrame } from '../frames/frame-store';
import { checkRead } from '../policy/read-gate';
import { readPageConsole, type ConsoleReadReport } from '../observe/page-console';
import { BROWSER, HAS_CDP } from '../../shared/browser-target';

const MAX_LIMIT = 500;

/** The CDP frame id of a Chrome (webNavigation) frame id: the main frame, or the one frame with its URL. */
async function cdpFrameOf(tabId: number, frameId: number, cap: ConsoleCapture): Promise<Result<string>> {
  if (frameId === 0 && cap.mainFrame) return ok(cap.mainFrame);
  const frame = await chrome.webNavigation.getFrame({ tabId, frameId }).catch(() => null);
  if (!frame) return err('bad_frame', `frame ${frameId} is not in this tab; get_frames lists the frames`);
  const same = cap.frames.filter((f) => f.url === frame.url);
  if (same.length === 1 && same[0]) return ok(same[0].id);
  if (same.length === 0) {
    return err(
      'frame_unreachable',
      `frame ${frameId} runs in another process (a cross-site iframe): its console is not readable from the tab; omit frameId to read the page's console`,
    );
  }
  return err(
    'ambiguous_frame',
    `several frames load the same document as frame ${frameId}; omit frameId to read them all`,
  );
}

export type { ConsoleReadReport };

/** Shared with `watch`: the page's console, filtered, oldest first. */
export async function readConsole(
  tabId: number,
  opts: { level: ConsoleLevel; limit: number; frameId?: number; since?: number },
): Promise<Result<ConsoleReadReport>> {
  const cap = await captureConsole(tabId);
  if (!cap.ok) return cap;
  let frame: string | undefined;
  if (opts.frameId !== undefined) {
    const f = await cdpFrameOf(tabId, opts.frameId, cap.data);
    if (!f.ok) return f;
    frame = f.data;
  }
  const pageEntry = (e: ConsoleEntry): boolean => {
    // Browser entries (failed loads, violations) carry no context: they belong to the whole tab.
    if (e.contextId === undefined) return e.source === 'browser' ? frame === undefined : true;
    const ctxFrame = cap.data.contexts.get(e.contextId);
    if (ctxFrame === undefined) return false; // an isolated world (content scripts), not the page
    return frame === undefined || ctxFrame === frame;
  };
  const matching = cap.data.entries
    .filter((e) => pageEntry(e) && atLevel(e, opts.level) && (opts.since === undefined || e.ts >= opts.since))
    .sort((a, b) => a.ts - b.ts);
  const messages = matching.slice(-opts.limit).map(({ contextId: _drop, ...rest }) => rest);
  const out: ConsoleReadReport = { matching: matching.length, messages };
  if (cap.data.frames.length > 1 && frame === undefined) {
    out.note = 'cross-site iframes log in their own process and are not included';
  }
  return ok(out);
}

export const consoleRead = defineTool({
  name: 'console_read',
  family: 'debug',
  description: HAS_CDP
    ? "The page's console messages and uncaught errors (including unhandled promise rejections and Chrome's own failed-load messages), including those logged before the task started, oldest first: {ts, type, source, text, at}. Texts over 8,192 characters are cut with a count; URLs are redacted. Use level:'error' to find why something failed. Briefly attaches Chrome's debugger (detached again after); fails with cdp_busy while DevTools is open on the tab."
    : "The page's console messages and uncaught errors (including unhandled promise rejections), oldest first: {ts, type, source, text, at}. Capture starts at the first console_read on a page: call it before the step you want to observe. Texts over 8,192 characters are cut with a count; URLs are redacted. Use level:'error' to find why something failed.",
  schema: z
    .object({
      limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe('newest messages to return (default 50)'),
      level: z.enum(CONSOLE_LEVELS).optional().describe('all (default), warning (warnings and errors), error'),
      frameId: FrameIdArg.optional().describe('only this frame, e.g. "f1" (from get_frames); default all'),
    })
    .strict(),
  modes: ['ask', 'act', 'dev'],
  // Chrome reads the console through CDP (Runtime/Log); Firefox through a main-world hook installed on
  // first use (background/observe/page-console.ts), which misses what was logged before it.
  tiers: ['mid', 'full'],
  readOnly: true,
  async handler(args, ctx) {
    // Frames are named as every frame tool names them (f0, f1…); Chrome's own frame number is internal.
    let chromeFrameId: number | undefined;
    if (args.frameId !== undefined) {
      const found = await findFrame(ctx.tabId, args.frameId);
      if (!found.ok) return found;
      chromeFrameId = found.data.frame.chromeFrameId;
    }
    // Without frameId the console of the page's own process is read: its frames are same-site.
    const allowed = await checkRead(ctx.reads, ctx.tabId, chromeFrameId ?? 0);
    if (!allowed.ok) return allowed;
    if (BROWSER === 'firefox')
      return readPageConsole(ctx.tabId, chromeFrameId ?? 0, { level: args.level ?? 'all', limit: args.limit ?? 50 });
    return readConsole(ctx.tabId, {
      level: args.level ?? 'all',
      limit: args.limit ?? 50,
      ...(chromeFrameId !== undefined ? { frameId: chromeFrameId } : {}),
    });
  },
});
