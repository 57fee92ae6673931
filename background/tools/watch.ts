import { z } from 'zod';
import { err, isRecord, ok } from '../../shared/result';
import { RegionsReply, startFrameWatches, stopFrameWatches } from './watch-frames';
import { sendToContent } from '../content-bridge';
import { openNetworkLog, type NetEntry } from '../observe/network-log';
import { openWsTap, readAll, type WsTap } from '../observe/ws-frames';
import type { ReadGate } from '../policy/read-gate';
import { isFailed, isMutation, requestLine, summarize } from '../observe/network-report';
import { readConsole } from './console-read';
import { checkRead } from '../policy/read-gate';
import { defineTool } from './define-tool';
import { sleep } from '../../shared/timeout';
import { checkReply } from '../page-call';

const MAX_DURATION_MS = 60_000;
/** Failed and mutating requests listed by name; the rest are only counted. */
const LISTED_REQUESTS = 10;

function frameNotes(watched: number, otherSites: number, lost: readonly string[]): Record<string, unknown> {
  return {
    ...(watched > 0 ? { framesWatched: watched } : {}),
    ...(otherSites > 0
      ? { framesNotWatched: `${otherSites} iframe(s) of other sites: read one with iframe_read (it asks the user)` }
      : {}),
    ...(lost.length > 0 ? { framesLost: `${lost.join(', ')} navigated or closed during the window` } : {}),
  };
}

/**
 * The window's WebSocket frames (background/observe/ws-frames.ts): listed when the tab's Network
 * domain is on for the task; otherwise, when a socket opened in the window, why they are not.
 */
async function socketPart(
  tap: WsTap | null,
  entries: readonly NetEntry[],
  startedAt: number,
  reads: ReadGate | undefined,
): Promise<Record<string, unknown>> {
  if (tap === null) {
    return entries.some((e) => e.type === 'websocket')
      ? { webSocket: 'frames are recorded only while the user has response bodies on (settings)' }
      : {};
  }
  const r = await tap.report(startedAt, reads ? (url) => reads.url(url, 'a WebSocket') : readAll);
  return r.frames.length > 0 || r.notShown !== undefined ? { webSocket: r } : {};
}

export const watchTool = defineTool({
  name: 'watch',
  family: 'debug',
  description:
    'Watches the page for durationMs without acting and reports what appeared and disappeared: dialogs, alerts, status messages, toasts, tooltips, as tree lines (same refs as the tree) with appearedAtMs/disappearedAtMs from the start (null: already there / still there), plus console errors and a network summary for the window. Use it after an action whose feedback is brief (a "Saved" toast, an error flash) or to wait for something to show up. Also watches the page banner, and iframes of sites the task reads (regions name their frame). The user can stop it.',
  schema: z
    .object({
      durationMs: z.number().int().min(100).max(MAX_DURATION_MS).describe('window length, up to 60000'),
      sampleMs: z.number().int().min(50).max(5_000).optional().describe('CSS-change sampling interval (default 250)'),
    })
    .strict(),
  // Watching changes nothing, so Ask mode has it too (issue 28: a live page updates on its own).
  // Compact models too (issue 28): it only reads, and in the debug family it costs Compact a name, not a schema.
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  async handler(args, ctx) {
    // The page's content is read like any other read: its origin must be one this task may read.
    const allowed = await checkRead(ctx.reads, ctx.tabId, 0);
    if (!allowed.ok) return allowed;
    const net = openNetworkLog(ctx.tabId);
    const sockets = openWsTap(ctx.tabId);
    try {
      const started = await sendToContent(ctx.tabId, {
        type: 'tool',
        tool: 'watch_regions',
        args: { op: 'start', sampleMs: args.sampleMs ?? 250 },
      });
      if (!started.ok) return started;
      const startedAt =
        isRecord(started.data) && typeof started.data.startedAt === 'number' ? started.data.startedAt : Date.now();
      const frames = await startFrameWatches(ctx.tabId, ctx.reads, args.sampleMs ?? 250);
      const finished = await sleep(Math.max(0, args.durationMs - (Date.now() - startedAt)), ctx.signal);
      const reply = await sendToContent(ctx.tabId, { type: 'tool', tool: 'watch_regions', args: { op: 'stop' } });
      const inFrames = await stopFrameWatches(ctx.tabId, frames.watched);
      if (!reply.ok) {
        return err(
          reply.error.code,
          `${reply.error.message}. The page probably navigated during the window; read it again before watching`,
        );
      }
      const regions = checkReply(reply, RegionsReply, 'watch report');
      if (!regions.ok) return regions;
      const entries = net.entries();
      const consoleRead = await readConsole(ctx.tabId, { level: 'warning', limit: 20, since: startedAt });
      const r = regions.data;
      const socketFrames = await socketPart(sockets, entries, r.startedAt, ctx.reads);
      const steady = r.steady + inFrames.steady;
      return ok({
        durationMs: r.endedAt - r.startedAt,
        ...(finished ? {} : { stoppedEarly: 'the user stopped the task' }),
        startedAt: r.startedAt,
        samples: r.samples,
        regions: [...r.regions, ...inFrames.regions],
        ...(steady > 0 ? { steadyRegions: steady } : {}),
        ...(r.capped || inFrames.capped ? { note: 'more than 50 regions appeared; the rest were not recorded' } : {}),
        ...frameNotes(frames.watched.length, frames.otherSites, inFrames.lost),
        console: consoleRead.ok
          ? {
              errors: consoleRead.data.messages.filter((m) => m.type === 'error').map((m) => m.text),
              warnings: consoleRead.data.messages.filter((m) => m.type === 'warning').length,
            }
          : { unavailable: consoleRead.error.message },
        network: {
          summary: summarize(entries),
          failed: entries.filter(isFailed).slice(0, LISTED_REQUESTS).map(requestLine),
          mutations: entries.filter(isMutation).slice(0, LISTED_REQUESTS).map(requestLine),
          ...socketFrames,
        },
      });
    } finally {
      net.stop();
      sockets?.stop();
    }
  },
});
