/**
 * WebSocket frames in `watch` (issue 28; the seed's ws_read). The webRequest tap sees a socket's
 * handshake only, never its messages; CDP's Network domain reports them
 * (Network.webSocketFrameSent / webSocketFrameReceived). Weaverbird attaches no debugger for this:
 * frames are recorded only while the task's tab already has the Network domain on, which is when the
 * user turned response bodies on (network-bodies.ts holds it for the task, the debugger bar showing).
 *
 * A frame is page data like a response body, under the same rules as `network_body`: only frames of a
 * socket whose origin the task may read (the read gate's `url`, judged, never asked; ws: and wss: are
 * judged as http: and https:, the origin a WebSocket URL has, WHATWG URL §4.5 / Fetch "WebSocket"),
 * credentials blanked (shared/body-redact.ts), each cut short. Frames of other sites, and of sockets
 * opened before the task began (their URL was never seen, so their origin cannot be judged), are only
 * counted.
 */
import { redactBody } from '../../shared/body-redact';
import { isRecord, ok, type Result } from '../../shared/result';
import { cut } from '../../shared/text';
import { sanitizeUrl } from '../../shared/url-sanitize';
import { on } from '../cdp/cdp-client';
import { capturing, socketUrl } from './network-bodies';

/** Frames listed at most, and the characters of each the model reads. */
const MAX_FRAMES = 20;
const FRAME_CHARS = 300;
/** A payload longer than this is not redacted or shown: only its size. */
const MAX_PAYLOAD = 65_536;

export interface WsFrameLine {
  atMs: number;
  dir: 'sent' | 'received';
  /** The socket's URL, sanitized (no query, no id-shaped segments). */
  socket: string;
  text?: string;
  bytes?: number;
}

interface WsReport {
  frames: WsFrameLine[];
  /** Frames past MAX_FRAMES. */
  more?: number;
  /** Frames of sockets to sites this task does not read, or opened before the task: not shown. */
  notShown?: string;
}

interface Raw {
  at: number;
  dir: 'sent' | 'received';
  cdpId: string;
  opcode: number;
  payload: string;
}

export interface WsTap {
  stop(): void;
  /** The window's frames, judged by `allowed` (the read gate's `url`). */
  report(startedAt: number, allowed: (url: string) => Promise<Result<true>>): Promise<WsReport>;
}

function rawFrame(p: unknown, dir: Raw['dir']): Raw | null {
  if (!isRecord(p) || typeof p.requestId !== 'string' || !isRecord(p.response)) return null;
  const { opcode, payloadData } = p.response;
  if (typeof opcode !== 'number' || typeof payloadData !== 'string') return null;
  return { at: Date.now(), dir, cdpId: p.requestId, opcode, payload: payloadData };
}

/** The origin a WebSocket URL is judged by: ws → http, wss → https (same host and port). */
export function socketHttpUrl(url: string): string {
  return url.replace(/^ws(s?):/i, 'http$1:');
}

export function frameLine(r: Raw, url: string, startedAt: number): WsFrameLine {
  const base = { atMs: Math.max(0, r.at - startedAt), dir: r.dir, socket: sanitizeUrl(socketHttpUrl(url)) };
  // Opcode 1 is text; anything else (2: binary, base64 in CDP) is reported by size only (RFC 6455 §5.2).
  if (r.opcode !== 1) return { ...base, bytes: Math.floor((r.payload.length * 3) / 4) };
  if (r.payload.length > MAX_PAYLOAD) return { ...base, bytes: r.payload.length };
  return { ...base, text: cut(redactBody(r.payload).text, FRAME_CHARS) };
}

/** Records the tab's WebSocket frames until `stop`, or null when the tab's Network domain is off. */
export function openWsTap(tabId: number): WsTap | null {
  if (!capturing(tabId)) return null;
  const raws: Raw[] = [];
  let seen = 0;
  const keep = (r: Raw | null): void => {
    if (!r) return;
    seen += 1;
    // A few more than shown: some may be of sockets that are not shown.
    if (raws.length < MAX_FRAMES * 5) raws.push(r);
  };
  const unsubs = [
    on(tabId, 'Network.webSocketFrameSent', (p) => keep(rawFrame(p, 'sent'))),
    on(tabId, 'Network.webSocketFrameReceived', (p) => keep(rawFrame(p, 'received'))),
  ];
  return {
    stop: () => unsubs.forEach((u) => u()),
    async report(startedAt, allowed) {
      const judged = new Map<string, boolean>();
      const frames: WsFrameLine[] = [];
      let hidden = 0;
      for (const r of raws) {
        const url = socketUrl(tabId, r.cdpId);
        if (url === null) {
          hidden += 1;
          continue;
        }
        if (!judged.has(url)) judged.set(url, (await allowed(socketHttpUrl(url))).ok);
        if (judged.get(url) === true) frames.push(frameLine(r, url, startedAt));
        else hidden += 1;
      }
      const shown = frames.slice(0, MAX_FRAMES);
      const more = seen - raws.length + Math.max(0, frames.length - MAX_FRAMES);
      return {
        frames: shown,
        ...(more > 0 ? { more } : {}),
        ...(hidden > 0
          ? { notShown: `${hidden} frame(s) of sockets to other sites, or opened before the task: not read` }
          : {}),
      };
    },
  };
}

/** Judges nothing: a call without a task (the user's own console) reads freely. */
export const readAll = async (): Promise<Result<true>> => ok(true);
