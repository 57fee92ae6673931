/**
 * A page and a WebSocket endpoint on one origin, for `watch`'s WebSocket frames (issue 28): GET / serves
 * `html`, GET /socket upgrades (RFC 6455 §4.2.2 handshake) and answers every text frame with
 * `reply(text)`. Small frames only (under 64 KiB): enough for a chat fixture, no dependency.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface WsServer {
  origin: string;
  close(): Promise<void>;
}

/** An unmasked server text frame (§5.2: FIN + opcode 1, 7- or 16-bit length). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const head =
    payload.length < 126
      ? Buffer.from([0x81, payload.length])
      : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([head, payload]);
}

/** The client's text frames in `buf` (always masked, §5.3); a close frame ends the socket. */
function readFrames(buf: Buffer, socket: Duplex, onText: (t: string) => void): void {
  let at = 0;
  while (at + 6 <= buf.length) {
    const opcode = (buf[at] ?? 0) & 0x0f;
    let len = (buf[at + 1] ?? 0) & 0x7f;
    let off = at + 2;
    if (len === 126) [len, off] = [buf.readUInt16BE(off), off + 2];
    const mask = buf.subarray(off, off + 4);
    const data = Buffer.from(buf.subarray(off + 4, off + 4 + len));
    for (let i = 0; i < data.length; i++) data[i] = (data[i] ?? 0) ^ (mask[i % 4] ?? 0);
    if (opcode === 8) return void socket.end();
    if (opcode === 1) onText(data.toString('utf8'));
    at = off + 4 + len;
  }
}

/**
 * Completes a WebSocket handshake on an upgraded request and answers every text frame with
 * `reply(text)`; `greet`, when given, is sent 250 ms after the socket opens (a server that speaks first).
 */
export function acceptSocket(
  req: http.IncomingMessage,
  socket: Duplex,
  reply: (text: string) => string,
  greet?: string,
): void {
  const accept = createHash('sha1')
    .update(`${String(req.headers['sec-websocket-key'])}${GUID}`)
    .digest('base64');
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  socket.on('error', () => undefined);
  socket.on('data', (buf: Buffer) => readFrames(buf, socket, (t) => socket.write(textFrame(reply(t)))));
  if (greet !== undefined) setTimeout(() => socket.writable && socket.write(textFrame(greet)), 250);
}

export async function startWsServer(html: string, reply: (text: string) => string): Promise<WsServer> {
  const sockets = new Set<Duplex>();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  server.on('upgrade', (req, socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    acceptSocket(req, socket, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('ws server has no TCP address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
